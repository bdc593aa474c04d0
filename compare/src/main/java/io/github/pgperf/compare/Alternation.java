package io.github.pgperf.compare;

import java.util.Locale;

/**
 * What alternates in {@code pgperf:compare} ({@code pgperf.alternate}): each test class's base and
 * candidate test JVMs, whole test JVMs of every selected class, or short slices in warm test JVMs.
 */
public enum Alternation {
  /**
   * A test JVM per test class and side: a test's base and candidate runs are one class's JVM apart,
   * so the machine's drift between them stays small however many classes there are.
   */
  CLASS,
  /**
   * A test JVM per side running every selected class, as before: for tests that share expensive
   * state per JVM (a cache, a data set loaded once), at the cost of a whole JVM between a test's
   * base and candidate runs.
   */
  JVM,
  /**
   * One warm test JVM per side for the whole comparison, running many short slices of each class (a
   * pair: one slice of each side back to back, in a random order): no JVM start, engine start or
   * server start between a test's two runs, so many more pairs fit in the same time.
   */
  SLICE;

  /** The value of {@code pgperf.alternate}, named in the message when it is none of them. */
  public static Alternation parse(String value) {
    for (Alternation a : values()) {
      if (a.name().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return a;
      }
    }
    throw new IllegalArgumentException(
        "pgperf.alternate has invalid value \""
            + value
            + "\": expected class (a pair of test JVMs per test class), jvm (a pair of test JVMs"
            + " with every class) or slice (a warm test JVM per side, running short slices)");
  }

  /** The value as written in the POM or on the command line. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }
}
