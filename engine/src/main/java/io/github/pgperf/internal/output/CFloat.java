package io.github.pgperf.internal.output;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Fixed-point number text as C's printf writes it ({@code %.3f}, {@code %f}, ...).
 *
 * <p>Java's {@code %.3f} rounds the shortest decimal form of a double half-up, so a double just
 * below a tie (0.0005 is stored as 0.000499999...) comes out one digit higher than in C, which
 * rounds the exact binary value. pgbench's numbers must print identically, hence the exact
 * expansion here. Not-a-number and infinities read as PostgreSQL's own printf writes them.
 */
final class CFloat {

  private CFloat() {}

  /** {@code value} with {@code decimals} digits after the point, like C's {@code %.Nf}. */
  static String fixed(double value, int decimals) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "Infinity" : "-Infinity";
    }
    String text = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    // C keeps the sign of a negative value that rounds to zero ("-0.000").
    if ((value < 0 || (value == 0 && 1 / value < 0)) && !text.startsWith("-")) {
      return "-" + text;
    }
    return text;
  }
}
