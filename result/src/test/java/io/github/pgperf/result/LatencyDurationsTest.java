package io.github.pgperf.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Latencies read as {@link Duration}s agree with their microsecond figures. */
class LatencyDurationsTest {

  @Test
  void aDistributionsFiguresAsDurations() {
    Histogram h = Latencies.newHistogram();
    long[] micros = {1_000, 2_000, 3_000, 40_000};
    long sum = 0;
    double squares = 0;
    for (long m : micros) {
      h.recordValue(m);
      sum += m;
      squares += (double) m * m;
    }
    Latencies l = Latencies.of(h, new Moments(micros.length, sum, squares, 1_000, 40_000));
    assertThat(l.percentile(50)).isEqualTo(Duration.ofMillis(2));
    assertThat(l.percentile(100)).isEqualTo(Duration.ofMillis(40));
    assertThat(l.mean()).isEqualTo(Duration.ofMillis(11_500).dividedBy(1000));
    assertThat(l.min()).isEqualTo(Duration.ofMillis(1));
    assertThat(l.max()).isEqualTo(Duration.ofMillis(40));
    assertThat(l.percentile(99).toNanos()).isEqualTo(l.percentileMicros(99) * 1000);
  }

  @Test
  void noLatencyIsZero() {
    Latencies none = Latencies.empty();
    assertThat(none.percentile(99)).isZero();
    assertThat(none.mean()).isZero();
    assertThat(none.meanMicros()).isNaN();
    assertThat(none.max()).isZero();
  }

  @Test
  void aRunsLatenciesAreThoseOfAllItsScripts() {
    RunResult run = SampleRuns.run(3, 2, 200);
    Latencies all = run.total().latency();
    assertThat(run.latency(99)).isEqualTo(Duration.ofNanos(all.percentileMicros(99) * 1000));
    assertThat(run.meanLatency()).isEqualTo(all.mean());
    assertThat(run.maxLatency()).isEqualTo(Duration.ofNanos(all.maxMicros() * 1000));
    assertThat(run.maxLatency()).isGreaterThanOrEqualTo(run.latency(99));
  }
}
