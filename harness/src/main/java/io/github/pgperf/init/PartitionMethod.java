package io.github.pgperf.init;

import java.util.Locale;

/** How {@code --partitions} splits pgbench_accounts by aid. */
public enum PartitionMethod {
  /** Consecutive aid ranges of equal size; the first from minvalue, the last to maxvalue. */
  RANGE,
  /** By hash of aid, modulus = number of partitions. */
  HASH;

  /** The name pgbench uses on the command line and in the DDL. */
  public String sqlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code range} or {@code hash} (case-insensitive, as pgbench).
   *
   * @throws InitException for any other name
   */
  public static PartitionMethod parse(String name) throws InitException {
    for (PartitionMethod m : values()) {
      if (m.sqlName().equalsIgnoreCase(name)) {
        return m;
      }
    }
    throw new InitException(
        "invalid partition method, expecting \"range\" or \"hash\", got: \"" + name + "\"", null);
  }
}
