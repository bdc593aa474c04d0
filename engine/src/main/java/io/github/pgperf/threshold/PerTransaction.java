package io.github.pgperf.threshold;

import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.WorkPart;
import java.util.function.ToLongFunction;

/**
 * Judges a ceiling on a figure of the run's statements per processed transaction (shared blocks,
 * WAL bytes): not checked without {@code pg_stat_statements}' figures, nor when they are within the
 * ceiling but incomplete (entries were evicted during the run: the figure may be short; above the
 * ceiling it fails all the same), failed when no transaction was processed (there is no figure per
 * transaction to meet the ceiling with).
 */
final class PerTransaction {

  private PerTransaction() {}

  /**
   * @param threshold the ceiling judged
   * @param total the statements' total of the figure in the run
   * @param ceiling the ceiling per transaction, in {@code unit}
   * @param counted what the total counts, for the verdict's detail ({@code blocks}, {@code bytes})
   */
  static ThresholdCheck check(
      WorkThreshold threshold,
      ServerWork work,
      long transactions,
      ToLongFunction<ServerWork> total,
      double ceiling,
      String unit,
      String counted) {
    if (work.statements() == null) {
      return threshold.notChecked(work.whyUnavailable(WorkPart.STATEMENTS));
    }
    if (transactions == 0) {
      return new ThresholdCheck(
          threshold, false, Double.NaN, ceiling, unit, "no transaction was processed");
    }
    long sum = total.applyAsLong(work);
    double measured = (double) sum / transactions;
    if (measured <= ceiling && work.statementsIncomplete()) {
      return threshold.notChecked(work.whyStatementsIncomplete());
    }
    return new ThresholdCheck(
        threshold,
        measured <= ceiling,
        measured,
        ceiling,
        unit,
        sum + " " + counted + " in " + transactions + " transactions");
  }
}
