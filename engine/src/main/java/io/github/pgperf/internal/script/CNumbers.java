package io.github.pgperf.internal.script;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Number parsing and printing as pgbench does them with the C library (strtod, strtol, {@code
 * %.15g}, {@code %f}), so values read and printed by pgperf are character for character pgbench's.
 */
final class CNumbers {

  private static final MathContext FIFTEEN_DIGITS = new MathContext(15, RoundingMode.HALF_EVEN);

  private CNumbers() {}

  /**
   * The double C's strtod reads from the whole of {@code s}, or NaN with {@link #isValidDouble}
   * false when strtod would not consume all of it.
   */
  static double strtod(String s) {
    String java = toJavaSyntax(s);
    if (java == null) {
      return Double.NaN;
    }
    return Double.parseDouble(java);
  }

  /** Whether strtod consumes all of {@code s} (leading white space allowed, trailing not). */
  static boolean isValidDouble(String s) {
    return toJavaSyntax(s) != null;
  }

  /**
   * Whether strtod would report ERANGE for {@code s}, whose value is {@code value}: an overflow to
   * infinity, or an underflow to zero or into the subnormal range.
   */
  static boolean outOfRange(String s, double value) {
    if (Double.isInfinite(value)) {
      String t = s.strip().toLowerCase(java.util.Locale.ROOT);
      return !(t.endsWith("inf") || t.endsWith("infinity"));
    }
    if (value == 0) {
      return hasNonZeroMantissa(s);
    }
    return Math.abs(value) < Double.MIN_NORMAL && !Double.isNaN(value);
  }

  /** C's {@code %.15g} as PostgreSQL's snprintf prints it ({@code NaN}, {@code Infinity}). */
  static String formatG15(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    if (d == 0) {
      return (Double.doubleToRawLongBits(d) < 0) ? "-0" : "0";
    }
    BigDecimal rounded = new BigDecimal(d).round(FIFTEEN_DIGITS);
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= 15) {
      String digits = stripZeros(rounded.unscaledValue().abs().toString());
      StringBuilder out = new StringBuilder(24);
      if (d < 0) {
        out.append('-');
      }
      out.append(digits.charAt(0));
      if (digits.length() > 1) {
        out.append('.').append(digits, 1, digits.length());
      }
      out.append(exponent < 0 ? "e-" : "e+");
      int abs = Math.abs(exponent);
      if (abs < 10) {
        out.append('0');
      }
      return out.append(abs).toString();
    }
    String plain =
        rounded.setScale(Math.max(0, 14 - exponent), RoundingMode.HALF_EVEN).toPlainString();
    if (plain.indexOf('.') >= 0) {
      plain = stripZeros(plain);
      if (plain.endsWith(".")) {
        plain = plain.substring(0, plain.length() - 1);
      }
    }
    return plain;
  }

  /** C's {@code %f} as PostgreSQL's snprintf prints it. */
  static String formatF6(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    String plain = new BigDecimal(d).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
    if (Double.doubleToRawLongBits(d) < 0 && !plain.startsWith("-")) {
      plain = "-" + plain;
    }
    return plain;
  }

  private static String stripZeros(String digits) {
    int e = digits.length();
    while (e > 1 && digits.charAt(e - 1) == '0') {
      e--;
    }
    return digits.substring(0, e);
  }

  private static boolean hasNonZeroMantissa(String s) {
    String t = s.strip().toLowerCase(java.util.Locale.ROOT);
    boolean hex = t.startsWith("0x") || t.startsWith("-0x") || t.startsWith("+0x");
    int i = t.indexOf('x') + 1;
    for (; i < t.length(); i++) {
      char c = t.charAt(i);
      if (!hex && (c == 'e')) {
        return false;
      }
      if (hex && c == 'p') {
        return false;
      }
      if ((c >= '1' && c <= '9') || (hex && c >= 'a' && c <= 'f')) {
        return true;
      }
    }
    return false;
  }

  /**
   * Rewrites a C strtod input into Double.parseDouble's syntax, or null when strtod would stop
   * before the end of the string.
   */
  private static String toJavaSyntax(String s) {
    int i = 0;
    int n = s.length();
    while (i < n && isCSpace(s.charAt(i))) {
      i++;
    }
    int signStart = i;
    if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      i++;
    }
    String sign = s.substring(signStart, i);
    String rest = s.substring(i);
    String lower = rest.toLowerCase(java.util.Locale.ROOT);
    if (lower.equals("inf") || lower.equals("infinity")) {
      return sign + "Infinity";
    }
    if (lower.equals("nan")
        || (lower.startsWith("nan(")
            && lower.endsWith(")")
            && lower.substring(4, lower.length() - 1).chars().allMatch(CNumbers::isNanChar))) {
      return "NaN";
    }
    if (lower.startsWith("0x")) {
      return hexSyntax(sign, lower.substring(2));
    }
    int p = 0;
    int digits = 0;
    while (p < rest.length() && isDigit(rest.charAt(p))) {
      p++;
      digits++;
    }
    if (p < rest.length() && rest.charAt(p) == '.') {
      p++;
      while (p < rest.length() && isDigit(rest.charAt(p))) {
        p++;
        digits++;
      }
    }
    if (digits == 0) {
      return null;
    }
    if (p < rest.length() && (rest.charAt(p) == 'e' || rest.charAt(p) == 'E')) {
      int q = p + 1;
      if (q < rest.length() && (rest.charAt(q) == '+' || rest.charAt(q) == '-')) {
        q++;
      }
      int expDigits = q;
      while (q < rest.length() && isDigit(rest.charAt(q))) {
        q++;
      }
      if (q > expDigits) {
        p = q;
      }
    }
    if (p != rest.length()) {
      return null;
    }
    return sign + rest;
  }

  private static String hexSyntax(String sign, String hex) {
    int p = 0;
    int digits = 0;
    while (p < hex.length() && Character.digit(hex.charAt(p), 16) >= 0) {
      p++;
      digits++;
    }
    if (p < hex.length() && hex.charAt(p) == '.') {
      p++;
      while (p < hex.length() && Character.digit(hex.charAt(p), 16) >= 0) {
        p++;
        digits++;
      }
    }
    if (digits == 0) {
      // strtod reads just the "0" and stops at the "x".
      return null;
    }
    String mantissa = hex.substring(0, p);
    String exponent = "p0";
    if (p < hex.length() && hex.charAt(p) == 'p') {
      int q = p + 1;
      if (q < hex.length() && (hex.charAt(q) == '+' || hex.charAt(q) == '-')) {
        q++;
      }
      int expDigits = q;
      while (q < hex.length() && isDigit(hex.charAt(q))) {
        q++;
      }
      if (q > expDigits) {
        exponent = hex.substring(p, q);
        p = q;
      }
    }
    if (p != hex.length()) {
      return null;
    }
    return sign + "0x" + mantissa + exponent;
  }

  private static boolean isNanChar(int c) {
    return Character.isLetterOrDigit(c) && c < 0x80 || c == '_';
  }

  static boolean isCSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0b || c == '\f' || c == '\r';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
