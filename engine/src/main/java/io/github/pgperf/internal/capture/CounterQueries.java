package io.github.pgperf.internal.capture;

import io.github.pgperf.work.Blocks;
import io.github.pgperf.work.Checkpoints;
import io.github.pgperf.work.DatabaseWork;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.WalUsage;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a {@link Snapshot} in one transaction, with the SQL of the server's version: column names
 * changed in PostgreSQL 17 ({@code pg_stat_checkpointer}, {@code shared_blk_read_time}), and {@code
 * pg_stat_wal}, {@code pg_stat_statements}' {@code toplevel} and {@code pg_stat_statements_info}
 * came in 14. Statements are read top-level and nested alike (what {@code pg_stat_statements.track}
 * lets the server count): one {@code queryid} run both ways is two entries.
 */
final class CounterQueries {

  private static final String MARK = OwnConnection.MARK;

  private static final String DATABASE =
      MARK
          + "select extract(epoch from clock_timestamp())::float8, xact_commit, xact_rollback,"
          + " blks_read, blks_hit, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted,"
          + " temp_files, temp_bytes, deadlocks, conflicts, blk_read_time, blk_write_time"
          + " from pg_catalog.pg_stat_database where datname = pg_catalog.current_database()";

  private static final String WAL =
      MARK + "select wal_records, wal_fpi, wal_bytes from pg_catalog.pg_stat_wal";

  private static final String CHECKPOINTS_BEFORE_17 =
      MARK
          + "select checkpoints_timed, checkpoints_req, buffers_checkpoint"
          + " from pg_catalog.pg_stat_bgwriter";

  private static final String CHECKPOINTS =
      MARK
          + "select num_timed, num_requested, buffers_written from pg_catalog.pg_stat_checkpointer";

  private final int version;
  private final String statementsWithText;
  private final String statementsWithoutText;
  private final String evictions;

  /**
   * @param statementsSchema the schema of {@code pg_stat_statements}, or {@code null} to read no
   *     statements
   * @param readsEvictions whether to read {@code pg_stat_statements_info.dealloc} there
   */
  CounterQueries(int version, String statementsSchema, boolean readsEvictions) {
    this.version = version;
    this.statementsWithText = statementsSchema == null ? null : statements(statementsSchema, true);
    this.statementsWithoutText =
        statementsSchema == null ? null : statements(statementsSchema, false);
    this.evictions =
        statementsSchema == null || !readsEvictions
            ? null
            : MARK + "select dealloc from " + quote(statementsSchema) + ".pg_stat_statements_info";
  }

  boolean readsStatements() {
    return statementsWithText != null;
  }

  boolean readsWal() {
    return version >= 140000;
  }

  /**
   * Reads every part in one transaction, on a connection in autocommit.
   *
   * @param withText whether to fetch the statements' text (only the end needs it)
   */
  Snapshot read(Connection c, boolean withText) throws SQLException {
    try (Statement s = c.createStatement()) {
      // pgperf's own BEGIN: pgjdbc's would show in pg_stat_statements as the run's.
      s.execute(MARK + "begin");
      // Statements first: their counters move with every call, so they are read closest to
      // the moment the window opens or closes.
      Map<Snapshot.Entry, StatementWork> statements = null;
      // Evictions before and after the statements: one while they are read counts in the window,
      // whichever end of it they are read at.
      Long evictedBefore = evictions(s);
      if (readsStatements()) {
        statements = new HashMap<>();
        try (ResultSet rs = s.executeQuery(withText ? statementsWithText : statementsWithoutText)) {
          while (rs.next()) {
            String text = rs.getString(2);
            boolean nested = !rs.getBoolean(23);
            statements.put(
                new Snapshot.Entry(rs.getLong(1), nested),
                new StatementWork(
                    text == null ? "" : text,
                    rs.getLong(3),
                    rs.getLong(4),
                    rs.getLong(5),
                    rs.getDouble(6),
                    rs.getDouble(7),
                    new Blocks(
                        rs.getLong(8),
                        rs.getLong(9),
                        rs.getLong(10),
                        rs.getLong(11),
                        rs.getLong(12),
                        rs.getLong(13),
                        rs.getLong(14),
                        rs.getLong(15),
                        rs.getLong(16),
                        rs.getLong(17)),
                    new WalUsage(rs.getLong(20), rs.getLong(21), rs.getLong(22)),
                    rs.getDouble(18),
                    rs.getDouble(19),
                    nested));
          }
        }
      }
      Long evictedAfter = evictions(s);
      double epoch;
      DatabaseWork database;
      try (ResultSet rs = s.executeQuery(DATABASE)) {
        if (!rs.next()) {
          throw new SQLException("pg_stat_database has no row for the current database");
        }
        epoch = rs.getDouble(1);
        database =
            new DatabaseWork(
                rs.getLong(2),
                rs.getLong(3),
                rs.getLong(4),
                rs.getLong(5),
                rs.getLong(6),
                rs.getLong(7),
                rs.getLong(8),
                rs.getLong(9),
                rs.getLong(10),
                rs.getLong(11),
                rs.getLong(12),
                rs.getLong(13),
                rs.getLong(14),
                rs.getDouble(15),
                rs.getDouble(16));
      }
      WalUsage wal = null;
      if (readsWal()) {
        try (ResultSet rs = s.executeQuery(WAL)) {
          rs.next();
          wal = new WalUsage(rs.getLong(1), rs.getLong(2), rs.getLong(3));
        }
      }
      Checkpoints checkpoints;
      try (ResultSet rs = s.executeQuery(version >= 170000 ? CHECKPOINTS : CHECKPOINTS_BEFORE_17)) {
        rs.next();
        checkpoints = new Checkpoints(rs.getLong(1), rs.getLong(2), rs.getLong(3));
      }
      s.execute(MARK + "commit");
      return new Snapshot(
          epoch,
          database,
          wal,
          checkpoints,
          statements,
          evictedBefore == null ? null : new Snapshot.Evictions(evictedBefore, evictedAfter));
    } catch (SQLException e) {
      try (Statement s = c.createStatement()) {
        s.execute(MARK + "rollback");
      } catch (SQLException ignored) {
        e.addSuppressed(ignored);
      }
      throw e;
    }
  }

  /** {@code pg_stat_statements_info.dealloc}; {@code null} when not read. */
  private Long evictions(Statement s) throws SQLException {
    if (evictions == null) {
      return null;
    }
    try (ResultSet rs = s.executeQuery(evictions)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private String statements(String schema, boolean withText) {
    String ioTimes =
        version >= 170000
            ? "shared_blk_read_time + local_blk_read_time, shared_blk_write_time + local_blk_write_time"
            : "blk_read_time, blk_write_time";
    return MARK
        + "select queryid, "
        + (withText ? "query" : "null::text")
        + ", calls, rows, plans, total_exec_time, total_plan_time, shared_blks_hit,"
        + " shared_blks_read, shared_blks_dirtied, shared_blks_written, local_blks_hit,"
        + " local_blks_read, local_blks_dirtied, local_blks_written, temp_blks_read,"
        + " temp_blks_written, "
        + ioTimes
        + ", wal_records, wal_fpi, wal_bytes, "
        // Before 14 there is no toplevel: every row counts as the clients' (with track = all
        // nested executions are added into them, which the capture says).
        + (version >= 140000 ? "toplevel" : "true")
        + " from "
        + quote(schema)
        + ".pg_stat_statements("
        + withText
        + ")"
        + " where dbid = (select oid from pg_catalog.pg_database"
        + " where datname = pg_catalog.current_database())"
        + " and userid = (select oid from pg_catalog.pg_roles where rolname = current_user)";
  }

  /** An identifier as SQL writes it, double-quoted. */
  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
