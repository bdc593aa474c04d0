package io.github.pgperf.threshold;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.Stats;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A limit a run must meet: a tps floor, a latency ceiling at a percentile or on the mean, a
 * failure-rate ceiling, or no failures at all; or, on the server's own work, a {@link
 * WorkThreshold} (shared blocks or WAL bytes per transaction, temporary blocks, sequential scans of
 * a table). Thresholds are immutable values, validated when made ({@link InvalidThresholdException}
 * names the threshold and the bad figure), and independent of any test framework: the AssertJ
 * assertions, the JUnit extension's annotations and the Maven plugin's report all use them.
 *
 * <h2>Text form</h2>
 *
 * <p>{@link #parse} reads the compact form users write in annotations and {@code pgperf.*}
 * properties; {@link #text()} writes it back. The grammar (spaces are allowed between tokens, but
 * not inside a keyword, number or operator; keywords are lower case, units spelled as below, a
 * table's name in its own case):
 *
 * <pre>
 * threshold  = tps | latency | mean | failures | blocks | wal | temp | seqscan | statements
 *            | commits
 * tps        = "tps" "&gt;=" number                  tps floor: processed transactions per second
 * latency    = ("p" number | "max") "&lt;=" duration   ceiling at a percentile, 0 &lt; p &lt;= 100;
 *                                                  p100 and max are the maximum latency
 * mean       = "mean" "&lt;=" duration                ceiling on the mean latency
 * failures   = "failures" "&lt;=" number "%"         failure-rate ceiling in percent
 *            | "failures" "=" number               no failed transaction at all; the number
 *                                                  must be zero (0, 0.0)
 * blocks     = "blocks/tx" "&lt;=" number            shared blocks the run's statements
 *                                                  touched per transaction
 * wal        = "wal/tx" "&lt;=" size                  WAL the run's statements wrote per
 *                                                  transaction
 * temp       = "temp" "&lt;=" number                  temporary-file blocks in all, a whole
 *            | "temp" "=" number                   number; "=" only with zero
 * seqscan    = "seqscan" "(" table ")" "=" number  no planned statement scans table whole;
 *                                                  the number must be zero
 * statements = "statements/tx" "&lt;=" number       statements the clients sent per
 *                                                  transaction (BEGIN, COMMIT... left out)
 * commits    = "commits/tx" "=" number             commits per transaction, a whole number
 * table      = a table's name as plans show it: letters, digits, "_" and "$", not starting
 *              with a digit or "$"; no schema
 * size       = number ["B" | "kB" | "MB" | "GB"]   bytes (without a unit too); 1 kB = 1024 B
 * duration   = digit {digit} ["." digit {digit}] [" "] unit
 *                                                  the duration grammar of every pgperf
 *                                                  setting ({@code result.DurationText})
 * unit       = "ns" | "us" | "µs" | "μs" | "ms" | "s" | "min" | "h"
 * number     = ["-"] digit {digit} ["." digit {digit}]
 * </pre>
 *
 * <p>Ranges, checked after parsing: tps at least 0; percentile greater than 0 and at most 100;
 * durations positive, whole nanoseconds, at most 1 hour (latencies are recorded up to 1 hour);
 * failure rate from 0 to 100 percent; blocks, sizes and temporary blocks at least 0.
 *
 * <p>Examples: {@code tps>=500}, {@code p99<=20ms}, {@code p99.9 <= 50ms}, {@code p99.99<=0.2s},
 * {@code max<=1s}, {@code mean<=5ms}, {@code failures<=0.1%}, {@code failures=0}, {@code
 * blocks/tx<=200}, {@code wal/tx<=4kB}, {@code temp=0}, {@code temp<=100}, {@code
 * seqscan(entry)=0}. Several thresholds are separated by commas ({@link #parseList}). A number may
 * carry a minus sign so that {@code tps>=-5} is refused for its value, not its spelling.
 *
 * <h2>Checking</h2>
 *
 * <p>{@link #check(RunResult)} judges a run by its totals over all scripts; {@link #check(Stats,
 * double)} judges any set of transactions (one script, one timeline interval). A threshold on
 * latency fails a run that processed no transaction, and a failure-rate ceiling fails a run in
 * which no transaction ended: with nothing measured there is nothing to pass. For the same reason a
 * {@link WorkThreshold} fails, as "not checked" with the reason, when the work it limits was not
 * captured ({@link ThresholdCheck#checked()}), and when asked about one script or interval: the
 * server's work is measured per run.
 */
@API(status = STABLE, since = "0.1.0")
public sealed interface Threshold
    permits TpsFloor,
        LatencyCeiling,
        MeanLatencyCeiling,
        FailureRateCeiling,
        FailureBan,
        WorkThreshold,
        LockWaitCeiling,
        ServerCpuCeiling {

  /**
   * Reads one threshold in the text form above.
   *
   * @throws InvalidThresholdException naming the text, the position and what was expected, or the
   *     figure that is out of range
   */
  static Threshold parse(String text) {
    return ThresholdParser.parse(text);
  }

  /**
   * Reads comma-separated thresholds ({@code "tps>=500, p99<=20ms"}); blank text gives none.
   *
   * @throws InvalidThresholdException for the first entry that is not a threshold, or an empty one
   */
  static List<Threshold> parseList(String text) {
    return ThresholdParser.parseList(text);
  }

  /** At least {@code tps} processed transactions per second: {@code tps>=N}. */
  static Threshold tpsAtLeast(double tps) {
    return new TpsFloor(tps);
  }

  /**
   * Latency at {@code percentile} (greater than 0, at most 100) no longer than {@code limit}:
   * {@code pN<=limit}.
   */
  static Threshold latencyAtMost(double percentile, Duration limit) {
    return new LatencyCeiling(percentile, limit);
  }

  /** The longest latency no longer than {@code limit}: {@code max<=limit}. */
  static Threshold maxLatencyAtMost(Duration limit) {
    return LatencyCeiling.max(limit);
  }

  /** Mean latency no longer than {@code limit}: {@code mean<=limit}. */
  static Threshold meanLatencyAtMost(Duration limit) {
    return new MeanLatencyCeiling(limit);
  }

  /**
   * The run's backends waited at most {@code limit} per processed transaction on heavyweight locks,
   * from the wait sampling: {@code lockwait/tx<=1ms}.
   */
  static Threshold lockWaitPerTransactionAtMost(Duration limit) {
    return new LockWaitCeiling(limit);
  }

  /**
   * The run's server backends spent at most {@code limit} on a core per processed transaction:
   * {@code cpu/tx<=2ms}.
   */
  static Threshold serverCpuPerTransactionAtMost(Duration limit) {
    return new ServerCpuCeiling(limit);
  }

  /** At most {@code percent} of the transactions that ended failed: {@code failures<=N%}. */
  static Threshold failureRateAtMost(double percent) {
    return new FailureRateCeiling(percent);
  }

  /** No failed transaction at all: {@code failures=0}. */
  static Threshold noFailures() {
    return new FailureBan();
  }

  /**
   * At most {@code statements} statements sent per transaction, transaction control left out:
   * {@code statements/tx<=N}.
   */
  static WorkThreshold statementsPerTransactionAtMost(double statements) {
    return new StatementsCeiling(statements);
  }

  /** Exactly {@code commits} commits per transaction: {@code commits/tx=N}. */
  static WorkThreshold commitsPerTransaction(long commits) {
    return new CommitsPerTransaction(commits);
  }

  /** At most {@code blocks} shared blocks touched per transaction: {@code blocks/tx<=N}. */
  static WorkThreshold sharedBlocksPerTransactionAtMost(double blocks) {
    return new SharedBlocksCeiling(blocks);
  }

  /** At most {@code bytes} of WAL written per transaction: {@code wal/tx<=N}. */
  static WorkThreshold walBytesPerTransactionAtMost(double bytes) {
    return new WalCeiling(bytes);
  }

  /** At most {@code blocks} temporary-file blocks in all: {@code temp<=N}. */
  static WorkThreshold tempBlocksAtMost(long blocks) {
    return new TempBlocksCeiling(blocks);
  }

  /** No planned statement scans {@code table} whole: {@code seqscan(table)=0}. */
  static WorkThreshold noSequentialScanOn(String table) {
    return new SequentialScanBan(table);
  }

  /** The threshold in its text form, which {@link #parse} reads back to an equal threshold. */
  String text();

  /**
   * What is measured, in words: {@code tps}, {@code p99.9 latency}, {@code failure rate}, {@code
   * temporary blocks}.
   */
  String metric();

  /**
   * The figure the threshold limits, as the text form names it: {@code tps}, {@code p99}, {@code
   * mean}, {@code failures} (a failure-rate ceiling and "no failures" limit the same figure),
   * {@code blocks/tx}, {@code wal/tx}, {@code temp}, {@code seqscan(table)}. A threshold set later
   * on the same figure replaces the earlier one.
   */
  default String figure() {
    if (this instanceof SharedBlocksCeiling) {
      return "blocks/tx";
    }
    if (this instanceof WalCeiling) {
      return "wal/tx";
    }
    if (this instanceof TempBlocksCeiling) {
      return "temp";
    }
    if (this instanceof SequentialScanBan ban) {
      return "seqscan(" + ban.table() + ")";
    }
    if (this instanceof TpsFloor) {
      return "tps";
    }
    if (this instanceof LatencyCeiling c) {
      return "p" + BigDecimal.valueOf(c.percentile()).stripTrailingZeros().toPlainString();
    }
    if (this instanceof MeanLatencyCeiling) {
      return "mean";
    }
    return "failures";
  }

  /** How the measured figure must compare to the limit: {@code at least} or {@code at most}. */
  String relation();

  /** Judges a run by its totals over all scripts. */
  default ThresholdCheck check(RunResult run) {
    return check(run.total(), run.benchSeconds());
  }

  /**
   * Judges a set of transactions measured over {@code seconds} (tps is processed transactions over
   * {@code seconds}; other thresholds ignore it).
   */
  ThresholdCheck check(Stats stats, double seconds);
}
