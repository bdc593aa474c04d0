package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** The parts of a run's {@link ServerWork}, each captured when the server can give it. */
@API(status = EXPERIMENTAL, since = "0.1.0")
public enum WorkPart {
  /** Per-statement work, from {@code pg_stat_statements}. */
  STATEMENTS,
  /**
   * Statements that functions, procedures and triggers ran inside the clients' statements, from
   * {@code pg_stat_statements} with {@code pg_stat_statements.track = all} (PostgreSQL 14+); listed
   * as unavailable when the statements were read but these were not seen.
   */
  NESTED_STATEMENTS,
  /** The database's counters, from {@code pg_stat_database}. */
  DATABASE,
  /** The server's WAL, from {@code pg_stat_wal} (PostgreSQL 14+). */
  WAL,
  /** Checkpoints, from {@code pg_stat_bgwriter} or {@code pg_stat_checkpointer}. */
  CHECKPOINTS,
  /** Wait events, sampled from {@code pg_stat_activity}. */
  WAITS,
  /**
   * CPU time of the run's backends, from {@code /proc}; or of the server's whole container, from
   * its CPU counter.
   */
  SERVER_CPU,
  /**
   * CPU time of the WAL writer, checkpointer and background writer, from {@code /proc} (in a
   * container, part of the container's whole time).
   */
  BACKGROUND_CPU,
  /** The plans of the run's script commands, from {@code EXPLAIN} after the window. */
  PLANS
}
