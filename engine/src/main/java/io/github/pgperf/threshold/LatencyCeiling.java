package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.Stats;
import java.time.Duration;

/**
 * The latency at {@code percentile} must be at most {@code limit}: {@code percentile} percent of
 * the processed transactions took no longer. Percentile 100 is the exact maximum; others come from
 * the run's latency histogram, exact below 2048 µs and within 0.1% above (see {@link
 * io.github.pgperf.result.Latencies}). Text form: {@code p99<=20ms}, {@code p99.9<=50ms}, {@code
 * max<=1s}.
 *
 * @param percentile greater than 0 and at most 100 (99.9 and 99.99 are fine)
 * @param limit the ceiling, positive and at most 1 hour
 */
record LatencyCeiling(double percentile, Duration limit) implements Threshold {

  LatencyCeiling {
    if (!(percentile > 0 && percentile <= 100)) {
      throw new InvalidThresholdException(
          "latency ceiling's percentile must be greater than 0"
              + " and at most 100, was "
              + Figures.plain(percentile));
    }
    Durations.positive("p" + Figures.plain(percentile) + " latency ceiling", limit);
  }

  /** A ceiling on the maximum latency (percentile 100). */
  static LatencyCeiling max(Duration limit) {
    return new LatencyCeiling(100, limit);
  }

  @Override
  public String text() {
    return (percentile == 100 ? "max" : "p" + Figures.plain(percentile))
        + "<="
        + Figures.duration(limit);
  }

  @Override
  public String metric() {
    return percentile == 100 ? "max latency" : "p" + Figures.plain(percentile) + " latency";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(Stats stats, double seconds) {
    return ThresholdCheck.ofLatency(
        this,
        stats.latency(),
        limit,
        latency -> percentile == 100 ? latency.maxMicros() : latency.percentileMicros(percentile));
  }
}
