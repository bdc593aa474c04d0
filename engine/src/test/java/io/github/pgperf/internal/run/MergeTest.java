package io.github.pgperf.internal.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Interval;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.work.SampleWork;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MergeTest {

  @Test
  void mergingRunsEqualsRecordingAllLatenciesIntoOneHistogram() {
    RunResult a = SampleResults.run(1, 2, 20_000);
    RunResult b = SampleResults.run(2, 1, 30_000);
    RunResult c = SampleResults.run(3, 3, 5_000);
    RunResult merged = RunResult.merge(a, b, c);

    // The reference: every latency of every run recorded into one histogram and one set of sums.
    Histogram all = Latencies.newHistogram();
    long count = 0;
    long sum = 0;
    long min = Long.MAX_VALUE;
    long max = 0;
    for (RunResult r : List.of(a, b, c)) {
      Latencies l = r.total().latency();
      all.add(l.histogram());
      count += l.count();
      sum += l.moments().sum();
      min = Math.min(min, l.minMicros());
      max = Math.max(max, l.maxMicros());
    }
    Latencies m = merged.total().latency();
    // Equality of distributions is by content: different runs differ, a merge is not its parts.
    assertThat(a.total().latency()).isNotEqualTo(b.total().latency()).isNotEqualTo(m);
    assertThat(m.count()).isEqualTo(count).isEqualTo(all.getTotalCount()).isGreaterThan(60_000);
    assertThat(m.histogram()).isEqualTo(all);
    assertThat(m.minMicros()).isEqualTo(min);
    assertThat(m.maxMicros()).isEqualTo(max);
    assertThat(m.meanMicros()).isEqualTo((double) sum / count);
    for (double p : Latencies.REPORTED_PERCENTILES) {
      assertThat(m.percentileMicros(p))
          .as("p%s", p)
          .isEqualTo(Math.min(all.getValueAtPercentile(p), max));
    }
    Counts expected = a.total().counts().plus(b.total().counts()).plus(c.total().counts());
    assertThat(merged.total().counts()).isEqualTo(expected);
    assertThat(merged.settings().clients()).isEqualTo(4 + 2 + 6);
    assertThat(merged.settings().threads()).isEqualTo(6);
    assertThat(merged.tps())
        .isCloseTo(a.tps() + b.tps() + c.tps(), org.assertj.core.data.Offset.offset(1e-6));
  }

  @Test
  void serverWorkAddsAndIsLostWhenAPartHasNone() {
    RunResult a = SampleResults.run(1, 1, 100).withServerWork(SampleWork.full(1));
    RunResult b = SampleResults.run(2, 1, 100).withServerWork(SampleWork.full(2));
    RunResult merged = RunResult.merge(a, b);
    assertThat(merged.serverWork()).isEqualTo(SampleWork.full(1).plus(SampleWork.full(2)));
    assertThat(merged.serverWork().database().commits()).isEqualTo(300);
    assertThat(merged.serverWork().statementsContaining("SELECT").get(0).calls()).isEqualTo(300);
    assertThat(RunResult.merge(a, SampleResults.run(2, 1, 100)).serverWork()).isNull();
    assertThat(
            RunResult.merge(a, b.withServerWork(SampleWork.partial(2))).serverWork().statements())
        .isNull();
  }

  @Test
  void mergingEqualsOneRecorderThatSawEveryTransaction() {
    // Two machines recording the same transaction stream halves, versus one recorder for all.
    RunSettings w = SampleResults.workload(2, 1);
    ThreadRecorder one = new ThreadRecorder(w, SampleResults.COMMANDS, 1_000_000);
    ThreadRecorder first = new ThreadRecorder(w, SampleResults.COMMANDS, 1_000_000);
    ThreadRecorder second = new ThreadRecorder(w, SampleResults.COMMANDS, 1_000_000);
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < 50_000; i++) {
      long now = i * 200L;
      long latency = SampleResults.latency(random);
      int script = i % 3 == 0 ? 1 : 0;
      one.processed(script, now, latency, 7, 1);
      (i % 2 == 0 ? first : second).processed(script, now, latency, 7, 1);
    }
    for (ThreadRecorder r : List.of(one, first, second)) {
      r.finish(10_000_000);
    }
    RunResult whole = builder(w).build(List.of(one));
    RunResult merged =
        RunResult.merge(
            builder(w.withClients(1, 1)).build(List.of(first)),
            builder(w.withClients(1, 1)).build(List.of(second)));
    assertThat(merged.scripts()).isEqualTo(whole.scripts());
    assertThat(merged.total().latency()).isEqualTo(whole.total().latency());
    assertThat(merged.timeline()).isEqualTo(whole.timeline());
    assertThat(merged.timeline()).hasSize(10);
    assertThat(merged.timeline().get(3).tps()).isEqualTo(5000.0);
  }

  @Test
  void mergeRefusesDifferentWorkloadsNamingTheDifference() {
    RunResult a = SampleResults.run(1, 1, 100);
    RunSettings other =
        new RunSettings(
            List.of(
                new RunSettings.Script("<builtin: select only>", 3),
                new RunSettings.Script("one.sql", 1)),
            2,
            1,
            new RunLength.Timed(20),
            QueryMode.PREPARED,
            500,
            50_000,
            3,
            10,
            new RunSettings.Partitioning("hash", 4),
            false,
            1,
            true,
            true,
            "sample");
    RunResult b =
        new RunResult(
            other,
            a.target(),
            a.server(),
            a.clientMachines(),
            a.startedAt(),
            a.endedAt(),
            a.benchSeconds(),
            a.initialConnectionMicros(),
            a.connectionMicros(),
            a.scripts(),
            a.timeline(),
            a.aborted(),
            a.identity());
    assertThatThrownBy(() -> RunResult.merge(a, b))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "cannot merge results: the workload of result 2 differs from that of result 1:"
                + " run length differs: Timed[seconds=10] vs Timed[seconds=20]");
  }

  @Test
  void mergeRefusesResultsFromDifferentServers() {
    RunResult a = SampleResults.run(1, 1, 100);
    RunResult b = SampleResults.run(2, 1, 100);
    RunResult c =
        new RunResult(
            b.settings(),
            b.target(),
            b.server().withProviderSettings(java.util.Map.of("synchronous_commit", "off")),
            b.clientMachines(),
            b.startedAt(),
            b.endedAt(),
            b.benchSeconds(),
            b.initialConnectionMicros(),
            b.connectionMicros(),
            b.scripts(),
            b.timeline(),
            b.aborted(),
            b.identity());
    assertThatThrownBy(() -> RunResult.merge(a, c))
        .hasMessageContaining("result 2 ran against another server");
  }

  @Test
  void mergedTimelineAddsIntervalsAtTheSameOffsetAndKeepsOthers() {
    RunResult a = SampleResults.run(1, 1, 1000);
    RunResult b = SampleResults.run(2, 1, 1000);
    List<Interval> shortened = new ArrayList<>(b.timeline().subList(0, 4));
    RunResult bShort =
        new RunResult(
            b.settings(),
            b.target(),
            b.server(),
            b.clientMachines(),
            b.startedAt(),
            b.endedAt(),
            b.benchSeconds(),
            b.initialConnectionMicros(),
            b.connectionMicros(),
            b.scripts(),
            shortened,
            b.aborted(),
            b.identity());
    RunResult merged = RunResult.merge(a, bShort);
    assertThat(merged.timeline()).hasSize(a.timeline().size());
    assertThat(merged.timeline().get(2).stats().counts())
        .isEqualTo(a.timeline().get(2).stats().counts().plus(b.timeline().get(2).stats().counts()));
    assertThat(merged.timeline().get(7)).isEqualTo(a.timeline().get(7));
  }

  @Test
  void abortedIfAnyPartAborted() {
    RunResult a = SampleResults.run(1, 1, 100);
    RunResult b = SampleResults.run(2, 1, 100);
    RunResult bAborted =
        new RunResult(
            b.settings(),
            b.target(),
            b.server(),
            b.clientMachines(),
            b.startedAt(),
            b.endedAt(),
            b.benchSeconds(),
            b.initialConnectionMicros(),
            b.connectionMicros(),
            b.scripts(),
            b.timeline(),
            true,
            null);
    assertThat(RunResult.merge(a, b).aborted()).isFalse();
    assertThat(RunResult.merge(a, bAborted).aborted()).isTrue();
  }

  private static RunResultBuilder builder(RunSettings w) {
    return new RunResultBuilder(w)
        .server(SampleResults.server())
        .client(new ClientMachine("dev", 2, "jvm", "os"))
        .startedAt(java.time.Instant.EPOCH)
        .endedAt(java.time.Instant.EPOCH.plusSeconds(10))
        .benchMicros(10_000_000);
  }
}
