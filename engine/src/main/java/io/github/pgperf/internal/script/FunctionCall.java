package io.github.pgperf.internal.script;

import java.util.List;

/** A function or operator applied to its arguments, in pgbench's evaluation order. */
record FunctionCall(Function function, List<Expression> arguments) implements Expression {

  FunctionCall {
    arguments = List.copyOf(arguments);
  }
}
