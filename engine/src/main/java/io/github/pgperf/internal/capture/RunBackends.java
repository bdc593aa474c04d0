package io.github.pgperf.internal.capture;

import io.github.pgperf.internal.connect.ConnectionSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.postgresql.PGConnection;

/**
 * The clients' connection source, noting the server process (backend PID) of every connection it
 * opens, so that the wait sampler and the CPU reading know the run's own backends.
 *
 * <p>Under {@code -C} a client opens a connection per transaction, so this is on the hot path
 * there: the PID (which pgjdbc already has, from the server's BackendKeyData) goes into a fixed
 * ring without a lock or an allocation. The ring keeps the most recent ones, at least one per
 * client, which are the only ones that can still be running.
 */
final class RunBackends implements ConnectionSource {

  private final ConnectionSource source;
  private final AtomicIntegerArray ring;
  private final AtomicLong opened = new AtomicLong();
  private final int reportingVersion;
  private volatile boolean unknown;

  /**
   * @param reportingVersion the server's version when each new connection is to report its
   *     statistics at once ({@link OwnConnection#reportStatistics()}), else 0
   */
  RunBackends(ConnectionSource source, int clients, int reportingVersion) {
    this.source = source;
    this.ring = new AtomicIntegerArray(2 * clients + 16);
    this.reportingVersion = reportingVersion;
  }

  /**
   * Opens a client's connection. Where it is asked to, the connection first reports the
   * transactions it ran as it connected (PostgreSQL's own, pgjdbc's {@code SET application_name}, a
   * source's {@code SET search_path}), which the server would otherwise report within the window:
   * they are not the run's work.
   */
  @Override
  public Connection open() throws SQLException {
    Connection c = source.open();
    if (OwnConnection.canReport(reportingVersion)) {
      try {
        OwnConnection.reportStatistics(c);
      } catch (SQLException e) {
        c.close();
        throw e;
      }
    }
    int pid = pid(c);
    if (pid > 0) {
      long n = opened.getAndIncrement();
      ring.set((int) (n % ring.length()), pid);
    } else {
      unknown = true;
    }
    return c;
  }

  @Override
  public String describe() {
    return source.describe();
  }

  /** The PIDs of the most recent connections (all of them while there were few), oldest first. */
  int[] recent() {
    long n = opened.get();
    int count = (int) Math.min(n, ring.length());
    int[] pids = new int[count];
    for (int i = 0; i < count; i++) {
      pids[i] = ring.get((int) ((n - count + i) % ring.length()));
    }
    return pids;
  }

  /** Whether a connection's PID could not be read (not a pgjdbc connection). */
  boolean anyUnknown() {
    return unknown;
  }

  /** The server process of a pgjdbc connection, or -1. */
  static int pid(Connection c) {
    try {
      return c.isWrapperFor(PGConnection.class) ? c.unwrap(PGConnection.class).getBackendPID() : -1;
    } catch (SQLException e) {
      return -1;
    }
  }

  @Override
  public String toString() {
    return "RunBackends" + Arrays.toString(recent());
  }
}
