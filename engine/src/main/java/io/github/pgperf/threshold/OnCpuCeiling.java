package io.github.pgperf.threshold;

import java.time.Duration;

/** Judges a ceiling on a run's time per transaction that may not have been measured. */
final class OnCpuCeiling {

  private OnCpuCeiling() {}

  /**
   * @param micros the run's figure per processed transaction, µs; NaN when not measured
   * @param why why it was not measured
   */
  static ThresholdCheck check(Threshold threshold, double micros, Duration limit, String why) {
    double limitMillis = limit.toNanos() / 1e6;
    if (Double.isNaN(micros)) {
      return ThresholdCheck.notChecked(threshold, limitMillis, "ms", why);
    }
    return new ThresholdCheck(
        threshold, micros * 1_000 <= limit.toNanos(), micros / 1e3, limitMillis, "ms", "");
  }
}
