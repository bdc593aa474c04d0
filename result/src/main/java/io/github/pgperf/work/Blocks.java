package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Blocks (pages of 8 kB by default) a statement touched, as {@code pg_stat_statements} counts them:
 * shared buffers (tables and indexes), local buffers (temporary tables) and temporary files (sorts
 * and hashes that did not fit in {@code work_mem}).
 *
 * @param sharedHit shared blocks found in shared buffers
 * @param sharedRead shared blocks read from the operating system (its cache or the disk)
 * @param sharedDirtied shared blocks the statement changed first since they were last written
 * @param sharedWritten shared blocks the statement had to write out itself
 * @param localHit local blocks found in the session's buffers
 * @param localRead local blocks read
 * @param localDirtied local blocks changed
 * @param localWritten local blocks written
 * @param tempRead temporary-file blocks read
 * @param tempWritten temporary-file blocks written
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Blocks(
    long sharedHit,
    long sharedRead,
    long sharedDirtied,
    long sharedWritten,
    long localHit,
    long localRead,
    long localDirtied,
    long localWritten,
    long tempRead,
    long tempWritten) {

  /** No blocks. */
  public static final Blocks NONE = new Blocks(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** Shared blocks accessed: found in shared buffers or read ({@code hit + read}). */
  public long sharedAccessed() {
    return sharedHit + sharedRead;
  }

  /** Temporary-file blocks read or written: work that spilled out of {@code work_mem}. */
  public long temp() {
    return tempRead + tempWritten;
  }

  /** Both added. */
  public Blocks plus(Blocks o) {
    return new Blocks(
        sharedHit + o.sharedHit,
        sharedRead + o.sharedRead,
        sharedDirtied + o.sharedDirtied,
        sharedWritten + o.sharedWritten,
        localHit + o.localHit,
        localRead + o.localRead,
        localDirtied + o.localDirtied,
        localWritten + o.localWritten,
        tempRead + o.tempRead,
        tempWritten + o.tempWritten);
  }

  /** What was counted since {@code earlier}, a reading of the same growing counters. */
  public Blocks since(Blocks e) {
    return new Blocks(
        sharedHit - e.sharedHit,
        sharedRead - e.sharedRead,
        sharedDirtied - e.sharedDirtied,
        sharedWritten - e.sharedWritten,
        localHit - e.localHit,
        localRead - e.localRead,
        localDirtied - e.localDirtied,
        localWritten - e.localWritten,
        tempRead - e.tempRead,
        tempWritten - e.tempWritten);
  }
}
