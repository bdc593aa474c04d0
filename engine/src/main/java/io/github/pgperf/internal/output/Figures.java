package io.github.pgperf.internal.output;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/** How thresholds and verdicts write numbers and durations, so every message reads the same. */
public final class Figures {

  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final long NANOS_PER_MILLI = 1_000_000L;
  private static final long NANOS_PER_MICRO = 1_000L;

  private Figures() {}

  /**
   * {@code value} rounded to at most {@code maxDecimals} decimals with trailing zeros dropped but
   * one decimal kept ({@code 500.0}, {@code 412.3}, {@code 1.234}); {@code none} for NaN.
   */
  public static String decimal(double value, int maxDecimals) {
    if (Double.isNaN(value)) {
      return "none";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "infinity" : "-infinity";
    }
    BigDecimal b =
        new BigDecimal(value).setScale(maxDecimals, RoundingMode.HALF_EVEN).stripTrailingZeros();
    return (b.scale() < 1 ? b.setScale(1) : b).toPlainString();
  }

  /** The shortest plain text of a number as a user would write it: {@code 500}, {@code 99.9}. */
  public static String plain(double value) {
    if (!Double.isFinite(value)) {
      return Double.toString(value);
    }
    BigDecimal b = BigDecimal.valueOf(value).stripTrailingZeros();
    return (b.scale() < 0 ? b.setScale(0) : b).toPlainString();
  }

  /**
   * A duration in the threshold grammar's form, in the largest unit that keeps it whole: {@code
   * 2s}, {@code 20ms}, {@code 1500us}, {@code 0.5us}.
   */
  public static String duration(Duration d) {
    long nanos = d.toNanos();
    if (nanos % NANOS_PER_SECOND == 0) {
      return nanos / NANOS_PER_SECOND + "s";
    }
    if (nanos % NANOS_PER_MILLI == 0) {
      return nanos / NANOS_PER_MILLI + "ms";
    }
    if (nanos % NANOS_PER_MICRO == 0) {
      return nanos / NANOS_PER_MICRO + "us";
    }
    return BigDecimal.valueOf(nanos).movePointLeft(3).toPlainString() + "us";
  }

  /**
   * A number of bytes in the threshold grammar's form, in the largest of PostgreSQL's units that
   * keeps it whole: {@code 4kB}, {@code 16MB}, {@code 100B}, {@code 0.5B}.
   */
  public static String bytes(double bytes) {
    String[] units = {"GB", "MB", "kB"};
    double size = 1024.0 * 1024 * 1024;
    for (String unit : units) {
      if (bytes >= size && bytes % size == 0) {
        return plain(bytes / size) + unit;
      }
      size /= 1024;
    }
    return plain(bytes) + "B";
  }

  /** A duration in milliseconds, the unit latencies are shown in (as pgbench shows them). */
  public static double millis(Duration d) {
    return d.toNanos() / 1e6;
  }
}
