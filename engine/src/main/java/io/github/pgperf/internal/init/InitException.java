package io.github.pgperf.internal.init;

/**
 * Initialization could not be done: bad options, an unreachable server, a failed statement.
 *
 * <p>The message is pgbench's one-line error (without the {@code pgbench: error: } prefix); the
 * detail, when present, is the line pgbench prints after it as {@code detail:}.
 */
public final class InitException extends Exception {

  private static final long serialVersionUID = 1L;

  private final String detail;

  /**
   * @param message the error, one line
   * @param detail a further line of explanation, or {@code null}
   */
  public InitException(String message, String detail) {
    super(message);
    this.detail = detail;
  }

  InitException(String message, String detail, Throwable cause) {
    super(message, cause);
    this.detail = detail;
  }

  /** The detail line, or {@code null}. */
  public String detail() {
    return detail;
  }
}
