package io.github.pgperf.gate;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A work counter the gate compares, per transaction of a test or per call of a statement (from the
 * result's {@code serverWork}, {@code docs/server-work.md}). More is worse for each: more blocks,
 * rows or WAL for the same work.
 */
public enum WorkMetric {
  /** Shared blocks (hit + read) of all statements over processed transactions. */
  SHARED_BLOCKS_PER_TRANSACTION(
      "sharedBlocksPerTransaction",
      "shared blocks per transaction",
      GateSettings.WORK_BLOCKS_FLOOR,
      false),
  /** Temporary-file blocks (read + written) of all statements over processed transactions. */
  TEMP_BLOCKS_PER_TRANSACTION(
      "tempBlocksPerTransaction",
      "temp blocks per transaction",
      GateSettings.WORK_BLOCKS_FLOOR,
      false),
  /** WAL bytes of all statements (the run's own, not the server's) over processed transactions. */
  WAL_BYTES_PER_TRANSACTION(
      "walBytesPerTransaction",
      "WAL bytes per transaction",
      GateSettings.WORK_WAL_BYTES_FLOOR,
      false),
  /** A statement's shared blocks (hit + read) per call. */
  SHARED_BLOCKS_PER_CALL(
      "sharedBlocksPerCall", "shared blocks per call", GateSettings.WORK_BLOCKS_FLOOR, true),
  /** A statement's rows returned or affected per call. */
  ROWS_PER_CALL("rowsPerCall", "rows per call", GateSettings.WORK_ROWS_FLOOR, true),
  /** A statement's temporary-file blocks (read + written) per call. */
  TEMP_BLOCKS_PER_CALL(
      "tempBlocksPerCall", "temp blocks per call", GateSettings.WORK_BLOCKS_FLOOR, true),
  /**
   * Statements the clients sent per transaction, transaction control left out ({@code
   * TransactionCounts#statementsPerTransaction}): a count, compared exactly when the baseline's was
   * constant.
   */
  STATEMENTS_PER_TRANSACTION(
      "statementsPerTransaction",
      "statements per transaction",
      GateSettings.WORK_CALLS_FLOOR,
      false),
  /** Commits per transaction ({@code pg_stat_database}'s {@code xact_commit}): a count. */
  COMMITS_PER_TRANSACTION(
      "commitsPerTransaction", "commits per transaction", GateSettings.WORK_CALLS_FLOOR, false),
  /** Rollbacks per transaction ({@code xact_rollback}): a count. */
  ROLLBACKS_PER_TRANSACTION(
      "rollbacksPerTransaction", "rollbacks per transaction", GateSettings.WORK_CALLS_FLOOR, false),
  /** WAL records of all statements per transaction (unlike bytes, no full-page images in it). */
  WAL_RECORDS_PER_TRANSACTION(
      "walRecordsPerTransaction",
      "WAL records per transaction",
      GateSettings.WORK_CALLS_FLOOR,
      false),
  /** A statement's calls per transaction of the test: a count. */
  CALLS_PER_TRANSACTION(
      "callsPerTransaction", "calls per transaction", GateSettings.WORK_CALLS_FLOOR, true);

  /**
   * The metrics added after baselines were first written (format 3): a sample recorded before lacks
   * them, and they are not compared there.
   */
  private static final List<WorkMetric> LATER =
      List.of(
          STATEMENTS_PER_TRANSACTION,
          COMMITS_PER_TRANSACTION,
          ROLLBACKS_PER_TRANSACTION,
          WAL_RECORDS_PER_TRANSACTION,
          CALLS_PER_TRANSACTION);

  /**
   * The counts: whole events of a transaction's work, compared exactly (within the edges of a run's
   * window, {@link WorkTolerance}) when the baseline's were constant.
   */
  private static final List<WorkMetric> COUNTS =
      List.of(
          STATEMENTS_PER_TRANSACTION,
          COMMITS_PER_TRANSACTION,
          ROLLBACKS_PER_TRANSACTION,
          CALLS_PER_TRANSACTION,
          ROWS_PER_CALL);

  /** The test's metrics, per transaction. */
  public static final List<WorkMetric> PER_TRANSACTION =
      Arrays.stream(values()).filter(m -> !m.perCall).toList();

  /** A statement's metrics, per call. */
  public static final List<WorkMetric> PER_CALL =
      Arrays.stream(values()).filter(m -> m.perCall).toList();

  private final String label;
  private final String words;
  private final double floor;
  private final boolean perCall;

  WorkMetric(String label, String words, double floor, boolean perCall) {
    this.label = label;
    this.words = words;
    this.floor = floor;
    this.perCall = perCall;
  }

  /** Whether every sample holds it (else samples recorded before it was added lack it). */
  public boolean required() {
    return !LATER.contains(this);
  }

  /** Whether it counts whole events, so that a constant baseline is compared exactly. */
  public boolean count() {
    return COUNTS.contains(this);
  }

  /** The name in the baseline store: {@code sharedBlocksPerCall}. */
  public String label() {
    return label;
  }

  /** As printed: {@code shared blocks per call}. */
  public String words() {
    return words;
  }

  /**
   * The least growth that counts, in the metric's unit, beside the band ({@link WorkTolerance});
   * not used when the metric is compared exactly.
   */
  public double floor() {
    return floor;
  }

  /** Whether it is a statement's, per call (else a test's, per transaction). */
  public boolean perCall() {
    return perCall;
  }

  /**
   * Whether {@code now} is a regression against {@code baseline}, the baseline's largest value, by
   * the widest band: more than {@link GateSettings#WORK_TOLERANCE} above it, and by more than the
   * floor ({@link WorkTolerance} narrows it where the baseline's samples allow).
   */
  public boolean regressed(double baseline, double now) {
    return now > baseline * (1 + GateSettings.WORK_TOLERANCE) && now - baseline > floor;
  }

  /** The metric named {@code label} in the store. */
  public static WorkMetric parse(String label) {
    for (WorkMetric m : values()) {
      if (m.label.equals(label)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "unknown work metric \""
            + label
            + "\" (known: "
            + Arrays.stream(values()).map(WorkMetric::label).toList()
            + ")");
  }

  /**
   * {@code 4}, {@code 1,912}, {@code 1.05}: whole numbers from 100 on, else two decimals at most.
   */
  public static String format(double v) {
    if (Math.abs(v) >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    String s = String.format(Locale.ROOT, "%.2f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
