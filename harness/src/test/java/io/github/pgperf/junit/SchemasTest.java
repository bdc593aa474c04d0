package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.provision.Initialization;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a class's tables go on an EXTERNAL server (a database of each test's own): the class's own
 * schema for what it creates, pgbench's schema for pgbench's tables only, made when first needed.
 */
class SchemasTest {

  @TempDir Path dir;

  @BeforeEach
  void forgetWhatFixturesSaw() {
    Fixture.SEEN.clear();
  }

  private Map<String, String> parameters(TestDatabase db) {
    return Map.of("pgperf.url", db.url(), "pgperf.results", dir.toString());
  }

  @Test
  void applicationClassesKeepTheirTablesApartAndMakeNoPgbenchTables() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Map<String, String> parameters = new java.util.HashMap<>(parameters(db));
      // A scale from the build changes the scale of classes using pgbench's tables; it does not
      // make the others initialize them.
      parameters.put("pgperf.scale", "2");
      Kit.Run run = Kit.run(parameters, SchemaFixtures.LedgerA.class, SchemaFixtures.LedgerB.class);
      run.results().testEvents().assertStatistics(s -> s.started(2).succeeded(2));

      SchemaFixtures.Seen a = (SchemaFixtures.Seen) Fixture.SEEN.get("LedgerA");
      SchemaFixtures.Seen b = (SchemaFixtures.Seen) Fixture.SEEN.get("LedgerB");
      // The same table name, each class its own rows: each ran its migration in its own schema.
      assertThat(a.owners()).isEqualTo("a");
      assertThat(b.owners()).isEqualTo("b");
      assertThat(a.database().schema()).isEqualTo("pgperf_class_ledgera");
      assertThat(b.database().schema()).isEqualTo("pgperf_class_ledgerb");
      assertThat(tables(db, "pgperf_class_ledgera")).containsExactly("account");
      for (RunResult r : List.of(a.script(), a.java(), b.script(), b.java())) {
        assertThat(r.totalCounts().processed()).isEqualTo(5);
        assertThat(r.totalCounts().failed()).isZero();
      }

      // Nothing of pgbench's was made, looked for or vacuumed.
      assertThat(a.database().initialization()).isEqualTo(Initialization.NOT_NEEDED);
      assertThat(schemaExists(db, "pgperf")).isFalse();
      assertThat(run.err())
          .doesNotContain("initialization")
          .doesNotContain("pgbench_")
          .doesNotContain("vacuum");

      // A later run finds its tables as it left them; pgperf dropped nothing.
      Fixture.SEEN.clear();
      Kit.Run again = Kit.run(parameters(db), SchemaFixtures.LedgerA.class);
      again.results().testEvents().assertStatistics(s -> s.succeeded(1));
      assertThat(((SchemaFixtures.Seen) Fixture.SEEN.get("LedgerA")).owners()).isEqualTo("a");
    }
  }

  @Test
  void pgbenchTablesAreMadeForTheFirstLoadUsingThemInASchemaHoldingNothingElse() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run run =
          Kit.run(
              parameters(db),
              SchemaFixtures.LedgerA.class,
              SchemaFixtures.Builtin.class,
              SchemaFixtures.PgbenchScript.class);
      run.results().testEvents().assertStatistics(s -> s.started(3).succeeded(3));

      PgPerfDatabase builtin = (PgPerfDatabase) Fixture.SEEN.get("Builtin");
      PgPerfDatabase script = (PgPerfDatabase) Fixture.SEEN.get("PgbenchScript");
      assertThat(builtin.initialization()).isEqualTo(Initialization.MADE);
      assertThat(script.initialization()).isEqualTo(Initialization.REUSED);
      assertThat(builtin.pgbenchSchema()).isEqualTo("pgperf");
      assertThat(((RunResult) Fixture.SEEN.get("PgbenchScript.run")).totalCounts().failed())
          .isZero();
      // The application class's table stayed in its schema, out of pgbench's.
      assertThat(tables(db, "pgperf"))
          .containsExactly(
              "pgbench_accounts",
              "pgbench_branches",
              "pgbench_history",
              "pgbench_tellers",
              "pgperf_init");
      assertThat(tables(db, "pgperf_class_ledgera")).containsExactly("account");
    }
  }

  @Test
  void scriptNamingPgbenchTablesInitializesThemWhenNothingElseDid() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run run = Kit.run(parameters(db), SchemaFixtures.PgbenchScript.class);
      run.results().testEvents().assertStatistics(s -> s.started(1).succeeded(1));
      assertThat(((PgPerfDatabase) Fixture.SEEN.get("PgbenchScript")).initialization())
          .isEqualTo(Initialization.MADE);
      assertThat(tables(db, "pgperf")).contains("pgbench_accounts");
    }
  }

  /**
   * Java code is not looked into: on tables never asked for, its transactions fail (the server's
   * error) and count as failed, as any SQL error in a Java transaction does; the run goes on.
   */
  @Test
  void javaCodeOnPgbenchTablesNeverAskedForCountsFailedTransactions() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run run = Kit.run(parameters(db), SchemaFixtures.JavaOnPgbenchTables.class);
      run.results().testEvents().assertStatistics(s -> s.started(1).succeeded(1));
      RunResult r = (RunResult) Fixture.SEEN.get("JavaOnPgbenchTables");
      assertThat(r.totalCounts().failed()).isEqualTo(1);
      assertThat(r.aborted()).isFalse();
      assertThat(run.err()).doesNotContain("internal error");
    }
  }

  private static boolean schemaExists(TestDatabase db, String schema) throws SQLException {
    try (Connection c = db.open();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select to_regnamespace('" + schema + "') is not null")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  /** The tables of a schema, by name. */
  private static List<String> tables(TestDatabase db, String schema) throws SQLException {
    try (Connection c = db.open();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select c.relname from pg_class c join pg_namespace n"
                    + " on n.oid = c.relnamespace where n.nspname = '"
                    + schema
                    + "'"
                    + " and c.relkind in ('r', 'p') and not c.relispartition order by 1")) {
      List<String> names = new ArrayList<>();
      while (rs.next()) {
        names.add(rs.getString(1));
      }
      return names;
    }
  }
}
