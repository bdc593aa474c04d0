package io.github.pgperf.internal.output;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.Moments;
import io.github.pgperf.result.RunSettings;

/**
 * Lines of pgbench's {@code -l} transaction log and its {@code --aggregate-interval} form, and the
 * log files' names. The per-transaction methods append to a caller's {@link StringBuilder} and
 * allocate nothing, since they run once per transaction.
 *
 * <p>Per transaction: {@code client_id transaction_no time script_no time_epoch time_us
 * [schedule_lag] [retries]}, where {@code time} is the latency in µs, or {@code skipped}, or {@code
 * failed} ({@code serialization} / {@code deadlock} with {@code --failures-detailed}); {@code
 * schedule_lag} appears under {@code -R}, {@code retries} when {@code --max-tries} is not 1.
 *
 * <p>Aggregated, one line per interval: {@code interval_start num_transactions sum_latency
 * sum_latency_2 min_latency max_latency sum_lag sum_lag_2 min_lag max_lag skipped retried retries
 * serialization_failures deadlock_failures}, all fields always present (pgbench 15).
 */
public final class TransactionLog {

  private final boolean withLag;
  private final boolean withRetries;
  private final boolean failuresDetailed;

  /** The log format of a run of {@code workload}. */
  public TransactionLog(RunSettings workload) {
    this.withLag = workload.rate() > 0;
    this.withRetries = workload.maxTries() != 1;
    this.failuresDetailed = workload.failuresDetailed();
  }

  /**
   * The log file of a thread: {@code <prefix>.<pid>} for thread 0, {@code <prefix>.<pid>.<thread>}
   * for the others ({@code prefix} is {@code pgbench_log} unless {@code --log-prefix} says
   * otherwise).
   */
  public static String fileName(String prefix, long pid, int thread) {
    return thread == 0 ? prefix + "." + pid : prefix + "." + pid + "." + thread;
  }

  /**
   * Appends the line of a processed transaction (no line break).
   *
   * @param client client number, from 0
   * @param transactionNo the client's transaction count including this one
   * @param latencyMicros latency, µs
   * @param script script number, from 0
   * @param epochMicros when it ended, µs since the Unix epoch
   * @param lagMicros schedule lag, µs (written only under {@code -R})
   * @param tries tries it took (written as retries, {@code tries - 1}, when retries are logged)
   */
  public void appendProcessed(
      StringBuilder out,
      int client,
      long transactionNo,
      long latencyMicros,
      int script,
      long epochMicros,
      long lagMicros,
      int tries) {
    out.append(client).append(' ').append(transactionNo).append(' ').append(latencyMicros);
    appendRest(out, script, epochMicros, lagMicros, tries);
  }

  /** Appends the line of a failed transaction; parameters as in {@link #appendProcessed}. */
  public void appendFailed(
      StringBuilder out,
      int client,
      long transactionNo,
      FailureKind kind,
      int script,
      long epochMicros,
      long lagMicros,
      int tries) {
    String word = "failed";
    if (failuresDetailed) {
      if (kind == FailureKind.SERIALIZATION) {
        word = "serialization";
      } else if (kind == FailureKind.DEADLOCK) {
        word = "deadlock";
      }
    }
    out.append(client).append(' ').append(transactionNo).append(' ').append(word);
    appendRest(out, script, epochMicros, lagMicros, tries);
  }

  /** Appends the line of a skipped transaction; parameters as in {@link #appendProcessed}. */
  public void appendSkipped(
      StringBuilder out,
      int client,
      long transactionNo,
      int script,
      long epochMicros,
      long lagMicros,
      int tries) {
    out.append(client).append(' ').append(transactionNo).append(" skipped");
    appendRest(out, script, epochMicros, lagMicros, tries);
  }

  private void appendRest(
      StringBuilder out, int script, long epochMicros, long lagMicros, int tries) {
    out.append(' ')
        .append(script)
        .append(' ')
        .append(epochMicros / 1_000_000)
        .append(' ')
        .append(epochMicros % 1_000_000);
    if (withLag) {
      out.append(' ').append(lagMicros);
    }
    if (withRetries) {
      out.append(' ').append(tries - 1);
    }
  }

  /**
   * The aggregated line of one interval (no line break).
   *
   * @param intervalStartEpochSeconds start of the interval, whole seconds since the Unix epoch
   * @param counts what ended in the interval; {@code num_transactions} is the processed ones
   * @param latency latencies of processed transactions, µs
   * @param lag schedule lags of processed transactions, µs
   */
  public static String aggregateLine(
      long intervalStartEpochSeconds, Counts counts, Moments latency, Moments lag) {
    return intervalStartEpochSeconds
        + " "
        + counts.processed()
        + " "
        + latency.sum()
        + " "
        + CFloat.fixed(latency.sumOfSquares(), 0)
        + " "
        + latency.min()
        + " "
        + latency.max()
        + " "
        + lag.sum()
        + " "
        + CFloat.fixed(lag.sumOfSquares(), 0)
        + " "
        + lag.min()
        + " "
        + lag.max()
        + " "
        + counts.skipped()
        + " "
        + counts.retried()
        + " "
        + counts.retries()
        + " "
        + counts.serializationFailures()
        + " "
        + counts.deadlockFailures();
  }
}
