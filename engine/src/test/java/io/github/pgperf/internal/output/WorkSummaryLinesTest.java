package io.github.pgperf.internal.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.SampleRuns;
import io.github.pgperf.work.SampleWork;
import io.github.pgperf.work.ServerCpu;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.Unavailable;
import io.github.pgperf.work.WorkPart;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The server-work lines of a summary, computed per transaction from a result's figures. */
class WorkSummaryLinesTest {

  @Test
  void perTransactionFiguresComeFromTheStatementsWhenThereAreAny() {
    RunResult run = SampleRuns.run(1, 1, 1000).withServerWork(SampleWork.full(1));
    Counts c = run.totalCounts();
    long transactions = c.processed() + c.failed();

    assertThat(WorkSummary.lines(run))
        .containsExactly(
            String.format(
                java.util.Locale.ROOT,
                "server work per transaction: %.1f shared blocks"
                    + " (%.1f read), 0.0 temp blocks, %,.0f WAL bytes, %.1f statements",
                909.0 / transactions,
                9.0 / transactions,
                180.0 / transactions,
                300.0 / transactions),
            "waits: CPU 55.0%, Client:ClientRead 40.0%, Lock:transactionid 5.0% (50 samples every"
                + " 10 ms)",
            // Lock:transactionid: 5% of the samples, each worth the window over the samples.
            String.format(
                java.util.Locale.ROOT,
                "lock waits per transaction: %.3f ms (5%% of the backends' wait samples)",
                run.lockWaitPerTransactionMicros() / 1e3),
            String.format(
                java.util.Locale.ROOT,
                "server CPU per transaction: %.3f ms (backends %.3f ms)",
                105.0 / transactions,
                90.0 / transactions),
            // 2 s of CPU, 1.5 s busy: pgperf 0.6 s, the server 0.105 s, others the remaining 0.795
            // s
            "machine CPU: 75% busy (pgperf 30%, server 5%, others 40%)",
            "checkpoints in the window: 1 (timed 0, requested 1), 17 buffers written");
  }

  @Test
  void withoutStatementsTheDatabasesCountersAndWhatIsMissingAreSaid() {
    RunResult run = SampleRuns.run(1, 1, 1000).withServerWork(SampleWork.partial(1));
    assertThat(WorkSummary.lines(run))
        .first()
        .asString()
        .startsWith("server work per transaction: ")
        .contains("the database's, catalogs too")
        .contains("WAL bytes (whole server)");
    assertThat(WorkSummary.lines(run))
        .last()
        .isEqualTo(
            "not captured: per-statement work, server CPU (why: the result's serverWork.unavailable)");
    assertThat(WorkSummary.lines(SampleRuns.run(1, 1, 10))).isEmpty();
  }

  @Test
  void statementsEvictedDuringTheRunAreSaidIncompleteWithTheSettingToRaise() {
    RunResult evicted =
        SampleRuns.run(1, 1, 1000).withServerWork(SampleWork.full(1).withStatementEvictions(3L));
    RunResult complete =
        SampleRuns.run(1, 1, 1000).withServerWork(SampleWork.full(1).withStatementEvictions(0L));

    assertThat(WorkSummary.lines(evicted))
        .element(1)
        .isEqualTo(
            "per-statement work incomplete:"
                + " pg_stat_statements evicted its least-used entries 3 times during the run (more"
                + " distinct statements than pg_stat_statements.max keeps), so statements' counters may"
                + " be short; raise pg_stat_statements.max (a restart) for complete counters");
    assertThat(WorkSummary.lines(complete)).noneMatch(line -> line.contains("incomplete"));
  }

  @Test
  void aContainersCpuIsSaidToBeTheWholeContainersAndItsBackgroundProcessesNotMissing() {
    ServerWork full = SampleWork.full(1);
    ServerWork inContainer =
        new ServerWork(
            full.windowSeconds(),
            full.statements(),
            full.database(),
            full.wal(),
            full.checkpoints(),
            full.waits(),
            ServerCpu.ofContainer(250_000, full.cpu().machine()),
            List.of(new Unavailable(WorkPart.BACKGROUND_CPU, "the server runs in a container")));
    RunResult run = SampleRuns.run(1, 1, 1000).withServerWork(inContainer);
    Counts c = run.totalCounts();
    long transactions = c.processed() + c.failed();

    assertThat(WorkSummary.lines(run))
        .contains(
            String.format(
                java.util.Locale.ROOT,
                "server CPU per transaction: %.3f ms (the whole container)",
                250.0 / transactions),
            // 2 s of CPU, 1.5 s busy: pgperf 0.6 s, the container 0.25 s, others 0.65 s
            "machine CPU: 75% busy (pgperf 30%, server 13%, others 33%)")
        .last()
        .isEqualTo("not captured: plans (why: the result's serverWork.unavailable)");
  }
}
