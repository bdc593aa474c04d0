package io.github.pgperf.gate;

import java.util.List;
import java.util.Locale;

/**
 * How far a work metric may grow over the baseline, learned from the baseline's samples of it
 * rather than one band for all:
 *
 * <ul>
 *   <li><b>exact</b>: a count ({@link WorkMetric#count()}: calls, statements, commits or rollbacks
 *       per transaction, rows per call) that was constant over the baseline's samples, or a whole
 *       number in each of them (one sample of a straight-line transaction), is compared exactly:
 *       any growth beyond the edges of the runs' windows is a regression. A window starts and ends
 *       with transactions under way, so a per-transaction count is off by at most {@code 2 *
 *       clients / transactions} of itself ({@code TransactionCounts.edge}); the edges of the
 *       baseline's largest and this build's smallest add, and the three decimals kept add 0.001;
 *   <li><b>learned band</b>: a metric that varied (blocks on a hot row walk HOT chains: 3.6x in the
 *       baseline of {@code WorkGateTest}) may grow by the spread it showed (largest over smallest),
 *       but never by less than {@link GateSettings#WORK_TOLERANCE} (A/A builds of the example
 *       spread blocks by up to 2.27x between builds, more than within one) and the metric's floor.
 * </ul>
 *
 * @param exact whether the metric is compared exactly
 * @param tolerance the relative growth allowed over the baseline's largest
 * @param floor the absolute growth allowed beside it
 * @param least the least relative growth allowed to a metric that varied
 */
record WorkTolerance(boolean exact, double tolerance, double floor, double least) {

  /** Rounding of the stored figures (three decimals), on both sides. */
  static final double ROUNDING = 0.001;

  /** The edge of samples that did not record theirs (recorded before it was kept). */
  static final double UNKNOWN_EDGE = 0.01;

  /**
   * The tolerance of {@code m} learned from {@code base}, the baseline's values, with the edges of
   * the baseline sample holding the largest ({@code baseEdge}) and of this build's ({@code
   * nowEdge}).
   */
  static WorkTolerance learn(WorkMetric m, List<Double> base, double baseEdge, double nowEdge) {
    return learn(m, base, baseEdge, nowEdge, false);
  }

  /**
   * The same, for a statement that changes or locks the rows it reads when {@code changesRows}: its
   * shared blocks per call are allowed at least {@link GateSettings#WORK_TOLERANCE_CHANGING_ROWS}.
   */
  static WorkTolerance learn(
      WorkMetric m, List<Double> base, double baseEdge, double nowEdge, boolean changesRows) {
    double max = base.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    double min = base.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    double edge = baseEdge + nowEdge;
    if (m.count()) {
      boolean constant = base.size() >= 2 && max - min <= max * edge + ROUNDING;
      boolean whole =
          base.stream().allMatch(v -> Math.abs(v - Math.rint(v)) <= v * edge + ROUNDING / 2);
      if (constant || whole) {
        boolean database =
            m == WorkMetric.COMMITS_PER_TRANSACTION || m == WorkMetric.ROLLBACKS_PER_TRANSACTION;
        return new WorkTolerance(
            true, edge, database ? GateSettings.WORK_STRAY_COMMITS : ROUNDING, 0);
      }
    }
    double spread = min > 0 ? max / min - 1 : 0;
    double least =
        changesRows && m == WorkMetric.SHARED_BLOCKS_PER_CALL
            ? GateSettings.WORK_TOLERANCE_CHANGING_ROWS
            : GateSettings.WORK_TOLERANCE;
    return new WorkTolerance(false, Math.max(least, spread), m.floor(), least);
  }

  /** Whether {@code now} regressed against {@code before}, the baseline's largest. */
  boolean regressed(double before, double now) {
    return now > before * (1 + tolerance) + (exact ? floor : 0) && (exact || now - before > floor);
  }

  /** What a regression is, for the finding's sentence. */
  String describe() {
    if (exact) {
      return "compared exactly: the baseline's were constant; a regression is more than the runs'"
          + " edges ("
          + percent(tolerance)
          + ")"
          + (floor > ROUNDING
              ? " and " + WorkMetric.format(floor) + " (the database's other transactions)"
              : "")
          + " above the baseline's largest";
    }
    return "a regression is more than "
        + Judge.percent(tolerance)
        + " (the baseline's spread, at"
        + " least "
        + Judge.percent(least)
        + (least == GateSettings.WORK_TOLERANCE
            ? ""
            : " for a statement that changes or locks rows")
        + ") and more than "
        + WorkMetric.format(floor)
        + " above the baseline's largest";
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
  }
}
