package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.provision.ProviderChoice;
import io.github.pgperf.internal.provision.ProvisionedServer;
import io.github.pgperf.provision.Initialization;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.Target;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The database a {@link PgPerfTest} class runs against: the server, why its provider was chosen,
 * the class's own schema (its connections' first search_path entry) and the schema of pgbench's
 * tables at the class's scale (the second). Inject it as a test parameter. Nothing here holds a
 * password.
 */
@API(status = STABLE, since = "0.1.0")
public final class PgPerfDatabase {

  private final ProvisionedServer server;
  private final ProviderChoice choice;
  private final ClassSchema schema;
  private final PgbenchTables pgbenchTables;

  PgPerfDatabase(
      ProvisionedServer server,
      ProviderChoice choice,
      ClassSchema schema,
      PgbenchTables pgbenchTables) {
    this.server = server;
    this.choice = choice;
    this.schema = schema;
    this.pgbenchTables = pgbenchTables;
  }

  /** The server itself, for the extension. */
  ProvisionedServer server() {
    return server;
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
   * The server's version and settings, including those its provider or the test set (its provider
   * settings), as results record them.
   */
  public ServerInfo serverInfo() {
    return server.serverInfo();
  }

  /**
   * The class's own schema: first on its connections' search_path, so the tables the class creates
   * go there. {@code pgperf_class_<simple class name>} unless the class names one ({@code schema});
   * pgperf creates it when missing and never drops it.
   */
  public String schema() {
    return schema.name();
  }

  /**
   * The schema of pgbench's tables, second on the search_path: it holds only those tables and
   * pgperf's record of their initialization.
   */
  public String pgbenchSchema() {
    return pgbenchTables.options().schema();
  }

  /** The scale factor of pgbench's tables (when they are made). */
  public int scale() {
    return pgbenchTables.options().scale();
  }

  /** The options pgbench's tables are (or will be) initialized with. */
  InitOptions initOptions() {
    return pgbenchTables.options();
  }

  /**
   * Whether this class made pgbench's tables, found them already made (by an earlier class of this
   * run or, on an external server, by an earlier run), or has not needed them so far.
   */
  public Initialization initialization() {
    return pgbenchTables.state();
  }

  /** pgbench's tables as this class needs them, made on first need. */
  PgbenchTables pgbenchTables() {
    return pgbenchTables;
  }

  /**
   * Opens connections to the database with search_path set to {@link #schema()}, then {@link
   * #pgbenchSchema()}.
   */
  ConnectionSource connectionSource() {
    return server.connectionSource(List.of(schema(), pgbenchSchema()));
  }

  /** One line: provider, version, URL, schema and scale, and why the provider was chosen. */
  @Override
  public String toString() {
    return provider()
        + " PostgreSQL "
        + version()
        + " at "
        + url()
        + ", schema \""
        + schema()
        + "\", pgbench's tables in \""
        + pgbenchSchema()
        + "\" at scale "
        + scale()
        + " ("
        + providerReason()
        + ")";
  }
}
