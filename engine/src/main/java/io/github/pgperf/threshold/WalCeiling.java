package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.work.ServerWork;

/**
 * The run's statements may write at most {@code bytesPerTransaction} bytes of WAL per processed
 * transaction, as {@code pg_stat_statements} counts them (the run's own WAL, not the server's).
 * Text form: {@code wal/tx<=4kB}, with PostgreSQL's units ({@code B}, {@code kB}, {@code MB},
 * {@code GB}, each 1024 times the one before).
 *
 * @param bytesPerTransaction the ceiling in bytes per transaction, finite and not negative
 */
record WalCeiling(double bytesPerTransaction) implements WorkThreshold {

  WalCeiling {
    if (!Double.isFinite(bytesPerTransaction) || bytesPerTransaction < 0) {
      throw new InvalidThresholdException(
          "WAL bytes per transaction ceiling must be a finite"
              + " number of at least 0, was "
              + Figures.plain(bytesPerTransaction));
    }
  }

  @Override
  public String text() {
    return "wal/tx<=" + Figures.bytes(bytesPerTransaction);
  }

  @Override
  public String metric() {
    return "WAL bytes per transaction";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(ServerWork work, long transactions) {
    return PerTransaction.check(
        this, work, transactions, w -> w.statementWal().bytes(), bytesPerTransaction, "B", "bytes");
  }

  @Override
  public ThresholdCheck notChecked(String why) {
    return ThresholdCheck.notChecked(this, bytesPerTransaction, "B", why);
  }
}
