package io.github.pgperf.internal.provision;

import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.internal.connect.SessionSetup;
import io.github.pgperf.internal.init.InitException;
import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.init.Initializer;
import io.github.pgperf.provision.Initialization;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A schema that pgperf owns on a server: it holds pgbench's four tables and pgperf's {@code
 * pgperf_init} record, and nothing else. pgperf refuses to initialize into a schema that holds
 * other tables, views or foreign tables, so that pointing it at an application's schema cannot
 * touch the application's data.
 */
public final class PgbenchSchema {

  /** The only tables (partitions aside) pgperf lets a schema of its own hold. */
  static final List<String> OWN_TABLES =
      List.of(
          "pgbench_accounts",
          "pgbench_branches",
          "pgbench_history",
          "pgbench_tellers",
          "pgperf_init");

  private static final int NAMES_SHOWN = 5;

  private final ConnectionSource server;
  private final String schema;

  /**
   * @param server opens connections to the database (any search_path)
   * @param schema the schema's name, as written (not quoted)
   */
  public PgbenchSchema(ConnectionSource server, String schema) {
    this.server = quiet(Objects.requireNonNull(server, "server"));
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  /**
   * Makes sure the schema holds the initialization of {@code options} (whose schema must be this
   * one): reuses it when {@link Initializer#isInitialized} says it is there, else checks that the
   * schema is pgperf's to use and initializes it.
   *
   * @param progress where initialization prints pgbench's progress lines
   * @throws ProvisionException when the schema holds other tables, or initialization fails
   */
  public Initialization ensure(InitOptions options, PrintStream progress)
      throws ProvisionException {
    if (!schema.equals(options.schema())) {
      throw new IllegalArgumentException(
          "options are for schema " + options.schema() + ", not " + schema);
    }
    Initializer initializer = new Initializer(server, progress);
    try {
      if (initializer.isInitialized(options)) {
        return Initialization.REUSED;
      }
      List<String> others = otherTables();
      if (!others.isEmpty()) {
        throw new ProvisionException(
            "schema \""
                + schema
                + "\" on "
                + server.describe()
                + " holds tables that are not pgbench's ("
                + String.join(", ", others)
                + "); pgperf initializes only a schema of its own: choose another schema");
      }
      createSchema();
      initializer.run(options);
      return Initialization.MADE;
    } catch (InitException e) {
      throw new ProvisionException(
          "initializing schema \""
              + schema
              + "\" on "
              + server.describe()
              + " failed: "
              + e.getMessage()
              + (e.detail() == null ? "" : " (" + e.detail() + ")"),
          e);
    }
  }

  /**
   * Connections that get warnings but no notices from the server. pgbench's first step drops tables
   * that may not be there yet, and each prints {@code NOTICE: table "..." does not exist,
   * skipping}: pgbench's own output, which the command line keeps, but on a test's console it only
   * looks like something went wrong.
   */
  private static ConnectionSource quiet(ConnectionSource server) {
    return new SessionSetup(server, "set client_min_messages = warning", server.describe());
  }

  /** Made here rather than by initialization, whose first step would print notices about it. */
  private void createSchema() throws ProvisionException {
    try (Connection c = server.open();
        Statement s = c.createStatement()) {
      s.execute("create schema if not exists \"" + schema.replace("\"", "\"\"") + "\"");
    } catch (SQLException e) {
      throw new ProvisionException(
          "could not create schema \""
              + schema
              + "\" on "
              + server.describe()
              + ": "
              + ProvisionedServer.rootCause(e),
          e);
    }
  }

  /** Tables, views and foreign tables in the schema other than pgperf's own, a few by name. */
  List<String> otherTables() throws ProvisionException {
    String sql =
        "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace"
            + " where n.nspname = ? and c.relkind in ('r', 'p', 'v', 'm', 'f')"
            + " and not c.relispartition and c.relname <> all (?) order by c.relname";
    try (Connection c = server.open();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, schema);
      s.setArray(2, c.createArrayOf("text", OWN_TABLES.toArray()));
      List<String> names = new ArrayList<>();
      int count = 0;
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          if (count++ < NAMES_SHOWN) {
            names.add(rs.getString(1));
          }
        }
      }
      if (count > NAMES_SHOWN) {
        names.add("and " + (count - NAMES_SHOWN) + " more");
      }
      return names;
    } catch (SQLException e) {
      throw new ProvisionException(
          "could not list the tables of schema \""
              + schema
              + "\" on "
              + server.describe()
              + ": "
              + ProvisionedServer.rootCause(e),
          e);
    }
  }
}
