package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.result.QueryMode;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabaseExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Choosing items by weight, as pgbench chooses scripts, and Java transactions beside scripts. */
class WorkloadTest {

  private static final String EXECUTING = "pgbench: client 0 executing script \"";

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir static Path directory;

  /**
   * pgbench with three weighted scripts and a fixed seed runs a sequence of scripts; drawing from
   * the thread's script choice generator in pgbench's seeding order ({@link SeedPlan}) and choosing
   * with {@link Workload#choose} gives the same sequence.
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 5432, 987654321})
  void choosesTheScriptsPgbenchChooses(long seed) throws Exception {
    Files.writeString(directory.resolve("a.sql"), "SELECT 1 AS a;\n", StandardCharsets.UTF_8);
    Files.writeString(directory.resolve("b.sql"), "SELECT 2 AS b;\n", StandardCharsets.UTF_8);
    Files.writeString(directory.resolve("c.sql"), "SELECT 3 AS c;\n", StandardCharsets.UTF_8);
    List<String> options = List.of("-f", "a.sql@1", "-f", "b.sql@3", "-f", "c.sql@2");
    List<String> arguments = new ArrayList<>(List.of("-n", "-t", "60", "-d", "-c", "1"));
    arguments.add("--random-seed=" + seed);
    arguments.addAll(options);
    arguments.addAll(
        List.of(
            "-h",
            DATABASE.get().host(),
            "-p",
            Integer.toString(DATABASE.get().port()),
            "-U",
            DATABASE.get().user(),
            DATABASE.get().name()));
    Pgbench.Result pgbench = Pgbench.run(directory, arguments);
    assertThat(pgbench.exitCode()).as("%s", pgbench.stderrLines()).isZero();
    List<String> pgbenchChoices = new ArrayList<>();
    for (String line : pgbench.stderrLines()) {
      if (line.startsWith(EXECUTING)) {
        pgbenchChoices.add(line.substring(EXECUTING.length(), line.length() - 1));
      }
    }

    Workload workload = ScriptOptions.apply(directory, options);
    Prng choose = SeedPlan.draw(seed, 1, false, 1).scriptChoice(0);
    List<String> pgperfChoices = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      int index = workload.choose(choose.nextLong(0, workload.totalWeight() - 1));
      pgperfChoices.add(workload.entries().get(index).item().name());
    }

    assertThat(pgbenchChoices).hasSize(60).containsAnyOf("a.sql", "b.sql", "c.sql");
    assertThat(pgperfChoices).isEqualTo(pgbenchChoices);
  }

  @Test
  void walksWeightsInOrderSkippingZeroWeights() throws Exception {
    Script a = Script.parse("a", "SELECT 1;");
    Script b = Script.parse("b", "SELECT 2;");
    JavaTransaction j = new JavaTransaction("java", c -> {});
    Workload w =
        Workload.of(
            List.of(new Workload.Entry(a, 2), new Workload.Entry(b, 0), new Workload.Entry(j, 3)),
            QueryMode.SIMPLE);
    assertThat(w.totalWeight()).isEqualTo(5);
    List<Integer> chosen = new ArrayList<>();
    for (long drawn = 0; drawn < 5; drawn++) {
      chosen.add(w.choose(drawn));
    }
    assertThat(chosen).containsExactly(0, 0, 2, 2, 2);
    assertThat(w.needsDraw()).isTrue();
    assertThat(w.perItemStatistics()).isTrue();
    assertThatThrownBy(() -> w.choose(5)).isInstanceOf(IllegalArgumentException.class);
    assertThat(Workload.of(a, QueryMode.SIMPLE).needsDraw()).isFalse();
  }

  @Test
  void builderDefaultsToTpcbLikeAndMixesJavaTransactionsWithScripts() throws Exception {
    Workload defaulted = new WorkloadBuilder(directory).build(QueryMode.SIMPLE);
    assertThat(defaulted.entries())
        .extracting(e -> e.item().name())
        .containsExactly("<builtin: TPC-B (sort of)>");
    JavaTransaction java = new JavaTransaction("java", c -> {});
    Workload mixed =
        new WorkloadBuilder(directory).builtin("se@3").add(java, 2).build(QueryMode.PREPARED);
    assertThat(mixed.entries())
        .extracting(e -> e.item().name() + "@" + e.weight())
        .containsExactly("<builtin: select only>@3", "java@2");
    assertThat(mixed.entries().get(mixed.choose(3)).item()).isSameAs(java);
  }

  @Test
  void refusesAZeroTotalWeightWhateverTheItems() throws Exception {
    JavaTransaction j = new JavaTransaction("java", c -> {});
    assertThatThrownBy(() -> Workload.of(List.of(new Workload.Entry(j, 0)), QueryMode.SIMPLE))
        .isInstanceOf(ScriptException.class)
        .hasMessage("total script weight must not be zero");
  }

  @Test
  void parameterLimitAppliesOnlyToExtendedAndPreparedModes() throws Exception {
    StringBuilder sql = new StringBuilder("SELECT 0");
    for (int i = 0; i < 256; i++) {
      sql.append(", :v").append(i);
    }
    Script script = Script.parse("many.sql", sql.append(";").toString());
    assertThat(Workload.of(script, QueryMode.SIMPLE).entries()).hasSize(1);
    assertThatThrownBy(() -> Workload.of(script, QueryMode.PREPARED))
        .hasMessageStartingWith("statement has too many arguments (maximum is 255): SELECT 0, :v0");
  }

  /** A Java transaction runs on a real connection like any application code would. */
  @Test
  void javaTransactionRunsOnTheClientsConnection() throws Exception {
    try (Connection c = DATABASE.get().open();
        Statement s = c.createStatement()) {
      s.execute("create table counter (n int)");
      s.execute("insert into counter values (0)");
    }
    JavaTransaction increment =
        new JavaTransaction(
            "increment",
            c -> {
              c.setAutoCommit(false);
              try (Statement s = c.createStatement()) {
                s.executeUpdate("update counter set n = n + 1");
              }
              c.commit();
            });
    Workload workload = Workload.of(increment, QueryMode.PREPARED);
    try (Connection c = DATABASE.get().open()) {
      for (int i = 0; i < 3; i++) {
        WorkloadItem item = workload.entries().get(workload.choose(0)).item();
        if (item instanceof JavaTransaction t) {
          t.body().execute(c);
        }
      }
    }
    try (Connection c = DATABASE.get().open();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("select n from counter")) {
      r.next();
      assertThat(r.getInt(1)).isEqualTo(3);
    }
  }
}
