package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What {@code pg_stat_database} counted for the run's database during the measured window. It
 * counts every session of the database, including sessions other than the run's; pgperf's own
 * monitoring transactions are taken out of {@link #commits()}, but the few catalog blocks its first
 * queries read stay in.
 *
 * @param commits transactions committed ({@code xact_commit})
 * @param rollbacks transactions rolled back ({@code xact_rollback})
 * @param blocksRead blocks read from the operating system ({@code blks_read})
 * @param blocksHit blocks found in shared buffers ({@code blks_hit})
 * @param tuplesReturned rows returned by sequential scans and index entries scanned ({@code
 *     tup_returned})
 * @param tuplesFetched rows fetched through indexes ({@code tup_fetched})
 * @param tuplesInserted rows inserted ({@code tup_inserted})
 * @param tuplesUpdated rows updated ({@code tup_updated})
 * @param tuplesDeleted rows deleted ({@code tup_deleted})
 * @param tempFiles temporary files created ({@code temp_files})
 * @param tempBytes bytes written to temporary files ({@code temp_bytes})
 * @param deadlocks deadlocks detected ({@code deadlocks})
 * @param conflicts queries cancelled by recovery conflicts on a standby ({@code conflicts})
 * @param blockReadMillis time reading blocks, ms ({@code blk_read_time}; 0 unless {@code
 *     track_io_timing} is on)
 * @param blockWriteMillis time writing blocks, ms ({@code blk_write_time})
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record DatabaseWork(
    long commits,
    long rollbacks,
    long blocksRead,
    long blocksHit,
    long tuplesReturned,
    long tuplesFetched,
    long tuplesInserted,
    long tuplesUpdated,
    long tuplesDeleted,
    long tempFiles,
    long tempBytes,
    long deadlocks,
    long conflicts,
    double blockReadMillis,
    double blockWriteMillis) {

  /** Both added. */
  public DatabaseWork plus(DatabaseWork o) {
    return new DatabaseWork(
        commits + o.commits,
        rollbacks + o.rollbacks,
        blocksRead + o.blocksRead,
        blocksHit + o.blocksHit,
        tuplesReturned + o.tuplesReturned,
        tuplesFetched + o.tuplesFetched,
        tuplesInserted + o.tuplesInserted,
        tuplesUpdated + o.tuplesUpdated,
        tuplesDeleted + o.tuplesDeleted,
        tempFiles + o.tempFiles,
        tempBytes + o.tempBytes,
        deadlocks + o.deadlocks,
        conflicts + o.conflicts,
        blockReadMillis + o.blockReadMillis,
        blockWriteMillis + o.blockWriteMillis);
  }

  /** What was counted since {@code e}, a reading of the same growing counters. */
  public DatabaseWork since(DatabaseWork e) {
    return new DatabaseWork(
        commits - e.commits,
        rollbacks - e.rollbacks,
        blocksRead - e.blocksRead,
        blocksHit - e.blocksHit,
        tuplesReturned - e.tuplesReturned,
        tuplesFetched - e.tuplesFetched,
        tuplesInserted - e.tuplesInserted,
        tuplesUpdated - e.tuplesUpdated,
        tuplesDeleted - e.tuplesDeleted,
        tempFiles - e.tempFiles,
        tempBytes - e.tempBytes,
        deadlocks - e.deadlocks,
        conflicts - e.conflicts,
        blockReadMillis - e.blockReadMillis,
        blockWriteMillis - e.blockWriteMillis);
  }

  /** These counters with {@code own} commits (pgperf's monitoring) taken out. */
  public DatabaseWork withoutCommits(long own) {
    return new DatabaseWork(
        commits - own,
        rollbacks,
        blocksRead,
        blocksHit,
        tuplesReturned,
        tuplesFetched,
        tuplesInserted,
        tuplesUpdated,
        tuplesDeleted,
        tempFiles,
        tempBytes,
        deadlocks,
        conflicts,
        blockReadMillis,
        blockWriteMillis);
  }
}
