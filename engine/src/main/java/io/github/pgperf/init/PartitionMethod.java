package io.github.pgperf.init;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Locale;
import org.apiguardian.api.API;

/** How {@code --partitions} splits pgbench_accounts by aid. */
@API(status = STABLE, since = "0.1.0")
public enum PartitionMethod {
  /** Consecutive aid ranges of equal size; the first from minvalue, the last to maxvalue. */
  RANGE,
  /** By hash of aid, modulus = number of partitions. */
  HASH;

  /** The name pgbench uses on the command line and in the DDL. */
  public String sqlName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
