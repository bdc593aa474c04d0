package io.github.pgperf.gate;

import java.util.Locale;

/** What an outcome does to the build. */
public enum Action {
  /** Nothing to report beyond the table. */
  PASS,
  /** Reported as a warning; the build goes on. */
  WARN,
  /** Reported as an error; the build fails. */
  FAIL;

  /**
   * {@code fail} or {@code warn} (case ignored), as configured for an outcome.
   *
   * @throws IllegalArgumentException naming {@code what} otherwise
   */
  public static Action parse(String text, String what) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("fail")) {
      return FAIL;
    }
    if (t.equals("warn")) {
      return WARN;
    }
    throw new IllegalArgumentException(
        what + " must be \"fail\" or \"warn\", not \"" + text + "\"");
  }
}
