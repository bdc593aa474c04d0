package io.github.pgperf.internal.script;

/** C's {@code atoi}: pgbench reads sleep amounts with it, so junk after the digits is ignored. */
final class Atoi {

  private Atoi() {}

  static int parse(String s) {
    int i = 0;
    int n = s.length();
    while (i < n && isCSpace(s.charAt(i))) {
      i++;
    }
    boolean negative = false;
    if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      negative = s.charAt(i) == '-';
      i++;
    }
    long value = 0;
    while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      int digit = s.charAt(i) - '0';
      if (value > (Long.MAX_VALUE - digit) / 10) {
        // strtol saturates at LONG_MAX / LONG_MIN; atoi keeps the low 32 bits of that.
        return (int) (negative ? Long.MIN_VALUE : Long.MAX_VALUE);
      }
      value = value * 10 + digit;
      i++;
    }
    // atoi is strtol cast to int: the low 32 bits of the long.
    return (int) (negative ? -value : value);
  }

  static boolean isCSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
  }
}
