package io.github.pgperf.provision;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.internal.provision.PgbenchSchema;
import org.apiguardian.api.API;

/** What {@link PgbenchSchema#ensure} did. */
@API(status = STABLE, since = "0.1.0")
public enum Initialization {
  /** The schema held no matching initialization; pgperf made one. */
  MADE,
  /** The schema already held exactly the initialization asked for; nothing was changed. */
  REUSED,
  /**
   * Nothing needed pgbench's tables (yet): they were neither made nor looked for. The JUnit
   * extension makes them only for a class that sets a scale or runs a load that uses them.
   */
  NOT_NEEDED
}
