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
  SHARED_BLOCKS_PER_TRANSACTION("sharedBlocksPerTransaction", "shared blocks per transaction",
      GateSettings.WORK_BLOCKS_FLOOR, false),
  /** Temporary-file blocks (read + written) of all statements over processed transactions. */
  TEMP_BLOCKS_PER_TRANSACTION("tempBlocksPerTransaction", "temp blocks per transaction",
      GateSettings.WORK_BLOCKS_FLOOR, false),
  /** WAL bytes of all statements (the run's own, not the server's) over processed transactions. */
  WAL_BYTES_PER_TRANSACTION("walBytesPerTransaction", "WAL bytes per transaction",
      GateSettings.WORK_WAL_BYTES_FLOOR, false),
  /** A statement's shared blocks (hit + read) per call. */
  SHARED_BLOCKS_PER_CALL("sharedBlocksPerCall", "shared blocks per call",
      GateSettings.WORK_BLOCKS_FLOOR, true),
  /** A statement's rows returned or affected per call. */
  ROWS_PER_CALL("rowsPerCall", "rows per call", GateSettings.WORK_ROWS_FLOOR, true),
  /** A statement's temporary-file blocks (read + written) per call. */
  TEMP_BLOCKS_PER_CALL("tempBlocksPerCall", "temp blocks per call",
      GateSettings.WORK_BLOCKS_FLOOR, true);

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

  /** The name in the baseline store: {@code sharedBlocksPerCall}. */
  public String label() {
    return label;
  }

  /** As printed: {@code shared blocks per call}. */
  public String words() {
    return words;
  }

  /** The least growth that counts, in the metric's unit, beside {@link GateSettings#WORK_TOLERANCE}. */
  public double floor() {
    return floor;
  }

  /** Whether it is a statement's, per call (else a test's, per transaction). */
  public boolean perCall() {
    return perCall;
  }

  /**
   * Whether {@code now} is a regression against {@code baseline}, the baseline's largest value:
   * more than the tolerance above it, and by more than the floor.
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
    throw new IllegalArgumentException("unknown work metric \"" + label + "\" (known: "
        + Arrays.stream(values()).map(WorkMetric::label).toList() + ")");
  }

  /** {@code 4}, {@code 1,912}, {@code 1.05}: whole numbers from 100 on, else two decimals at most. */
  public static String format(double v) {
    if (Math.abs(v) >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    String s = String.format(Locale.ROOT, "%.2f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
