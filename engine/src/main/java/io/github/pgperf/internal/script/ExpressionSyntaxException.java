package io.github.pgperf.internal.script;

/**
 * An expression that does not parse. The script parser turns it into a message naming the file,
 * line and command, with a caret under {@link #position()}.
 */
public final class ExpressionSyntaxException extends Exception {

  private static final long serialVersionUID = 1L;

  private final int position;

  /**
   * @param message pgbench's wording, for example {@code syntax error} or {@code unexpected number
   *     of arguments (random)}
   * @param position 0-based offset into the expression text where the error was found, or -1
   */
  public ExpressionSyntaxException(String message, int position) {
    super(message);
    this.position = position;
  }

  /**
   * 0-based offset into the expression's text where pgbench puts its caret: under the last
   * character of the offending token, or {@code text.length()} when the text ended too early.
   */
  public int position() {
    return position;
  }
}
