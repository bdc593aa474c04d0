package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.work.ServerWork;

/**
 * The run's statements may touch at most {@code perTransaction} shared blocks (found in shared
 * buffers or read) per processed transaction, as {@code pg_stat_statements} counts them: what an
 * index lost or a plan gone bad multiplies on any machine. Text form: {@code blocks/tx<=200}.
 *
 * @param perTransaction the ceiling in blocks per transaction, finite and not negative
 */
record SharedBlocksCeiling(double perTransaction) implements WorkThreshold {

  SharedBlocksCeiling {
    if (!Double.isFinite(perTransaction) || perTransaction < 0) {
      throw new InvalidThresholdException(
          "shared blocks per transaction ceiling must be a finite"
              + " number of at least 0, was "
              + Figures.plain(perTransaction));
    }
  }

  @Override
  public String text() {
    return "blocks/tx<=" + Figures.plain(perTransaction);
  }

  @Override
  public String metric() {
    return "shared blocks per transaction";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(ServerWork work, long transactions) {
    return PerTransaction.check(
        this,
        work,
        transactions,
        w -> w.statementBlocks().sharedAccessed(),
        perTransaction,
        "blocks",
        "blocks");
  }

  @Override
  public ThresholdCheck notChecked(String why) {
    return ThresholdCheck.notChecked(this, perTransaction, "blocks", why);
  }
}
