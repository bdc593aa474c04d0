package io.github.pgperf.internal.script;

/**
 * A {@code -f file[@weight]} or {@code -b name[@weight]} argument: the weight is the part after the
 * last {@code @}, 1 when there is none.
 */
public record ScriptSpec(String name, int weight) {

  /**
   * Splits an option's argument as pgbench does.
   *
   * @throws ScriptException {@code invalid weight specification: @one} or {@code weight
   *     specification out of range (0 .. 2147483647): -1}
   */
  public static ScriptSpec parse(String argument) throws ScriptException {
    int at = argument.lastIndexOf('@');
    if (at < 0) {
      return new ScriptSpec(argument, 1);
    }
    String spec = argument.substring(at);
    Long value = strtol(spec.substring(1));
    if (value == null) {
      throw ScriptException.plain("invalid weight specification: " + spec);
    }
    if (value > Integer.MAX_VALUE || value < 0) {
      throw ScriptException.plain(
          "weight specification out of range (0 .. " + Integer.MAX_VALUE + "): " + value);
    }
    return new ScriptSpec(argument.substring(0, at), value.intValue());
  }

  /** C's strtol in base 10 over the whole string: null when it would fail or overflow. */
  private static Long strtol(String s) {
    int i = 0;
    while (i < s.length() && Atoi.isCSpace(s.charAt(i))) {
      i++;
    }
    boolean negative = false;
    if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      negative = s.charAt(i) == '-';
      i++;
    }
    int digits = i;
    while (i < s.length() && SqlLexer.isDigit(s.charAt(i))) {
      i++;
    }
    if (i == digits || i != s.length()) {
      return null;
    }
    try {
      return Long.parseLong((negative ? "-" : "") + s.substring(digits));
    } catch (NumberFormatException overflow) {
      return null;
    }
  }
}
