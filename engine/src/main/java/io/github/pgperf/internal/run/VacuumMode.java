package io.github.pgperf.internal.run;

/** What pgbench vacuums before a run. */
public enum VacuumMode {
  /** {@code -n}: nothing. */
  NONE,
  /** The default: vacuum pgbench_branches and pgbench_tellers, truncate pgbench_history. */
  DEFAULT,
  /** {@code -v}: the default, then {@code vacuum analyze pgbench_accounts}. */
  ALL
}
