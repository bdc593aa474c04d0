package io.github.pgperf.provision;

/** What {@link PgbenchSchema#ensure} did. */
public enum Initialization {
  /** The schema held no matching initialization; pgperf made one. */
  MADE,
  /** The schema already held exactly the initialization asked for; nothing was changed. */
  REUSED
}
