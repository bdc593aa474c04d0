package io.github.pgperf.internal.script;

import java.util.function.LongSupplier;

/**
 * The seed of a run, chosen as pgbench chooses it: from {@code --random-seed}, else from the
 * environment variable {@code PGBENCH_RANDOM_SEED}, else from the clock.
 *
 * @param value the seed, an unsigned 64-bit number (it is {@code :random_seed}, read as signed)
 * @param explicit whether an option or the environment named it; pgbench then prints {@code setting
 *     random seed to} {@link #unsignedText()}
 */
public record RandomSeed(long value, boolean explicit) {

  /** The environment variable pgbench reads its seed from. */
  public static final String ENVIRONMENT_VARIABLE = "PGBENCH_RANDOM_SEED";

  /**
   * Resolves the seed. A seed text is {@code time} (microseconds of the clock), {@code rand} (a
   * strong random number) or an unsigned decimal integer.
   *
   * @param option the {@code --random-seed} value, or null
   * @param environment the value of {@code PGBENCH_RANDOM_SEED}, or null; checked even when an
   *     option is given, as pgbench does
   * @param clockMicros the clock, in microseconds, for {@code time} and for no seed at all
   * @param strongRandom the source for {@code rand}
   * @throws IllegalArgumentException {@code unrecognized random seed option "x"} for a text that is
   *     none of these (pgbench adds {@code Expecting an unsigned integer, "time" or "rand".})
   */
  public static RandomSeed resolve(
      String option, String environment, LongSupplier clockMicros, LongSupplier strongRandom) {
    RandomSeed fromEnvironment = parse(environment, clockMicros, strongRandom);
    return option == null ? fromEnvironment : parse(option, clockMicros, strongRandom);
  }

  private static RandomSeed parse(
      String text, LongSupplier clockMicros, LongSupplier strongRandom) {
    if (text == null) {
      return new RandomSeed(clockMicros.getAsLong(), false);
    }
    if (text.equals("time")) {
      return new RandomSeed(clockMicros.getAsLong(), true);
    }
    if (text.equals("rand")) {
      return new RandomSeed(strongRandom.getAsLong(), true);
    }
    return new RandomSeed(parseUnsigned(text), true);
  }

  /** As C's {@code sscanf("%lu%c")}: spaces, an optional sign, decimal digits, nothing after. */
  private static long parseUnsigned(String text) {
    int i = 0;
    while (i < text.length() && CNumbers.isCSpace(text.charAt(i))) {
      i++;
    }
    boolean negative = false;
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      negative = text.charAt(i) == '-';
      i++;
    }
    int digits = i;
    long value = 0;
    boolean overflow = false;
    while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
      int d = text.charAt(i) - '0';
      if (Long.compareUnsigned(value, Long.divideUnsigned(-1L - d, 10)) > 0) {
        overflow = true;
      }
      value = value * 10 + d;
      i++;
    }
    if (i == digits || i != text.length()) {
      throw new IllegalArgumentException("unrecognized random seed option \"" + text + "\"");
    }
    if (overflow) {
      return -1L;
    }
    return negative ? -value : value;
  }

  /** The seed as pgbench prints it. */
  public String unsignedText() {
    return Long.toUnsignedString(value);
  }
}
