package io.github.pgperf.internal.capture;

import io.github.pgperf.internal.connect.ConnectionSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A connection of pgperf's own beside the run's clients (the one that reads the counters, the wait
 * sampler's), to the same database as the same role. Its own transactions count in the database's
 * {@code xact_commit} like the clients' do, so it counts those that fall in the measured window, to
 * take them out.
 *
 * <p>PostgreSQL 15 and later keep a backend's statistics in the backend until it is idle and has
 * not reported for a second, or until it exits; {@link #reportStatistics()} makes it report at
 * once, so that the window's start and end see exactly the own transactions before them.
 */
final class OwnConnection implements AutoCloseable {

  /** The comment every statement of pgperf's own starts with, to leave them out of its results. */
  static final String MARK = "/* pgperf */ ";

  final Connection connection;
  final int pid;
  private final boolean canReport;
  private long transactions;

  private OwnConnection(Connection connection, int version, int answerTimeoutMillis)
      throws SQLException {
    this.connection = connection;
    this.pid = RunBackends.pid(connection);
    this.canReport = canReport(version);
    connection.setNetworkTimeout(Runnable::run, answerTimeoutMillis);
  }

  /**
   * Opens a connection of pgperf's own, which waits at most {@code answerTimeoutMillis} for the
   * server ({@link CaptureSettings#answerTimeoutMillis}).
   */
  static OwnConnection open(ConnectionSource source, int version, int answerTimeoutMillis)
      throws SQLException {
    Connection c = source.open();
    try {
      return new OwnConnection(c, version, answerTimeoutMillis);
    } catch (SQLException e) {
      c.close();
      throw e;
    }
  }

  /** Takes over an open connection. */
  static OwnConnection of(Connection connection, int version, int answerTimeoutMillis)
      throws SQLException {
    return new OwnConnection(connection, version, answerTimeoutMillis);
  }

  /** Whether a server of {@code version} can be made to report its statistics (15+). */
  static boolean canReport(int version) {
    return version >= 150000;
  }

  /** {@link #reportStatistics()} on any connection to a server that can (15+). */
  static void reportStatistics(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(
          MARK
              + "select pg_catalog.pg_stat_force_next_flush() from pg_catalog.pg_database"
              + " where datname = pg_catalog.current_database()");
    }
  }

  /**
   * Makes the backend report its pending statistics as this statement ends (PostgreSQL 15+; before,
   * it reports on its own schedule); the statement is a transaction of its own.
   *
   * <p>A backend reports its transaction counts only together with some table's statistics:
   * transactions that read no table (pg_stat_activity is a function) would stay unreported, in this
   * connection's life or after it. So the statement reads pg_database's row of the database, which
   * makes the report carry every transaction before it.
   */
  void reportStatistics() throws SQLException {
    if (!canReport) {
      return;
    }
    reportStatistics(connection);
    transactions++;
  }

  /** Notes one more transaction of this connection. */
  void counted() {
    transactions++;
  }

  /** Transactions since the last {@link #resetCount()}. */
  long transactions() {
    return transactions;
  }

  void resetCount() {
    transactions = 0;
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // nothing was pending on it
    }
  }
}
