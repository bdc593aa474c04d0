package io.github.pgperf.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.plan.PlanShape;
import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.Blocks;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.Unavailable;
import io.github.pgperf.work.WalUsage;
import io.github.pgperf.work.WorkPart;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Work thresholds on server work whose figures are known exactly: each passes at its limit and
 * fails just over it, and none passes when what it limits was not captured.
 */
class WorkThresholdTest {

  private static final RunResult RUN = KnownRuns.known(0, 0);
  private static final long TRANSACTIONS = RUN.totalCounts().processed();

  private static final String SEQ_SCAN =
      """
      [{"Plan": {"Node Type": "Seq Scan", "Relation Name": "entry", "Alias": "entry"}}]""";
  private static final String INDEX_SCAN =
      """
      [{"Plan": {"Node Type": "Index Scan", "Index Name": "entry_pkey",
        "Relation Name": "entry", "Alias": "entry", "Scan Direction": "Forward"}}]""";

  /** Two statements: 3 and 5 shared blocks, 7 temp blocks, 100 and 300 WAL bytes in all. */
  private static List<StatementWork> statements() {
    return List.of(
        new StatementWork(
            "select a",
            10,
            10,
            0,
            2.0,
            0,
            new Blocks(2, 1, 0, 0, 0, 0, 0, 0, 3, 4),
            new WalUsage(1, 0, 100),
            0,
            0),
        new StatementWork(
            "update b",
            10,
            10,
            0,
            1.0,
            0,
            new Blocks(5, 0, 0, 0, 0, 0, 0, 0, 0, 0),
            new WalUsage(2, 0, 300),
            0,
            0));
  }

  private static StatementPlan planned(String sql, String json) {
    return new StatementPlan("s.sql", 0, sql, PlanShape.fromExplainJson(json), null);
  }

  private static StatementPlan unplanned(String sql, String reason) {
    return new StatementPlan("s.sql", 1, sql, null, reason);
  }

  /** Server work with only the parts given; every other part says why it is missing. */
  private static RunResult run(
      List<StatementWork> statements, List<StatementPlan> plans, String plansPartly) {
    List<Unavailable> why = new ArrayList<>();
    for (WorkPart part :
        List.of(
            WorkPart.DATABASE,
            WorkPart.WAL,
            WorkPart.CHECKPOINTS,
            WorkPart.WAITS,
            WorkPart.SERVER_CPU)) {
      why.add(new Unavailable(part, "not read in this test"));
    }
    if (statements == null) {
      why.add(new Unavailable(WorkPart.STATEMENTS, "pg_stat_statements is not installed"));
    }
    if (plans == null || plansPartly != null) {
      why.add(
          new Unavailable(
              WorkPart.PLANS, plansPartly == null ? "plans were not taken" : plansPartly));
    }
    return RUN.withServerWork(
        new ServerWork(1, statements, null, null, null, null, null, why, plans));
  }

  @Test
  void sharedBlocksAndWalArePerProcessedTransactionAndPassAtTheirLimit() {
    RunResult run = run(statements(), List.of(), null);
    double blocks = 8.0 / TRANSACTIONS;
    ThresholdCheck atLimit = new SharedBlocksCeiling(blocks).check(run);
    assertThat(atLimit.passed()).isTrue();
    assertThat(atLimit.measured()).isEqualTo(blocks);
    assertThat(atLimit.note()).isEqualTo("8 blocks in " + TRANSACTIONS + " transactions");
    assertThat(new SharedBlocksCeiling(blocks * 0.999).check(run).passed()).isFalse();

    double wal = 400.0 / TRANSACTIONS;
    assertThat(new WalCeiling(wal).check(run).passed()).isTrue();
    ThresholdCheck over = new WalCeiling(wal * 0.999).check(run);
    assertThat(over.passed()).isFalse();
    assertThat(over.describe())
        .startsWith("wal/tx<=")
        .contains(" failed: WAL bytes per" + " transaction ")
        .contains("(400 bytes in " + TRANSACTIONS + " transactions)");
  }

  @Test
  void tempBlocksCountReadAndWritten() {
    RunResult run = run(statements(), List.of(), null);
    assertThat(new TempBlocksCeiling(7).check(run).passed()).isTrue();
    ThresholdCheck none = new TempBlocksCeiling(0).check(run);
    assertThat(none.passed()).isFalse();
    assertThat(none.describe()).isEqualTo("temp=0 failed: temporary blocks 7, expected at most 0");
  }

  @Test
  void aSequentialScanOnTheTableFailsAndNamesTheStatement() {
    RunResult scanned =
        run(
            statements(),
            List.of(
                planned("select * from entry", SEQ_SCAN),
                planned("select * from entry where id = :id", INDEX_SCAN),
                unplanned("BEGIN;", "\"begin\" has no plan")),
            null);
    ThresholdCheck v = new SequentialScanBan("entry").check(scanned);
    assertThat(v.passed()).isFalse();
    assertThat(v.describe())
        .isEqualTo(
            "seqscan(entry)=0 failed: statements scanning entry"
                + " sequentially 1 (of 2 planned statements: select * from entry), expected at most 0");
    assertThat(new SequentialScanBan("account").check(scanned).passed())
        .as("another table")
        .isTrue();

    RunResult indexed =
        run(statements(), List.of(planned("select * from entry where id = :id", INDEX_SCAN)), null);
    assertThat(new SequentialScanBan("entry").check(indexed).passed()).isTrue();
  }

  @Test
  void incompleteCountersWithinTheCeilingAreNotCheckedAndAboveItFail() {
    RunResult run = run(statements(), List.of(), null);
    RunResult evicted = run.withServerWork(run.serverWork().withStatementEvictions(2L));
    for (WorkThreshold t :
        List.of(
            new SharedBlocksCeiling(1e9),
            new WalCeiling(1e9),
            new TempBlocksCeiling(Long.MAX_VALUE))) {
      ThresholdCheck v = t.check(evicted);
      assertThat(v.passed()).as(t.text()).isFalse();
      assertThat(v.checked()).isFalse();
      assertThat(v.describe())
          .isEqualTo(
              t.text()
                  + " not checked: pg_stat_statements evicted its"
                  + " least-used entries 2 times during the run (more distinct statements than"
                  + " pg_stat_statements.max keeps), so statements' counters may be short; raise"
                  + " pg_stat_statements.max (a restart) for complete counters");
      assertThat(t.check(run.withServerWork(run.serverWork().withStatementEvictions(0L))).passed())
          .isTrue();
    }
    // Short counters above the ceiling: the real figure is above it too.
    ThresholdCheck over = new TempBlocksCeiling(6).check(evicted);
    assertThat(over.checked()).isTrue();
    assertThat(over.passed()).isFalse();
    assertThat(new SharedBlocksCeiling(1.0 / TRANSACTIONS).check(evicted).checked()).isTrue();
  }

  @Test
  void notCapturedIsNeverAPassButNotCheckedWithTheReason() {
    RunResult noStatements = run(null, List.of(), null);
    for (WorkThreshold t :
        List.of(
            new SharedBlocksCeiling(1e9),
            new WalCeiling(1e9),
            new TempBlocksCeiling(Long.MAX_VALUE))) {
      ThresholdCheck v = t.check(noStatements);
      assertThat(v.passed()).as(t.text()).isFalse();
      assertThat(v.checked()).isFalse();
      assertThat(v.describe())
          .isEqualTo(t.text() + " not checked: pg_stat_statements is not installed");
    }

    String java = "the statements of Java transactions are not planned";
    ThresholdCheck partly =
        new SequentialScanBan("entry")
            .check(
                run(
                    statements(),
                    List.of(planned("select * from entry where id = :id", INDEX_SCAN)),
                    java));
    assertThat(partly.passed()).isFalse();
    assertThat(partly.describe()).isEqualTo("seqscan(entry)=0 not checked: " + java);
    assertThat(new SequentialScanBan("entry").check(run(statements(), null, null)).describe())
        .isEqualTo("seqscan(entry)=0 not checked: plans were not taken");
    ThresholdCheck compound =
        new SequentialScanBan("entry")
            .check(
                run(
                    statements(),
                    List.of(
                        unplanned(
                            "select 1 \\; select * from entry",
                            "a compound command (\\;) is not planned")),
                    null));
    assertThat(compound.describe())
        .isEqualTo(
            "seqscan(entry)=0 not checked: select 1 \\; select"
                + " * from entry (s.sql) was not planned: a compound command (\\;) is not planned");

    ThresholdCheck noWork = new TempBlocksCeiling(0).check(RUN);
    assertThat(noWork.passed()).isFalse();
    assertThat(noWork.measuredText())
        .isEqualTo(
            "not checked: the run captured no server work"
                + " (pgperf.serverCounters=false, or a Runner without CaptureSettings)");
  }

  @Test
  void aScriptOrIntervalIsNotCheckedTheWorkIsPerRun() {
    RunResult run = run(statements(), List.of(), null);
    ThresholdCheck v = new TempBlocksCeiling(100).check(run.total(), run.benchSeconds());
    assertThat(v.passed()).isFalse();
    assertThat(v.describe())
        .isEqualTo(
            "temp<=100 not checked: the server's work is measured for"
                + " the whole run, not per script or interval");
  }

  @Test
  void perTransactionFiguresFailARunThatProcessedNothing() {
    RunResult empty =
        KnownRuns.empty().withServerWork(run(statements(), List.of(), null).serverWork());
    ThresholdCheck v = new SharedBlocksCeiling(1e9).check(empty);
    assertThat(v.passed()).isFalse();
    assertThat(v.measuredText()).isEqualTo("none (no transaction was processed)");
  }

  @Test
  void figuresOutOfRangeAreRefusedWithTheThresholdAndTheValue() {
    assertThatThrownBy(() -> new SharedBlocksCeiling(Double.NaN))
        .isInstanceOf(InvalidThresholdException.class)
        .hasMessage(
            "shared blocks per transaction ceiling must be a finite number of at least 0,"
                + " was NaN");
    assertThatThrownBy(() -> new WalCeiling(Double.POSITIVE_INFINITY))
        .hasMessage(
            "WAL bytes per transaction ceiling must be a finite number of at least 0,"
                + " was Infinity");
    assertThatThrownBy(() -> new TempBlocksCeiling(-3))
        .hasMessage("temporary blocks ceiling must be at least 0, was -3");
    assertThatThrownBy(() -> new SequentialScanBan(null))
        .hasMessageEndingWith("at most 63 bytes), was null");
    assertThatThrownBy(() -> new SequentialScanBan("e".repeat(64)))
        .hasMessageEndingWith("was \"" + "e".repeat(64) + "\"");
    assertThat(new SequentialScanBan("e".repeat(63)).text()).hasSize(63 + 11);
  }
}
