package io.github.pgperf.junit;

import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Test classes as an application writes them, for {@link SchemasTest}: two run their own
 * "migrations" (the same table name, different rows) through the injected DataSource and load only
 * their own tables; others use pgbench's tables. Each puts what it saw in {@link Fixture#SEEN} by
 * class name.
 */
final class SchemaFixtures {

  private SchemaFixtures() {}

  /** What an application class saw: its database, its table's owners, its runs. */
  record Seen(PgPerfDatabase database, String owners, RunResult script, RunResult java) {}

  /** The application's migration: a table named as another class's, with this class's rows. */
  static void migrate(DataSource dataSource, String owner) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute("create table if not exists account (id int primary key, owner text not null)");
      s.execute("insert into account values (1, '" + owner + "') on conflict do nothing");
    }
  }

  static void runOwnLoad(
      String name,
      PgPerfDatabase database,
      DataSource dataSource,
      LoadRunner scriptLoad,
      LoadRunner javaLoad)
      throws SQLException {
    RunResult script = scriptLoad.script("/queries/own-table.sql").transactionsPerClient(5).run();
    RunResult java =
        javaLoad
            .label("java")
            .transaction(
                "own",
                c -> {
                  try (Statement s = c.createStatement()) {
                    s.executeQuery("select owner from account").close();
                  }
                })
            .transactionsPerClient(5)
            .run();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select string_agg(owner, ',' order by id) from account")) {
      rs.next();
      Fixture.SEEN.put(name, new Seen(database, rs.getString(1), script, java));
    }
  }

  /**
   * An application's test class: its migration, then its own load. Subclasses differ only in their
   * rows; each gets the schema of its own name.
   */
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  abstract static class Application {
    abstract String owner();

    @BeforeAll
    void migrate(DataSource dataSource) throws SQLException {
      SchemaFixtures.migrate(dataSource, owner());
    }

    @Test
    void ownLoad(
        PgPerfDatabase database, DataSource dataSource, LoadRunner scriptLoad, LoadRunner javaLoad)
        throws SQLException {
      runOwnLoad(getClass().getSimpleName(), database, dataSource, scriptLoad, javaLoad);
    }
  }

  @Fixture
  static class LedgerA extends Application {
    @Override
    String owner() {
      return "a";
    }
  }

  @Fixture
  static class LedgerB extends Application {
    @Override
    String owner() {
      return "b";
    }
  }

  /** A declared built-in load: pgbench's tables are made before it runs. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Builtin {
    @Test
    @Load(builtin = "select-only", transactionsPerClient = 5)
    void selectOnly(PgPerfDatabase database) {
      Fixture.SEEN.put("Builtin", database);
    }
  }

  /** A script naming pgbench_accounts: pgbench's tables are made before it runs. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class PgbenchScript {
    @Test
    void hot(PgPerfDatabase database, LoadRunner load) {
      RunResult run =
          load.script("/queries/hot.sql").define("marker", "7").transactionsPerClient(5).run();
      Fixture.SEEN.put("PgbenchScript", database);
      Fixture.SEEN.put("PgbenchScript.run", run);
    }
  }

  /** Java code on pgbench's tables in a class that never asked for them (no scale). */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class JavaOnPgbenchTables {
    @Test
    void reads(LoadRunner load) {
      RunResult run =
          load.transaction(
                  "read",
                  c -> {
                    try (Statement s = c.createStatement()) {
                      s.executeQuery("select abalance from pgbench_accounts where aid = 1").close();
                    }
                  })
              .transactionsPerClient(1)
              .run();
      Fixture.SEEN.put("JavaOnPgbenchTables", run);
    }
  }
}
