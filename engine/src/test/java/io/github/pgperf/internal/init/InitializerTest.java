package io.github.pgperf.internal.init;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.testing.CatalogSnapshot;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The Java API: schemas side by side, the metadata check, and what the drop step leaves alone. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InitializerTest {

  private TestDatabase db;
  private final ByteArrayOutputStream output = new ByteArrayOutputStream();
  private Initializer initializer;

  @BeforeAll
  void createDatabase() throws Exception {
    db = TestDatabase.create();
    initializer = new Initializer(db, new PrintStream(output, true, StandardCharsets.UTF_8));
  }

  @AfterAll
  void dropDatabase() throws Exception {
    if (db != null) {
      db.close();
    }
  }

  @Test
  void twoScalesSideBySideInTwoSchemasEachAsPgbenchMakesIt() throws Exception {
    // One schema exists beforehand; the other, with a name that needs quoting, does not.
    sql("create schema side_a");
    InitOptions a = InitOptions.builder().scale(1).schema("side_a").build();
    InitOptions b = InitOptions.builder().scale(2).schema("Side B").build();

    initializer.run(a);
    initializer.run(b);

    assertThat(count("side_a.pgbench_accounts")).isEqualTo(100_000);
    assertThat(count("\"Side B\".pgbench_accounts")).isEqualTo(200_000);
    assertThat(count("\"Side B\".pgbench_branches")).isEqualTo(2);
    assertThat(initializer.isInitialized(a)).isTrue();
    assertThat(initializer.isInitialized(b)).isTrue();
    assertThat(initializer.isInitialized(InitOptions.builder().scale(2).schema("side_a").build()))
        .isFalse();
    // Nothing landed in the search_path's schema.
    assertThat(queryText("select to_regclass('public.pgbench_accounts')::text")).isNull();

    // The schema holds what pgbench makes in public of a database of its own.
    try (TestDatabase reference = TestDatabase.create()) {
      Pgbench.Result r = Pgbench.run(reference, List.of("-i", "-s", "2"));
      assertThat(r.exitCode()).as(r.stderr()).isZero();
      try (Connection expected = reference.open();
          Connection actual = db.open()) {
        assertThat(CatalogSnapshot.of(actual, "Side B"))
            .containsExactlyElementsOf(CatalogSnapshot.of(expected, "public"));
      }
    }
  }

  @Test
  void metadataSaysInitializedOnlyWhileTheSameInitializationIsIntact() throws Exception {
    sql("create schema meta");
    InitOptions options = InitOptions.builder().scale(1).fillfactor(90).schema("meta").build();
    assertThat(initializer.isInitialized(options)).isFalse();

    initializer.run(options);
    assertThat(initializer.isInitialized(options)).isTrue();
    assertThat(
            initializer.isInitialized(
                InitOptions.builder().scale(2).fillfactor(90).schema("meta").build()))
        .isFalse();
    assertThat(initializer.isInitialized(InitOptions.builder().scale(1).schema("meta").build()))
        .isFalse();
    assertThat(
            initializer.isInitialized(
                InitOptions.builder()
                    .scale(1)
                    .fillfactor(90)
                    .foreignKeys(true)
                    .schema("meta")
                    .build()))
        .isFalse();

    sql("delete from meta.pgbench_accounts where aid = 77");
    assertThat(initializer.isInitialized(options)).isFalse();

    initializer.run(options);
    assertThat(initializer.isInitialized(options)).isTrue();
    sql("drop table meta.pgbench_history");
    assertThat(initializer.isInitialized(options)).isFalse();

    initializer.run(options);
    initializer.run(InitOptions.builder().steps("d").schema("meta").build());
    assertThat(initializer.isInitialized(options)).isFalse();
    assertThat(count("meta.pgperf_init")).isZero();
  }

  @Test
  void aFailedInitializationLeavesNoClaimOfACompleteOne() throws Exception {
    sql("create schema failing");
    InitOptions good = InitOptions.builder().scale(1).schema("failing").build();
    initializer.run(good);
    assertThat(initializer.isInitialized(good)).isTrue();

    // A second primary key on the same tables fails after the data is complete.
    InitOptions twice = InitOptions.builder().scale(1).steps("dtgvpp").schema("failing").build();
    assertThatThrownBy(() -> initializer.run(twice))
        .isInstanceOf(InitException.class)
        .hasMessage(
            "query failed: ERROR:  multiple primary keys for table \"pgbench_branches\""
                + " are not allowed")
        .extracting(e -> ((InitException) e).detail())
        .isEqualTo("Query was: alter table \"failing\".pgbench_branches add primary key (bid)");

    assertThat(initializer.isInitialized(twice)).isFalse();
    assertThat(initializer.isInitialized(good)).isFalse();
  }

  @Test
  void dropStepDropsThePgbenchTablesOfTheSchemaAndNothingElse() throws Exception {
    sql(
        "create schema target",
        "create schema neighbour",
        "create table target.keep_me(id int)",
        "insert into target.keep_me values (1)",
        "create table target.pgbench_accounts_extra(id int)",
        "create table neighbour.pgbench_accounts(aid int)",
        "create table neighbour.pgbench_branches(bid int)");
    initializer.run(InitOptions.builder().scale(1).partitions(2).schema("target").build());
    assertThat(count("target.pgbench_accounts_2")).isPositive();

    initializer.run(InitOptions.builder().steps("d").schema("target").build());

    assertThat(relations("target"))
        .containsExactlyInAnyOrder("keep_me", "pgbench_accounts_extra", InitMetadata.TABLE);
    assertThat(relations("neighbour"))
        .containsExactlyInAnyOrder("pgbench_accounts", "pgbench_branches");
    assertThat(count("target.keep_me")).isEqualTo(1);
  }

  private void sql(String... statements) throws SQLException {
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    }
  }

  private long count(String table) throws SQLException {
    return Long.parseLong(queryText("select count(*) from " + table));
  }

  private String queryText(String query) throws SQLException {
    try (Connection c = db.open();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private List<String> relations(String schema) throws SQLException {
    try (Connection c = db.open();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select c.relname from pg_class c join pg_namespace n"
                    + " on n.oid = c.relnamespace where n.nspname = '"
                    + schema
                    + "'"
                    + " and c.relkind in ('r', 'p')")) {
      List<String> names = new java.util.ArrayList<>();
      while (rs.next()) {
        names.add(rs.getString(1));
      }
      return names;
    }
  }
}
