package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.WorkFixtures.Build;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's work family on results written as the harness writes them (with {@code serverWork})
 * and a baseline store recorded from such results: noise passes, real changes fail or warn, and
 * another machine's baseline still gates work.
 */
class WorkGateTest {

  private static final String KEY = "AccountsIT.lookup";

  @TempDir Path dir;

  private CheckReport check(Build baseline, Build now, long seed) throws IOException {
    return check(baseline, now, seed, GateSettings.defaults());
  }

  private CheckReport check(Build baseline, Build now, long seed, GateSettings settings)
      throws IOException {
    Path store = dir.resolve("store-" + seed);
    Path results = dir.resolve("results-" + seed);
    WorkFixtures.baseline(store, KEY, 3, 3, baseline, seed * 100);
    WorkFixtures.trials(results, KEY, 3, now, seed * 100 + 50);
    return new Gate(settings).check(ResultFiles.read(results),
        Baseline.fromStore(new BaselineStore(store)));
  }

  private static List<Finding> with(CheckReport report, Verdict verdict) {
    return report.findings().stream().filter(f -> f.verdict() == verdict).toList();
  }

  private static List<Finding> work(CheckReport report) {
    return report.findings().stream().filter(f -> f.work() != null).toList();
  }

  @Test
  void noiseInTheCountersNeverGivesAWorkFinding() throws IOException {
    for (long seed = 1; seed <= 12; seed++) {
      CheckReport report = check(Build.usual(), Build.usual(), seed);

      List<Finding> work = work(report);
      assertThat(work).as("seed %d: %s", seed, work).hasSize(1);
      assertThat(work.get(0).verdict()).as("seed %d: %s", seed, work).isEqualTo(Verdict.PASS);
      // 3 per transaction, 3 per call of each of 2 statements, 1 plan.
      assertThat(work.get(0).message()).contains("10 work figures and plans compared with 9"
          + " baseline samples of 3 builds");
    }
  }

  @Test
  void fiftyTimesTheBlocksPerCallIsAWorkRegressionNamingStatementAndFigures() throws IOException {
    CheckReport report = check(Build.usual(), Build.usual().blocks(150), 1);

    List<Finding> regressions = with(report, Verdict.WORK_REGRESSION);
    assertThat(regressions).extracting(f -> f.work().what()).containsExactlyInAnyOrder(
        "shared blocks per transaction",
        "shared blocks per call: " + WorkFixtures.SELECT.substring(0, 39) + "…");
    Finding perCall = regressions.stream()
        .filter(f -> f.work().what().startsWith("shared blocks per call")).findFirst().orElseThrow();
    assertThat(perCall.action()).isEqualTo(Action.FAIL);
    assertThat(perCall.message()).contains("statement \"" + WorkFixtures.SELECT + "\"")
        .containsPattern("shared blocks per call 3\\.\\d+ -> 150 \\(\\+4\\d{3}\\.\\d%")
        .contains("a regression is more than 200.0% and more than 1 above the baseline's largest");
    assertThat(report.failed()).isTrue();
    assertThat(with(report, Verdict.PLAN_CHANGED)).isEmpty();
    assertThat(with(report, Verdict.PASS).stream().filter(f -> f.work() != null)).isEmpty();
  }

  @Test
  void aChangedPlanIsPlanChangedWithBothPlansSideBySideInEveryOutput() throws IOException {
    CheckReport report = check(Build.usual(), Build.usual().plan(WorkFixtures.SEQ_PLAN), 2);

    List<Finding> changed = with(report, Verdict.PLAN_CHANGED);
    assertThat(changed).hasSize(1);
    Finding f = changed.get(0);
    // A warning by default: the same plan doing the same work is not a regression.
    assertThat(f.action()).isEqualTo(Action.WARN);
    assertThat(f.message()).contains(WorkFixtures.SCRIPT + " command 1").contains(
        "Index Scan using pgbench_accounts_pkey on pgbench_accounts -> Seq Scan on pgbench_accounts");
    assertThat(f.detail()).anyMatch(line -> line.matches("  Aggregate +\\| Aggregate"));
    assertThat(f.detail()).contains(
        "* ->  Index Scan using pgbench_accounts_pkey on pgbench_accounts | ->  Seq Scan on pgbench_accounts");
    assertThat(ConsoleTable.lines(report)).containsSubsequence(
        "PLAN_CHANGED " + KEY + ": " + WorkFixtures.SCRIPT + " command 1: SELECT abalance FROM"
            + " pgbench_accounts WHERE aid = :aid;",
        "  * ->  Index Scan using pgbench_accounts_pkey on pgbench_accounts | ->  Seq Scan on"
            + " pgbench_accounts");
    assertThat(MarkdownReport.of(report)).contains("```text\n", "* ->  Index Scan using"
        + " pgbench_accounts_pkey on pgbench_accounts | ->  Seq Scan on pgbench_accounts\n");
    assertThat(JsonReport.of(report)).contains("\"verdict\" : \"PLAN_CHANGED\"", "\"detail\" : [");
    assertThat(with(report, Verdict.WORK_REGRESSION)).isEmpty();
  }

  @Test
  void aBaselineFromAnotherMachineStillGatesWorkWhileTimingMismatches() throws IOException {
    Build elsewhere = Build.usual().on(WorkFixtures.OTHER_MACHINE);

    CheckReport regressed = check(elsewhere, Build.usual().blocks(150).plan(WorkFixtures.SEQ_PLAN), 3);
    CheckReport same = check(elsewhere, Build.usual(), 4);

    assertThat(with(regressed, Verdict.FINGERPRINT_MISMATCH)).singleElement()
        .satisfies(f -> assertThat(f.message()).contains("machine"));
    assertThat(with(regressed, Verdict.PLAN_CHANGED)).hasSize(1);
    assertThat(with(regressed, Verdict.WORK_REGRESSION)).isNotEmpty();
    assertThat(with(same, Verdict.FINGERPRINT_MISMATCH)).hasSize(1);
    assertThat(work(same)).singleElement()
        .satisfies(f -> assertThat(f.verdict()).isEqualTo(Verdict.PASS));
  }

  @Test
  void newAndGoneStatementsWarnByName() throws IOException {
    String audit = "INSERT INTO audit(aid) VALUES ($1)";
    CheckReport report = check(Build.usual(), Build.usual().extra(audit).withoutUpdate(), 5);

    List<Finding> changed = with(report, Verdict.STATEMENT_CHANGED);
    assertThat(changed).extracting(f -> f.work().change()).containsExactlyInAnyOrder("new", "gone");
    assertThat(changed).allSatisfy(f -> assertThat(f.action()).isEqualTo(Action.WARN));
    assertThat(changed).anySatisfy(f -> assertThat(f.message()).contains("new since the baseline",
        audit));
    assertThat(changed).anySatisfy(f -> assertThat(f.message()).contains("is gone",
        WorkFixtures.UPDATE));
    assertThat(report.failed()).isFalse();
  }

  @Test
  void aTimingRegressionOrInconclusiveNamesTheTestsWorkChangesBesideIt() throws IOException {
    CheckReport report = check(Build.usual(),
        Build.usual().tps(133).blocks(150).plan(WorkFixtures.SEQ_PLAN), 7);

    Finding tps = report.findings().stream()
        .filter(f -> f.metric() == Metric.TPS).findFirst().orElseThrow();
    assertThat(tps.verdict()).isIn(Verdict.REGRESSION, Verdict.INCONCLUSIVE);
    assertThat(tps.message()).contains("; work: plan changed: Index Scan using"
        + " pgbench_accounts_pkey on pgbench_accounts -> Seq Scan on pgbench_accounts;"
        + " shared blocks per transaction ");
    CheckReport calm = check(Build.usual(), Build.usual().tps(133), 8);
    assertThat(calm.findings().stream().filter(f -> f.metric() == Metric.TPS))
        .singleElement().satisfies(f -> assertThat(f.message()).doesNotContain("work:"));
  }

  /** Plans of tiny, hot tables flip between unchanged builds: a plan the baseline has seen is no change. */
  @Test
  void aPlanSeenInAnOlderBaselineBuildIsNoChange() throws IOException {
    Path store = dir.resolve("store-flip");
    WorkFixtures.baseline(store, KEY, 1, 3, Build.usual().plan(WorkFixtures.SEQ_PLAN), 700);
    WorkFixtures.baseline(store, KEY, 2, 3, Build.usual(), 710);
    Path seq = dir.resolve("results-flip-seq");
    WorkFixtures.trials(seq, KEY, 3, Build.usual().plan(WorkFixtures.SEQ_PLAN), 750);
    Path other = dir.resolve("results-flip-other");
    WorkFixtures.trials(other, KEY, 3, Build.usual().plan(WorkFixtures.SEQ_PLAN
        .replace("pgbench_accounts\"", "pgbench_other\"")), 760);

    Gate gate = new Gate(GateSettings.defaults());
    CheckReport seen = gate.check(ResultFiles.read(seq),
        Baseline.fromStore(new BaselineStore(store)));
    CheckReport unseen = gate.check(ResultFiles.read(other),
        Baseline.fromStore(new BaselineStore(store)));

    assertThat(with(seen, Verdict.PLAN_CHANGED)).isEmpty();
    assertThat(with(unseen, Verdict.PLAN_CHANGED)).singleElement()
        .satisfies(f -> assertThat(f.message()).contains("in none of its builds"));
  }

  @Test
  void actionsAreConfigured() throws IOException {
    GateSettings warn = new GateSettings(GateSettings.DEFAULT_LEVEL,
        GateSettings.DEFAULT_MINIMUM_EFFECT, GateSettings.DEFAULT_METRICS,
        Map.of(Verdict.PLAN_CHANGED, Action.WARN, Verdict.WORK_REGRESSION, Action.WARN,
            Verdict.STATEMENT_CHANGED, Action.FAIL));

    CheckReport report = check(Build.usual(),
        Build.usual().blocks(150).plan(WorkFixtures.SEQ_PLAN).extra("SELECT 1"), 6, warn);

    assertThat(with(report, Verdict.PLAN_CHANGED)).extracting(Finding::action)
        .containsOnly(Action.WARN);
    assertThat(with(report, Verdict.WORK_REGRESSION)).extracting(Finding::action)
        .containsOnly(Action.WARN);
    assertThat(with(report, Verdict.STATEMENT_CHANGED)).extracting(Finding::action)
        .containsExactly(Action.FAIL);
  }
}
