package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.Stats;

/**
 * Throughput must be at least {@code minimum} processed transactions per second of benchmark time
 * (pgbench's tps, failed and skipped transactions not counted). Text form: {@code tps>=500}.
 *
 * @param minimum the floor in transactions per second, finite and not negative
 */
record TpsFloor(double minimum) implements Threshold {

  TpsFloor {
    if (!Double.isFinite(minimum) || minimum < 0) {
      throw new InvalidThresholdException(
          "tps floor must be a finite number of at least 0, was " + Figures.plain(minimum));
    }
  }

  @Override
  public String text() {
    return "tps>=" + Figures.plain(minimum);
  }

  @Override
  public String metric() {
    return "tps";
  }

  @Override
  public String relation() {
    return "at least";
  }

  @Override
  public ThresholdCheck check(Stats stats, double seconds) {
    if (!(seconds > 0)) {
      return new ThresholdCheck(
          this, false, Double.NaN, minimum, "tps", "no benchmark time was measured");
    }
    double tps = stats.counts().processed() / seconds;
    return new ThresholdCheck(this, tps >= minimum, tps, minimum, "tps", "");
  }
}
