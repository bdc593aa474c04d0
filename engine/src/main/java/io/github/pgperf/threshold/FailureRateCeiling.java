package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Stats;

/**
 * At most {@code percent} percent of the transactions that ended may have failed (serialization,
 * deadlock or other errors on their last try), counted as pgbench counts its failure percentage:
 * failed over processed, failed and skipped. Text form: {@code failures<=0.1%}.
 *
 * @param percent the ceiling in percent, from 0 to 100: {@code 0.1} means one failure in a thousand
 *     transactions
 */
record FailureRateCeiling(double percent) implements Threshold {

  FailureRateCeiling {
    if (!(percent >= 0 && percent <= 100)) {
      throw new InvalidThresholdException(
          "failure-rate ceiling must be a percentage from 0 to 100, was " + Figures.plain(percent));
    }
  }

  @Override
  public String text() {
    return "failures<=" + Figures.plain(percent) + "%";
  }

  @Override
  public String metric() {
    return "failure rate";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(Stats stats, double seconds) {
    Counts counts = stats.counts();
    if (counts.total() == 0) {
      return new ThresholdCheck(this, false, Double.NaN, percent, "%", "no transaction ended");
    }
    double rate = 100.0 * counts.failed() / counts.total();
    return new ThresholdCheck(
        this,
        rate <= percent,
        rate,
        percent,
        "%",
        counts.failed() + " of " + counts.total() + " transactions failed");
  }
}
