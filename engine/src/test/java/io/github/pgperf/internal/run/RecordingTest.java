package io.github.pgperf.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.output.TransactionLog;
import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.Counts;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.Interval;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.Moments;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ScriptResult;
import io.github.pgperf.result.StatementResult;
import io.github.pgperf.result.Stats;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runner's side: accumulators, thread recorders and the result built from them. */
class RecordingTest {

  private static final RunSettings WORKLOAD = SampleResults.workload(2, 1);

  @Test
  void accumulatorCountsLikePgbench() {
    StatsAccumulator a = new StatsAccumulator(50_000);
    a.recordProcessed(1_000, 10, 1);
    a.recordProcessed(60_000, 30, 3); // late, retried twice
    a.recordFailure(FailureKind.SERIALIZATION, 2);
    a.recordFailure(FailureKind.DEADLOCK, 1);
    a.recordSkipped();
    assertThat(a.counts()).isEqualTo(new Counts(2, 1, 1, 0, 2, 3, 1, 1));
    assertThat(a.latencyMoments()).isEqualTo(new Moments(2, 61_000, 1e6 + 3.6e9, 1_000, 60_000));
    assertThat(a.lagMoments()).isEqualTo(new Moments(2, 40, 1000, 10, 30));
    Stats s = a.snapshot();
    assertThat(s.latency().meanMicros()).isEqualTo(30_500.0);
    assertThat(s.latency().stddevMicros()).isEqualTo(29_500.0);
    assertThat(s.latency().percentileMicros(50)).isEqualTo(1_000);
    assertThat(s.latency().percentileMicros(100)).isEqualTo(60_000);
    a.reset();
    assertThat(a.counts()).isEqualTo(Counts.NONE);
    assertThat(a.snapshot()).isEqualTo(Stats.NONE);
  }

  @Test
  void addingAccumulatorsEqualsRecordingIntoOne() {
    StatsAccumulator one = new StatsAccumulator(1_000);
    StatsAccumulator a = new StatsAccumulator(1_000);
    StatsAccumulator b = new StatsAccumulator(1_000);
    for (int i = 0; i < 1_000; i++) {
      StatsAccumulator half = i % 3 == 0 ? a : b;
      long latency = 50 + (i * 7919L) % 5_000;
      one.recordProcessed(latency, i % 11, 1 + i % 2);
      half.recordProcessed(latency, i % 11, 1 + i % 2);
      if (i % 10 == 0) {
        one.recordFailure(FailureKind.DEADLOCK, 3);
        half.recordFailure(FailureKind.DEADLOCK, 3);
        one.recordSkipped();
        half.recordSkipped();
      }
    }
    StatsAccumulator sum = new StatsAccumulator(1_000);
    sum.add(a);
    sum.add(b);
    assertThat(sum.snapshot()).isEqualTo(one.snapshot());
    assertThat(sum.latencyMoments()).isEqualTo(one.latencyMoments());
    assertThat(sum.lagMoments()).isEqualTo(one.lagMoments());
  }

  @Test
  void latenciesAboveOneHourAreKeptAsOneHour() {
    StatsAccumulator a = new StatsAccumulator(0);
    a.recordProcessed(5_000_000_000L, 0, 1);
    assertThat(a.snapshot().latency().maxMicros()).isEqualTo(Latencies.HIGHEST_MICROS);
    assertThat(a.snapshot().counts().late()).isZero();
  }

  @Test
  void timelineHasAnIntervalPerSecondIncludingEmptyOnesAndAShortLastOne() {
    ThreadRecorder r = new ThreadRecorder(WORKLOAD, SampleResults.COMMANDS, 1_000_000);
    r.processed(0, 100_000, 500, 0, 1);
    r.processed(1, 900_000, 700, 0, 1);
    r.failed(0, 2_500_000, FailureKind.SERIALIZATION, 1); // nothing ends in second 1
    r.processed(0, 3_200_000, 900, 0, 1);
    r.finish(3_500_000);
    RunResult result = build(List.of(r));
    List<Interval> t = result.timeline();
    assertThat(t)
        .extracting(Interval::startMicros)
        .containsExactly(0L, 1_000_000L, 2_000_000L, 3_000_000L);
    assertThat(t)
        .extracting(Interval::lengthMicros)
        .containsExactly(1_000_000L, 1_000_000L, 1_000_000L, 500_000L);
    assertThat(t.get(0).tps()).isEqualTo(2.0);
    assertThat(t.get(0).max()).isEqualTo(700);
    assertThat(t.get(1).stats()).isEqualTo(Stats.NONE);
    assertThat(t.get(2).failed()).isEqualTo(1);
    assertThat(t.get(3).tps()).isEqualTo(2.0);
    assertThat(t.get(3).p50()).isEqualTo(900);
    // Timeline and scripts describe the same transactions.
    Stats fromTimeline = t.stream().map(Interval::stats).reduce(Stats.NONE, Stats::plus);
    assertThat(fromTimeline).isEqualTo(result.total());
  }

  @Test
  void threadsAddUpIntoTheResult() {
    ThreadRecorder a = new ThreadRecorder(WORKLOAD, SampleResults.COMMANDS, 0);
    ThreadRecorder b = new ThreadRecorder(WORKLOAD, SampleResults.COMMANDS, 0);
    a.processed(0, 1, 1_000, 0, 1);
    a.command(0, 0, 10);
    a.command(0, 1, 990);
    b.processed(0, 1, 3_000, 0, 2);
    b.command(0, 0, 20);
    b.command(0, 1, 2_980);
    b.commandRetried(0, 1);
    b.failed(1, 2, FailureKind.OTHER, 1);
    b.commandFailed(1, 0);
    a.connected(700);
    b.connected(500);
    a.finish(10);
    b.finish(10);
    RunResult r = build(List.of(a, b));
    assertThat(r.timeline()).isEmpty();
    assertThat(r.connectionMicros()).isEqualTo(1_200);
    ScriptResult s0 = r.scripts().get(0);
    assertThat(s0.stats().counts()).isEqualTo(new Counts(2, 0, 0, 0, 1, 1, 0, 0));
    assertThat(s0.stats().latency().meanMicros()).isEqualTo(2_000.0);
    assertThat(s0.statements())
        .containsExactly(
            new StatementResult(SampleResults.COMMANDS.get(0).get(0), 2, 30, 0, 0),
            new StatementResult(SampleResults.COMMANDS.get(0).get(1), 2, 3_970, 0, 1));
    assertThat(s0.statements().get(1).averageMillis()).isEqualTo(1.985);
    assertThat(r.scripts().get(1).statements().get(0).failures()).isEqualTo(1);
    assertThat(r.total().counts().otherFailures()).isEqualTo(1);
    assertThat(r.tps()).isEqualTo(2 / 10.0);
    assertThat(r.tps(0)).isEqualTo(2 / 10.0);
    assertThat(r.averageConnectionMillis()).isEqualTo(0.001 * 1_200 / 3);
  }

  @Test
  void recordingATransactionAllocatesNothing() {
    ThreadRecorder r = new ThreadRecorder(WORKLOAD, SampleResults.COMMANDS, 1_000_000_000);
    TransactionLog log = new TransactionLog(WORKLOAD);
    StringBuilder line = new StringBuilder(256);
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    for (int round = 0; round < 3; round++) { // the first rounds warm up the JIT
      long before = bean.getThreadAllocatedBytes(id);
      for (int i = 0; i < 200_000; i++) {
        r.processed(i & 1, i, 100 + (i % 5_000), i % 7, 1 + (i & 1));
        r.command(i & 1, 0, 50);
        if (i % 100 == 0) {
          r.failed(0, i, FailureKind.DEADLOCK, 2);
          r.skipped(1, i);
        }
        line.setLength(0);
        log.appendProcessed(line, 3, i, 1234, 1, 1_796_007_130_123_456L, 12, 1);
      }
      long allocated = bean.getThreadAllocatedBytes(id) - before;
      if (round == 2) {
        // Measurement itself allocates a little; 200,000 transactions allocating would be
        // megabytes.
        assertThat(allocated).isLessThan(10_000);
      }
    }
  }

  private static RunResult build(List<ThreadRecorder> threads) {
    return new RunResultBuilder(WORKLOAD)
        .client(new ClientMachine("dev", 2, "jvm", "os"))
        .startedAt(Instant.EPOCH)
        .endedAt(Instant.EPOCH.plusSeconds(10))
        .benchMicros(10_000_000)
        .build(threads);
  }
}
