package io.github.pgperf.internal.capture;

import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.work.LockWaiter;
import io.github.pgperf.work.WaitCount;
import io.github.pgperf.work.WaitEvents;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Reads the run's backends' wait events from {@code pg_stat_activity} every interval, on a
 * connection and a thread of its own, and counts them: {@code wait_event_type:wait_event}, or
 * {@link WaitEvents#CPU} for an active backend waiting for nothing.
 *
 * <p>The run's backends are known by their PIDs; under {@code -C}, whose connections change every
 * transaction, by the run's database and role, counting only backends that are not idle (a session
 * of the same role that sits idle is not the run's).
 *
 * <p>Each sample is one prepared statement (pgjdbc makes it a server-side prepared statement after
 * a few uses) whose rows are counted into maps of the texts seen; what a sample allocates is the
 * driver's rows and strings. The clients are not touched.
 */
final class WaitSampler implements AutoCloseable {

  private static final String COLUMNS =
      OwnConnection.MARK
          + "select wait_event_type, wait_event, state = 'active',"
          + " case when wait_event_type = 'Lock' then query end from pg_catalog.pg_stat_activity";
  private static final String BY_PID = COLUMNS + " where pid = any(?)";
  private static final String BY_ROLE =
      COLUMNS
          + " where datname = pg_catalog.current_database() and usename = current_user"
          + " and backend_type = 'client backend' and state <> 'idle' and pid <> all(?)";

  private final OwnConnection own;
  private final int intervalMillis;
  private final Map<String, Map<String, long[]>> counts = new HashMap<>();
  private final long[] cpu = new long[1];
  // The statements seen waiting on a lock: the text is sent only for a backend waiting on one.
  private final Map<String, long[]> lockWaiters = new HashMap<>();
  private PreparedStatement statement;
  private Thread thread;
  private volatile boolean stopping;
  private long samples;
  private volatile String failure;

  private WaitSampler(OwnConnection own, int intervalMillis) {
    this.own = own;
    this.intervalMillis = intervalMillis;
  }

  /**
   * Opens the sampler's connection and reads once, so that its first reads of the catalogs and its
   * statistics fall before the window.
   */
  static WaitSampler open(
      ConnectionSource source, int version, int intervalMillis, int answerTimeoutMillis)
      throws SQLException {
    OwnConnection own = OwnConnection.open(source, version, answerTimeoutMillis);
    WaitSampler sampler = new WaitSampler(own, intervalMillis);
    try {
      sampler.prepare(new int[0], null);
      sampler.sampleOnce(false);
      own.reportStatistics();
      own.resetCount();
      return sampler;
    } catch (SQLException e) {
      own.close();
      throw e;
    }
  }

  int pid() {
    return own.pid;
  }

  /**
   * Starts sampling.
   *
   * @param runPids the run's backends, or {@code null} to know them by database and role
   * @param exclude pgperf's own backends, left out when known by database and role
   */
  void begin(int[] runPids, int[] exclude) throws SQLException {
    prepare(runPids != null ? runPids : exclude, runPids != null ? BY_PID : BY_ROLE);
    thread = new Thread(this::loop, "pgperf-wait-sampler");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Stops sampling and makes the sampler's backend report its statistics.
   *
   * @return what was seen
   */
  WaitEvents finish() throws InterruptedException {
    stopping = true;
    if (thread != null) {
      LockSupport.unpark(thread);
      thread.join();
    }
    try {
      own.reportStatistics();
    } catch (SQLException e) {
      failure = failure == null ? e.getMessage() : failure;
    }
    List<WaitCount> list = new ArrayList<>();
    counts.forEach(
        (type, events) ->
            events.forEach((event, n) -> list.add(new WaitCount(type + ":" + event, n[0]))));
    if (cpu[0] > 0) {
      list.add(new WaitCount(WaitEvents.CPU, cpu[0]));
    }
    List<LockWaiter> waiters = new ArrayList<>();
    lockWaiters.forEach((statement, n) -> waiters.add(new LockWaiter(statement, n[0])));
    return new WaitEvents(intervalMillis, samples, list, waiters);
  }

  /** Why sampling stopped early, or {@code null}. */
  String failure() {
    return failure;
  }

  /** The sampler's own transactions in the window. */
  long transactions() {
    return own.transactions();
  }

  private void prepare(int[] pids, String sql) throws SQLException {
    if (statement == null || sql != null) {
      if (statement != null) {
        statement.close();
      }
      statement = own.connection.prepareStatement(sql == null ? BY_PID : sql);
    }
    Integer[] boxed = new Integer[pids.length];
    for (int i = 0; i < pids.length; i++) {
      boxed[i] = pids[i];
    }
    Array array = own.connection.createArrayOf("int4", boxed);
    statement.setArray(1, array);
  }

  private void loop() {
    long interval = intervalMillis * 1_000_000L;
    long next = System.nanoTime();
    while (!stopping) {
      try {
        sampleOnce(true);
      } catch (SQLException e) {
        failure = e.getMessage();
        return;
      }
      next += interval;
      long now = System.nanoTime();
      if (next < now) {
        // Behind (a busy machine): the next sample now, not a burst to catch up.
        next = now;
      }
      LockSupport.parkNanos(next - now);
    }
  }

  private void sampleOnce(boolean count) throws SQLException {
    try (ResultSet rs = statement.executeQuery()) {
      own.counted();
      if (!count) {
        return;
      }
      while (rs.next()) {
        String type = rs.getString(1);
        if (type == null) {
          if (rs.getBoolean(3)) {
            cpu[0]++;
          }
          continue;
        }
        String event = rs.getString(2);
        counts.computeIfAbsent(type, t -> new HashMap<>())
            .computeIfAbsent(event == null ? "" : event, e -> new long[1])[0]++;
        String query = rs.getString(4);
        if (query != null) {
          countWaiter(query);
        }
      }
      samples++;
    }
  }

  /** One lock wait of a backend running {@code query}; texts beyond the bound count as others. */
  private void countWaiter(String query) {
    long[] n = lockWaiters.get(query);
    if (n == null) {
      n =
          lockWaiters.computeIfAbsent(
              lockWaiters.size() < WaitEvents.MAX_LOCK_WAITERS
                  ? query
                  : WaitEvents.OTHER_STATEMENTS,
              k -> new long[1]);
    }
    n[0]++;
  }

  @Override
  public void close() {
    stopping = true;
    if (thread != null) {
      LockSupport.unpark(thread);
      try {
        thread.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    own.close();
  }
}
