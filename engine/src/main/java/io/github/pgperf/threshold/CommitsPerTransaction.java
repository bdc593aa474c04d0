package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.TransactionCounts;
import io.github.pgperf.work.WorkPart;

/**
 * Each processed transaction must commit exactly {@code perTransaction} times, as {@code
 * pg_stat_database} counted them ({@code xact_commit}, pgperf's own taken out): 1 for a
 * transaction, more when autocommit splits it. The window's edges cut up to one transaction per
 * client at each end, so the count may be off by {@link TransactionCounts#edge} of itself. Text
 * form: {@code commits/tx=1}.
 *
 * @param perTransaction commits per transaction, a whole number of at least 0
 */
record CommitsPerTransaction(long perTransaction) implements WorkThreshold {

  CommitsPerTransaction {
    if (perTransaction < 0) {
      throw new InvalidThresholdException(
          "commits per transaction must be a whole number of at"
              + " least 0, was "
              + perTransaction);
    }
  }

  @Override
  public String text() {
    return "commits/tx=" + perTransaction;
  }

  @Override
  public String metric() {
    return "commits per transaction";
  }

  @Override
  public String relation() {
    return "exactly";
  }

  @Override
  public ThresholdCheck check(RunResult run) {
    ServerWork work = run.serverWork();
    if (work == null) {
      return WorkThreshold.super.check(run);
    }
    long transactions = run.totalCounts().processed();
    return check(
        work, transactions, TransactionCounts.edge(run.settings().clients(), transactions));
  }

  @Override
  public ThresholdCheck check(ServerWork work, long transactions) {
    return check(work, transactions, TransactionCounts.edge(1, transactions));
  }

  private ThresholdCheck check(ServerWork work, long transactions, double edge) {
    if (work.database() == null) {
      return notChecked(work.whyUnavailable(WorkPart.DATABASE));
    }
    if (transactions == 0) {
      return new ThresholdCheck(
          this, false, Double.NaN, perTransaction, "commits", "no transaction was processed");
    }
    long commits = work.database().commits();
    double measured = (double) commits / transactions;
    boolean met = Math.abs(measured - perTransaction) <= Math.max(1, perTransaction) * edge;
    return new ThresholdCheck(
        this,
        met,
        measured,
        perTransaction,
        "commits",
        commits
            + " commits in "
            + transactions
            + " transactions, equal within "
            + Figures.plain(Math.round(edge * 100_000) / 1000.0)
            + "% for the run's edges");
  }

  @Override
  public ThresholdCheck notChecked(String why) {
    return ThresholdCheck.notChecked(this, perTransaction, "commits", why);
  }
}
