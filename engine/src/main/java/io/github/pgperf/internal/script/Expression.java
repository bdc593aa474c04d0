package io.github.pgperf.internal.script;

/**
 * A parsed expression of pgbench's expression language, as used by {@code \set}, {@code \if} and
 * {@code \elif}. Immutable and shareable between clients; evaluate it with an {@link
 * ExpressionEvaluator}.
 */
public sealed interface Expression permits Literal, VariableReference, FunctionCall {

  /**
   * Parses the text of an expression (the part of a {@code \set} line after the variable name, or
   * of an {@code \if}/{@code \elif} line after the command). Function arities are checked here, as
   * pgbench does at parse time.
   *
   * @throws ExpressionSyntaxException with pgbench's message (for example {@code syntax error} or
   *     {@code unexpected number of arguments (random)}) and the 0-based offset in {@code text}
   *     where pgbench puts its caret
   */
  static Expression parse(String text) throws ExpressionSyntaxException {
    return ExpressionParser.parse(text);
  }
}
