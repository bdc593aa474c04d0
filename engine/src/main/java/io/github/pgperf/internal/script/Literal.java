package io.github.pgperf.internal.script;

/**
 * A constant: {@code NULL}, {@code TRUE}/{@code FALSE}, an integer or a double. A boolean is held
 * in {@code intValue} as 1 or 0.
 */
record Literal(ValueType type, long intValue, double doubleValue) implements Expression {

  static final Literal NULL = new Literal(ValueType.NULL, 0, 0);

  static Literal ofInt(long value) {
    return new Literal(ValueType.INT, value, 0);
  }

  static Literal ofDouble(double value) {
    return new Literal(ValueType.DOUBLE, 0, value);
  }

  static Literal ofBoolean(boolean value) {
    return new Literal(ValueType.BOOLEAN, value ? 1 : 0, 0);
  }
}
