package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.CheckOutputs;
import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.gate.GateProperties;
import io.github.pgperf.goal.GateRun;
import io.github.pgperf.goal.GoalFailure;
import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.report.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pgperf check|report|baseline} from the real jar against {@code gate.GateRun}, what {@code
 * pgperf:check} runs, on the same input: the same check.json (verdicts, figures, messages) and the
 * same outcome (exit 1 where the goal throws its failure).
 */
class GateCommandIT {

  /** The example project's committed baseline store. */
  private static final Path EXAMPLE_BASELINE =
      Path.of("..", "example-project", "src", "test", "pgperf", "baseline");

  private static final GoalLog QUIET =
      new GoalLog() {
        @Override
        public void info(String line) {}

        @Override
        public void warn(String line) {}

        @Override
        public void error(String line) {}
      };

  @TempDir Path dir;

  @Test
  void theExamplesBaselineGivesTheGoalsVerdicts() throws Exception {
    Path results = dir.resolve("results");
    Fixtures.trials(results, "LedgerPerformanceTest-statement", 3, 1000, 2000, 0.02, 7);

    Cli.Result cli =
        java(
            "check",
            "-Dpgperf.results=" + results,
            "-Dpgperf.baselineDirectory=" + EXAMPLE_BASELINE,
            "-Dpgperf.outputDirectory=" + dir.resolve("cli"));
    boolean goalFailed = goal(results, EXAMPLE_BASELINE, dir.resolve("goal"));

    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(goalFailed ? 1 : 0);
    assertSameCheck();
    assertThat(cli.stdout()).contains("LedgerPerformanceTest-statement");
  }

  @Test
  void aRegressionFailsLikeTheGoalAndPassesOnceRecorded() throws Exception {
    Path store = dir.resolve("baseline");
    Path results = dir.resolve("results");
    Fixtures.baseline(store, "Orders-insert", 4, 5, 1000, 2000, 0.01, 11, Fixtures.VERSION);
    Fixtures.trials(results, "Orders-insert", 5, 700, 2900, 0.01, 99);

    Cli.Result cli =
        java(
            "check",
            "-Dpgperf.results=" + results,
            "-Dpgperf.baselineDirectory=" + store,
            "-Dpgperf.outputDirectory=" + dir.resolve("cli"));

    assertThat(goal(results, store, dir.resolve("goal"))).as("the goal fails").isTrue();
    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(1);
    assertThat(cli.stderr())
        .contains("[ERROR] pgperf check failed:", "REGRESSION: Orders-insert: tps regressed");
    assertSameCheck();

    Cli.Result report =
        java(
            "report",
            "-Dpgperf.results=" + results,
            "-Dpgperf.baselineDirectory=" + store,
            "-Dpgperf.outputDirectory=" + dir.resolve("cli"));
    assertThat(report.exitCode()).as(report.stderr()).isZero();
    assertThat(dir.resolve("cli").resolve(HtmlReport.FILE)).content().contains("Orders-insert");

    Cli.Result baseline =
        java("baseline", "-Dpgperf.results=" + results, "-Dpgperf.baselineDirectory=" + store);
    assertThat(baseline.exitCode()).as(baseline.stderr()).isZero();
    assertThat(baseline.stdout()).contains("pgperf baseline: recorded 5 samples of 1 tests");
  }

  @Test
  void badSettingsAreOneLineAndExitOne() throws Exception {
    Cli.Result unknown = java("check", "-Dpgperf.levle=0.01");
    Cli.Result badValue =
        java("check", "-Dpgperf.onRegression=explode", "-Dpgperf.results=" + dir.resolve("none"));

    assertThat(unknown.exitCode()).isEqualTo(1);
    assertThat(unknown.stderr())
        .isEqualTo(
            "pgperf check: error: unknown setting pgperf.levle"
                + " (\"pgperf check --help\" lists them)\n");
    assertThat(badValue.exitCode()).isEqualTo(1);
    assertThat(badValue.stderr()).contains("pgperf.onRegression must be \"fail\" or \"warn\"");
    PgPerfCommandTest.assertNoStackTrace(badValue);
  }

  @Test
  void aDatabaseCalledCheckIsNamedAfterDoubleDash() throws Exception {
    Cli.Result r = java("-i", "-I", "q", "--", "check");

    // pgbench's own parsing, not the gate's: the step error, before any connection.
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.stderr()).startsWith("pgperf: error: unrecognized initialization step \"q\"");
  }

  /** What pgperf:check does on this input: check.json in {@code output}; whether it failed. */
  private static boolean goal(Path results, Path store, Path output) throws IOException {
    GateRun run = new GateRun(results, store, null, output, "pgperf check", QUIET);
    try {
      run.check(GateProperties.settings(name -> null), Map.of(), line -> {}, false, null);
      return false;
    } catch (GoalFailure e) {
      return true;
    }
  }

  private void assertSameCheck() throws IOException {
    String goal = Files.readString(dir.resolve("goal").resolve(CheckOutputs.JSON));
    String cli = Files.readString(dir.resolve("cli").resolve(CheckOutputs.JSON));
    assertThat(cli).as("check.json of pgperf check against pgperf:check's").isEqualTo(goal);
    assertThat(Files.readString(dir.resolve("cli").resolve(CheckOutputs.MARKDOWN)))
        .isEqualTo(Files.readString(dir.resolve("goal").resolve(CheckOutputs.MARKDOWN)));
  }

  private static Cli.Result java(String... args) throws IOException, InterruptedException {
    // Not GitHub Actions' job summary and annotations: the in-process check gets no environment.
    return Cli.jar(
        environment -> environment.keySet().removeIf(name -> name.startsWith("GITHUB_")), args);
  }
}
