package io.github.pgperf.junit;

import io.github.pgperf.connect.ConnectionSource;
import io.github.pgperf.init.InitOptions;
import io.github.pgperf.provision.Initialization;
import io.github.pgperf.provision.ProviderChoice;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.provision.ProvisionedServer;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.Target;

/**
 * The database a {@link PgPerfTest} class runs against: the server, why its provider was chosen,
 * and the schema holding pgbench's tables at the class's scale. Inject it as a test parameter.
 * Nothing here holds a password.
 */
public final class PgPerfDatabase {

  private final ProvisionedServer server;
  private final ProviderChoice choice;
  private final InitOptions initOptions;
  private final Initialization initialization;

  PgPerfDatabase(ProvisionedServer server, ProviderChoice choice, InitOptions initOptions,
      Initialization initialization) {
    this.server = server;
    this.choice = choice;
    this.initOptions = initOptions;
    this.initialization = initialization;
  }

  /** The server's JDBC URL (host, port, database), without user or password. */
  public String url() {
    return server.jdbcUrl();
  }

  /** Host, port, user and database, as results record them. */
  public Target target() {
    return server.target();
  }

  /** The provider that supplied the server. */
  public ProviderKind provider() {
    return choice.provider().kind();
  }

  /** Why that provider was chosen, one line, for example {@code EMBEDDED asked}. */
  public String providerReason() {
    return choice.reason();
  }

  /** The server's version, as {@code server_version} says. */
  public String version() {
    return server.version();
  }

  /**
   * The server's version and settings, including those its provider or the test set (its
   * provider settings), as results record them.
   */
  public ServerInfo serverInfo() {
    return server.serverInfo();
  }

  /** The schema holding pgbench's tables; connections from this class use it as search_path. */
  public String schema() {
    return initOptions.schema();
  }

  /** The scale factor of the tables. */
  public int scale() {
    return initOptions.scale();
  }

  /** The options the tables were initialized with. */
  public InitOptions initOptions() {
    return initOptions;
  }

  /**
   * Whether this class's request made the tables or found them already made (by an earlier class
   * of this run or, on an external server, by an earlier run).
   */
  public Initialization initialization() {
    return initialization;
  }

  /** Opens connections to the database with search_path set to {@link #schema()}. */
  public ConnectionSource connectionSource() {
    return server.connectionSource(schema());
  }

  /** One line: provider, version, URL, schema and scale, and why the provider was chosen. */
  @Override
  public String toString() {
    return provider() + " PostgreSQL " + version() + " at " + url() + ", schema \"" + schema()
        + "\", scale " + scale() + " (" + providerReason() + ")";
  }
}
