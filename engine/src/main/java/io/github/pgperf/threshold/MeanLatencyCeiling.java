package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.Stats;
import java.time.Duration;

/**
 * The mean latency of processed transactions (exact, from the sum of their latencies) must be at
 * most {@code limit}. Text form: {@code mean<=5ms}.
 *
 * @param limit the ceiling, positive and at most 1 hour
 */
record MeanLatencyCeiling(Duration limit) implements Threshold {

  MeanLatencyCeiling {
    Durations.positive("mean latency ceiling", limit);
  }

  @Override
  public String text() {
    return "mean<=" + Figures.duration(limit);
  }

  @Override
  public String metric() {
    return "mean latency";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(Stats stats, double seconds) {
    return ThresholdCheck.ofLatency(this, stats.latency(), limit, Latencies::meanMicros);
  }
}
