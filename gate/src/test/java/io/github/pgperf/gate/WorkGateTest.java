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
    return new Gate(settings)
        .check(ResultFiles.read(results), Baseline.fromStore(new BaselineStore(store)));
  }

  private static List<Finding> with(CheckReport report, Verdict verdict) {
    return report.findings().stream().filter(f -> f.verdict() == verdict).toList();
  }

  private static List<Finding> work(CheckReport report) {
    // The resources per transaction (ResourceGate's) carry figures too, but are not work.
    return report.findings().stream()
        .filter(f -> f.work() != null && (f.metric() == null || !f.metric().resource()))
        .toList();
  }

  @Test
  void noiseInTheCountersNeverGivesAWorkFinding() throws IOException {
    for (long seed = 1; seed <= 12; seed++) {
      CheckReport report = check(Build.usual(), Build.usual(), seed);

      List<Finding> work = work(report);
      assertThat(work).as("seed %d: %s", seed, work).hasSize(1);
      assertThat(work.get(0).verdict()).as("seed %d: %s", seed, work).isEqualTo(Verdict.PASS);
      // 5 per transaction (blocks, temp blocks, WAL bytes, statements, WAL records), 4 per
      // statement of each of 2 statements, 1 plan.
      assertThat(work.get(0).message())
          .contains("14 work figures and plans compared with 9" + " baseline samples of 3 builds");
    }
  }

  @Test
  void exactCountsAtTheRunsEdgesNeverGiveAWorkFinding() throws IOException {
    // Calls and commits off by up to 2 of ~2,000 transactions at each run's edges.
    for (long seed = 21; seed <= 30; seed++) {
      CheckReport report = check(Build.usual().commits(1), Build.usual().commits(1), seed);

      assertThat(work(report))
          .as("seed %d", seed)
          .singleElement()
          .satisfies(f -> assertThat(f.verdict()).isEqualTo(Verdict.PASS));
      assertThat(report.failed()).isFalse();
    }
  }

  @Test
  void aStatementCalledMoreOftenPerTransactionIsAnExactWorkRegression() throws IOException {
    // An N+1: the SELECT once per item of a 3-item order instead of once.
    CheckReport report = check(Build.usual(), Build.usual().selectCalls(3), 31);

    List<Finding> regressions = with(report, Verdict.WORK_REGRESSION);
    assertThat(regressions)
        .extracting(f -> f.work().summary())
        .containsExactlyInAnyOrder(
            "statements per transaction 2 -> 4", "calls per transaction 1 -> 3");
    assertThat(regressions)
        .anySatisfy(
            f ->
                assertThat(f.message())
                    .contains(
                        "statement \"" + WorkFixtures.SELECT + "\": calls per transaction 1 -> 3",
                        "compared exactly: the baseline's were constant"));
    assertThat(report.failed()).isTrue();
    // Even 1.1 calls a transaction (one transaction in ten) is beyond the edges.
    CheckReport tenth = check(Build.usual(), Build.usual().selectCalls(1.1), 32);
    assertThat(with(tenth, Verdict.WORK_REGRESSION))
        .extracting(f -> f.work().summary())
        .contains("calls per transaction 1 -> 1.1");
  }

  @Test
  void moreCommitsPerTransactionIsAWorkRegression() throws IOException {
    // The explicit transaction lost: each of the two statements commits on its own.
    CheckReport report = check(Build.usual().commits(1), Build.usual().commits(2), 33);

    assertThat(with(report, Verdict.WORK_REGRESSION))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.work().summary()).isEqualTo("commits per transaction 1 -> 2");
              assertThat(f.action()).isEqualTo(Action.FAIL);
            });
  }

  @Test
  void aNewStatementOnEveryTransactionIsAWorkRegressionNamingIt() throws IOException {
    String load = "SELECT id, name, price, stock FROM product WHERE id = $1";
    CheckReport report = check(Build.usual(), Build.usual().extra(load), 34);

    assertThat(with(report, Verdict.WORK_REGRESSION))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.message())
                  .contains(
                      KEY + ": calls per transaction 2 -> 3: new " + load + " (1 per transaction)");
              assertThat(f.items()).containsExactly(load);
            });
    assertThat(with(report, Verdict.STATEMENT_CHANGED)).hasSize(1);
    assertThat(report.failed()).isTrue();
  }

  @Test
  void fiftyTimesTheBlocksPerCallIsAWorkRegressionNamingStatementAndFigures() throws IOException {
    CheckReport report = check(Build.usual(), Build.usual().blocks(150), 1);

    List<Finding> regressions = with(report, Verdict.WORK_REGRESSION);
    assertThat(regressions)
        .extracting(f -> f.work().what())
        .containsExactlyInAnyOrder(
            "shared blocks per transaction",
            "shared blocks per call: " + WorkFixtures.SELECT.substring(0, 39) + "…");
    Finding perCall =
        regressions.stream()
            .filter(f -> f.work().what().startsWith("shared blocks per call"))
            .findFirst()
            .orElseThrow();
    assertThat(perCall.action()).isEqualTo(Action.FAIL);
    assertThat(perCall.message())
        .contains("statement \"" + WorkFixtures.SELECT + "\"")
        .containsPattern("shared blocks per call 3\\.\\d+ -> 150 \\(\\+4\\d{3}\\.\\d%")
        .contains(
            "a regression is more than 200.0% (the baseline's spread, at least 200.0%) and more"
                + " than 1 above the baseline's largest");
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
    assertThat(f.message())
        .contains(WorkFixtures.SCRIPT + " command 1")
        .contains(
            "Index Scan using pgbench_accounts_pkey on pgbench_accounts -> Seq Scan on pgbench_accounts");
    assertThat(f.detail()).anyMatch(line -> line.matches("  Aggregate +\\| Aggregate"));
    assertThat(f.detail())
        .contains(
            "* ->  Index Scan using pgbench_accounts_pkey on pgbench_accounts | ->  Seq Scan on pgbench_accounts");
    assertThat(ConsoleTable.lines(report))
        .containsSubsequence(
            "PLAN_CHANGED "
                + KEY
                + ": "
                + WorkFixtures.SCRIPT
                + " command 1: SELECT abalance FROM"
                + " pgbench_accounts WHERE aid = :aid;",
            "  * ->  Index Scan using pgbench_accounts_pkey on pgbench_accounts | ->  Seq Scan on"
                + " pgbench_accounts");
    assertThat(MarkdownReport.of(report))
        .contains(
            "```text\n",
            "* ->  Index Scan using"
                + " pgbench_accounts_pkey on pgbench_accounts | ->  Seq Scan on pgbench_accounts\n");
    assertThat(JsonReport.of(report)).contains("\"verdict\" : \"PLAN_CHANGED\"", "\"detail\" : [");
    assertThat(with(report, Verdict.WORK_REGRESSION)).isEmpty();
  }

  @Test
  void aBaselineFromAnotherMachineStillGatesWorkWhileTimingMismatches() throws IOException {
    Build elsewhere = Build.usual().on(WorkFixtures.OTHER_MACHINE);

    CheckReport regressed =
        check(elsewhere, Build.usual().blocks(150).plan(WorkFixtures.SEQ_PLAN), 3);
    CheckReport same = check(elsewhere, Build.usual(), 4);

    assertThat(with(regressed, Verdict.FINGERPRINT_MISMATCH))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains("machine"));
    assertThat(with(regressed, Verdict.PLAN_CHANGED)).hasSize(1);
    assertThat(with(regressed, Verdict.WORK_REGRESSION)).isNotEmpty();
    assertThat(with(same, Verdict.FINGERPRINT_MISMATCH)).hasSize(1);
    assertThat(work(same))
        .singleElement()
        .satisfies(f -> assertThat(f.verdict()).isEqualTo(Verdict.PASS));
  }

  @Test
  void newAndGoneStatementsWarnByName() throws IOException {
    String audit = "INSERT INTO audit(aid) VALUES ($1)";
    CheckReport report = check(Build.usual(), Build.usual().extra(audit).withoutUpdate(), 5);

    List<Finding> changed = with(report, Verdict.STATEMENT_CHANGED);
    assertThat(changed).extracting(f -> f.work().change()).containsExactlyInAnyOrder("new", "gone");
    assertThat(changed).allSatisfy(f -> assertThat(f.action()).isEqualTo(Action.WARN));
    assertThat(changed)
        .anySatisfy(f -> assertThat(f.message()).contains("new since the baseline", audit));
    assertThat(changed)
        .anySatisfy(f -> assertThat(f.message()).contains("is gone", WorkFixtures.UPDATE));
    assertThat(report.failed()).isFalse();
  }

  @Test
  void aTimingRegressionOrInconclusiveNamesTheTestsWorkChangesBesideIt() throws IOException {
    CheckReport report =
        check(Build.usual(), Build.usual().tps(133).blocks(150).plan(WorkFixtures.SEQ_PLAN), 7);

    Finding tps =
        report.findings().stream().filter(f -> f.metric() == Metric.TPS).findFirst().orElseThrow();
    assertThat(tps.verdict()).isIn(Verdict.REGRESSION, Verdict.INCONCLUSIVE);
    assertThat(tps.message())
        .contains(
            "; work: plan changed: Index Scan using"
                + " pgbench_accounts_pkey on pgbench_accounts -> Seq Scan on pgbench_accounts;"
                + " shared blocks per transaction ");
    CheckReport calm = check(Build.usual(), Build.usual().tps(133), 8);
    assertThat(calm.findings().stream().filter(f -> f.metric() == Metric.TPS))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).doesNotContain("work:"));
  }

  /**
   * Plans of tiny, hot tables flip between unchanged builds: a plan the baseline has seen is no
   * change.
   */
  @Test
  void aPlanSeenInAnOlderBaselineBuildIsNoChange() throws IOException {
    Path store = dir.resolve("store-flip");
    WorkFixtures.baseline(store, KEY, 1, 3, Build.usual().plan(WorkFixtures.SEQ_PLAN), 700);
    WorkFixtures.baseline(store, KEY, 2, 3, Build.usual(), 710);
    Path seq = dir.resolve("results-flip-seq");
    WorkFixtures.trials(seq, KEY, 3, Build.usual().plan(WorkFixtures.SEQ_PLAN), 750);
    Path other = dir.resolve("results-flip-other");
    WorkFixtures.trials(
        other,
        KEY,
        3,
        Build.usual().plan(WorkFixtures.SEQ_PLAN.replace("pgbench_accounts\"", "pgbench_other\"")),
        760);

    Gate gate = new Gate(GateSettings.defaults());
    CheckReport seen =
        gate.check(ResultFiles.read(seq), Baseline.fromStore(new BaselineStore(store)));
    CheckReport unseen =
        gate.check(ResultFiles.read(other), Baseline.fromStore(new BaselineStore(store)));

    assertThat(with(seen, Verdict.PLAN_CHANGED)).isEmpty();
    assertThat(with(unseen, Verdict.PLAN_CHANGED))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains("in none of its builds"));
  }

  @Test
  void actionsAreConfigured() throws IOException {
    GateSettings warn =
        new GateSettings(
            GateSettings.DEFAULT_LEVEL,
            GateSettings.DEFAULT_MINIMUM_EFFECT,
            GateSettings.DEFAULT_METRICS,
            Map.of(
                Verdict.PLAN_CHANGED,
                Action.WARN,
                Verdict.WORK_REGRESSION,
                Action.WARN,
                Verdict.STATEMENT_CHANGED,
                Action.FAIL));

    CheckReport report =
        check(
            Build.usual(),
            Build.usual().blocks(150).plan(WorkFixtures.SEQ_PLAN).extra("SELECT 1"),
            6,
            warn);

    assertThat(with(report, Verdict.PLAN_CHANGED))
        .extracting(Finding::action)
        .containsOnly(Action.WARN);
    assertThat(with(report, Verdict.WORK_REGRESSION))
        .extracting(Finding::action)
        .containsOnly(Action.WARN);
    assertThat(with(report, Verdict.STATEMENT_CHANGED))
        .extracting(Finding::action)
        .containsExactly(Action.FAIL);
  }

  /**
   * Issue 34: a change that wraps each transaction's work in a savepoint (pgjdbc names every one
   * anew, JDBC_SAVEPOINT_1, _2 ...) gave thousands of STATEMENT_CHANGED; it is two new statements.
   */
  @Test
  void aSavepointPerTransactionIsTwoNewStatementsNotThousands() throws IOException {
    CheckReport report = check(Build.usual(), Build.usual().withSavepoints(), 9);

    assertThat(with(report, Verdict.STATEMENT_CHANGED))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.items()).containsExactly("RELEASE SAVEPOINT <name>", "SAVEPOINT <name>");
              assertThat(f.message())
                  .contains(
                      "2 statements new since the baseline: \"RELEASE"
                          + " SAVEPOINT <name>\", \"SAVEPOINT <name>\"");
              assertThat(f.work().what()).isEqualTo("2 statements");
            });
    // Two round trips added to every transaction: a regression naming both, in place of the
    // bare statements per transaction (2 -> 4).
    assertThat(work(report))
        .extracting(Finding::verdict)
        .containsExactlyInAnyOrder(Verdict.STATEMENT_CHANGED, Verdict.WORK_REGRESSION);
    assertThat(with(report, Verdict.WORK_REGRESSION))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.message())
                  .contains(
                      "calls per transaction 2 -> 4: new RELEASE SAVEPOINT"
                          + " <name> (1 per transaction), new SAVEPOINT <name> (1 per transaction)");
              assertThat(f.items()).containsExactly("RELEASE SAVEPOINT <name>", "SAVEPOINT <name>");
            });
    assertThat(report.failed()).isTrue();
  }

  @Test
  void manyNewStatementsAreOneFindingNamingTheFirstAndListingAll() throws IOException {
    Path store = dir.resolve("store-many");
    WorkFixtures.baseline(store, KEY, 3, 3, Build.usual(), 1100);
    Path results = dir.resolve("results-many");
    WorkFixtures.trials(results, KEY, 3, Build.usual(), 1150);
    // 142 statements the baseline never ran, in every trial.
    List<Sample> now =
        ResultFiles.read(results).samples().get(KEY).stream()
            .map(
                s -> {
                  Map<String, StatementFigures> statements =
                      new java.util.TreeMap<>(s.work().statements());
                  for (int i = 100; i < 242; i++) {
                    statements.put(
                        "SELECT " + i + " FROM audit",
                        new StatementFigures(
                            60,
                            Map.of(
                                "sharedBlocksPerCall",
                                1.0,
                                "rowsPerCall",
                                1.0,
                                "tempBlocksPerCall",
                                0.0)));
                  }
                  Work w = s.work();
                  return new Sample(
                      s.key(),
                      s.build(),
                      s.source(),
                      s.startedAt(),
                      s.values(),
                      s.fingerprint(),
                      new Work(
                          w.fingerprint(),
                          w.perTransaction(),
                          statements,
                          w.plans(),
                          w.waits(),
                          w.statementEvictions()),
                      s.othersShare(),
                      s.transactions());
                })
            .toList();

    List<Finding> findings =
        new WorkGate(GateSettings.defaults())
            .compare(KEY, now, Baseline.fromStore(new BaselineStore(store)).samples().get(KEY));

    assertThat(findings)
        .filteredOn(f -> f.verdict() == Verdict.STATEMENT_CHANGED)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.items()).hasSize(142).startsWith("SELECT 100 FROM audit");
              assertThat(f.message())
                  .isEqualTo(
                      KEY
                          + ": 142 statements new since the baseline,"
                          + " e.g. \"SELECT 100 FROM audit\", \"SELECT 101 FROM audit\", \"SELECT 102 FROM"
                          + " audit\" (all 142 in check.json) (an intended change? then record a baseline"
                          + " with mvn verify pgperf:baseline)");
              assertThat(Cells.of(f))
                  .containsSequence("142 statements", "STATEMENT_CHANGED", "-", "called", "new");
            });
  }

  @Test
  void incompleteStatementCountersAreSaidAndNeitherPassNorFail() throws IOException {
    // 50 times the blocks per call would fail as a WORK_REGRESSION; on counters pg_stat_statements
    // may have left short, it is not judged.
    CheckReport report = check(Build.usual(), Build.usual().blocks(150).evicted(2), 10);

    assertThat(with(report, Verdict.WORK_REGRESSION)).isEmpty();
    assertThat(with(report, Verdict.INCOMPLETE_WORK))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.action()).isEqualTo(Action.WARN);
              assertThat(f.message())
                  .isEqualTo(
                      KEY
                          + ": statement counters incomplete in 3 of 3"
                          + " trials: pg_stat_statements evicted entries during those runs (more distinct"
                          + " statements than pg_stat_statements.max keeps; raise it), so their counters may be"
                          + " short; per-statement and per-transaction figures not compared");
              assertThat(f.work().candidate()).isEqualTo("3 of 3 incomplete");
              assertThat(f.work().baseline()).isEqualTo("complete");
            });
    // The plan, which does not come from pg_stat_statements, is still compared.
    assertThat(with(report, Verdict.PASS).stream().filter(f -> f.work() != null))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains(": 1 work figures"));
    assertThat(report.failed()).isFalse();
    assertThat(report.headline().text()).startsWith("compared ").contains("1 INCOMPLETE_WORK");
    // Configured to fail, it fails the build.
    CheckReport strict =
        check(
            Build.usual(),
            Build.usual().evicted(2),
            11,
            new GateSettings(
                GateSettings.DEFAULT_LEVEL,
                GateSettings.DEFAULT_MINIMUM_EFFECT,
                GateSettings.DEFAULT_METRICS,
                Map.of(Verdict.INCOMPLETE_WORK, Action.FAIL)));
    assertThat(strict.failed()).isTrue();
  }

  /**
   * The savepoints of generated names that issue 34's change added overflow pg_stat_statements
   * itself (5,000 entries; 2 clients taking 4,000 savepoints each): its trials are incomplete, and
   * still the two new statements, which ran, are named.
   */
  @Test
  void statementsThatRanAreNewEvenWhereTheCountersAreIncomplete() throws IOException {
    CheckReport report = check(Build.usual(), Build.usual().withSavepoints().evicted(35), 12);

    assertThat(with(report, Verdict.STATEMENT_CHANGED))
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.items())
                    .containsExactly("RELEASE SAVEPOINT <name>", "SAVEPOINT <name>"));
    assertThat(with(report, Verdict.INCOMPLETE_WORK)).hasSize(1);
    // Absence is not known in incomplete trials: nothing is called gone.
    CheckReport gone = check(Build.usual(), Build.usual().withoutUpdate().evicted(1), 13);
    assertThat(with(gone, Verdict.STATEMENT_CHANGED)).isEmpty();
    assertThat(with(gone, Verdict.INCOMPLETE_WORK)).hasSize(1);
  }

  @Test
  void baselineSamplesWithIncompleteCountersAreLeftOutAndTheRestCompared() throws IOException {
    Path store = dir.resolve("store-evicted");
    WorkFixtures.baseline(store, KEY, 1, 3, Build.usual().evicted(1), 1200);
    WorkFixtures.baseline(store, KEY, 2, 3, Build.usual().evicted(0), 1201);
    Path results = dir.resolve("results-evicted");
    WorkFixtures.trials(results, KEY, 3, Build.usual().blocks(150).evicted(0), 1250);

    CheckReport report =
        new Gate(GateSettings.defaults())
            .check(ResultFiles.read(results), Baseline.fromStore(new BaselineStore(store)));

    assertThat(with(report, Verdict.WORK_REGRESSION))
        .isNotEmpty()
        .allSatisfy(f -> assertThat(f.message()).contains("the largest of 6 baseline samples"));
    assertThat(with(report, Verdict.INCOMPLETE_WORK))
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("incomplete in 3 of 9 baseline samples")
                    .endsWith(
                        "figures compared on the complete runs only (3 trials, 6 baseline"
                            + " samples)"));
  }
}
