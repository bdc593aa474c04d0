package io.github.pgperf.internal.run;

/**
 * A run that could not start: the setup connection failed, or the tables of a built-in script are
 * missing. The message is pgbench's error line; {@link #hint()} its hint line, if any.
 */
public final class RunException extends Exception {

  private static final long serialVersionUID = 1L;

  private final String hint;

  RunException(String message, String hint) {
    super(message, null, false, false);
    this.hint = hint;
  }

  /** pgbench's hint line (without its prefix), or {@code null}. */
  public String hint() {
    return hint;
  }
}
