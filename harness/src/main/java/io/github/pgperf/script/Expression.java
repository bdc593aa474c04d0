package io.github.pgperf.script;

/**
 * An expression of pgbench's expression language, as used by {@code \set}, {@code \if} and
 * {@code \elif}.
 *
 * <p>CONTRACT STUB (to be replaced by the expression implementation): {@link #parse(String)} is the
 * only entry point the script parser relies on.
 */
public interface Expression {

  /**
   * Parses the text of an expression (the part of a {@code \set} line after the variable name).
   *
   * @throws ExpressionSyntaxException with pgbench's message (for example {@code syntax error} or
   *     {@code unexpected number of arguments (random)}) and the 0-based offset in {@code text}
   *     where pgbench puts its caret
   */
  static Expression parse(String text) throws ExpressionSyntaxException {
    throw new UnsupportedOperationException("not yet implemented");
  }
}
