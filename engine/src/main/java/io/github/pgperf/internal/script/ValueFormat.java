package io.github.pgperf.internal.script;

/** The text of a typed value, as pgbench substitutes it into SQL and prints it in debug(). */
final class ValueFormat {

  private ValueFormat() {}

  static String text(ValueType type, long intValue, double doubleValue) {
    switch (type) {
      case NULL:
        return "NULL";
      case BOOLEAN:
        return intValue != 0 ? "true" : "false";
      case INT:
        return Long.toString(intValue);
      case DOUBLE:
        return CNumbers.formatG15(doubleValue);
      default:
        throw new IllegalStateException("unknown type " + type);
    }
  }

  /** The part of a debug() line after the colon, as pgbench prints it. */
  static String debug(ValueType type, long intValue, double doubleValue) {
    switch (type) {
      case NULL:
        return "null";
      case BOOLEAN:
        return "boolean " + (intValue != 0 ? "true" : "false");
      case INT:
        return "int " + intValue;
      case DOUBLE:
        return "double " + CNumbers.formatG15(doubleValue);
      default:
        throw new IllegalStateException("unknown type " + type);
    }
  }
}
