package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.TransactionCounts;

/**
 * The run's clients may send at most {@code perTransaction} statements per processed transaction,
 * as the server counted them ({@code pg_stat_statements}' top-level calls, {@code BEGIN}, {@code
 * COMMIT} and {@code ROLLBACK} left out): round trips an N+1 or an ORM's reload add on any machine.
 * Text form: {@code statements/tx<=4}.
 *
 * @param perTransaction the ceiling, finite and not negative
 */
record StatementsCeiling(double perTransaction) implements WorkThreshold {

  StatementsCeiling {
    if (!Double.isFinite(perTransaction) || perTransaction < 0) {
      throw new InvalidThresholdException(
          "statements per transaction ceiling must be a finite"
              + " number of at least 0, was "
              + Figures.plain(perTransaction));
    }
  }

  @Override
  public String text() {
    return "statements/tx<=" + Figures.plain(perTransaction);
  }

  @Override
  public String metric() {
    return "statements per transaction";
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
        w ->
            w.statements().stream()
                .filter(s -> !TransactionCounts.transactionControl(s.query()))
                .mapToLong(s -> s.calls())
                .sum(),
        perTransaction,
        "statements",
        "statements");
  }

  @Override
  public ThresholdCheck notChecked(String why) {
    return ThresholdCheck.notChecked(this, perTransaction, "statements", why);
  }
}
