package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Checkpoints that happened during the measured window: an event that changes what a run measures
 * (the pages written, and the full-page images of every page changed after it). From {@code
 * pg_stat_bgwriter} (PostgreSQL 16 and before) or {@code pg_stat_checkpointer} (17+).
 *
 * @param timed checkpoints started by {@code checkpoint_timeout} ({@code checkpoints_timed}; it
 *     also counts timed checkpoints skipped because nothing had changed)
 * @param requested checkpoints requested: WAL reached {@code max_wal_size}, or a {@code CHECKPOINT}
 *     command ({@code checkpoints_req})
 * @param buffersWritten buffers the checkpoints wrote ({@code buffers_checkpoint})
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Checkpoints(long timed, long requested, long buffersWritten) {

  /** All checkpoints, timed and requested. */
  public long total() {
    return timed + requested;
  }

  /** Both added. */
  public Checkpoints plus(Checkpoints o) {
    return new Checkpoints(
        timed + o.timed, requested + o.requested, buffersWritten + o.buffersWritten);
  }

  /** What happened since {@code e}, a reading of the same growing counters. */
  public Checkpoints since(Checkpoints e) {
    return new Checkpoints(
        timed - e.timed, requested - e.requested, buffersWritten - e.buffersWritten);
  }
}
