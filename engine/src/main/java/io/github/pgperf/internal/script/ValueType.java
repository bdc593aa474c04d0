package io.github.pgperf.internal.script;

/** The types of pgbench expression values. */
public enum ValueType {
  NULL("null"),
  BOOLEAN("boolean"),
  INT("int"),
  DOUBLE("double");

  private final String pgbenchName;

  ValueType(String pgbenchName) {
    this.pgbenchName = pgbenchName;
  }

  /** The name pgbench uses in messages such as {@code cannot coerce boolean to int}. */
  String pgbenchName() {
    return pgbenchName;
  }
}
