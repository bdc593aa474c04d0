package io.github.pgperf.internal.capture;

import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.work.MachineCpu;
import io.github.pgperf.work.ServerCpu;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.Unavailable;
import io.github.pgperf.work.WaitEvents;
import io.github.pgperf.work.WorkPart;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Captures a run's {@link ServerWork}: the runner's hooks at the measured window's start and end.
 *
 * <ol>
 *   <li>{@link #open} (before the clients connect): pgperf's own connection to the run's database
 *       finds out what the server gives ({@link ServerFacts}), says once what is missing, reads
 *       every counter once (so that its own first catalog reads fall before the window) and opens
 *       the wait sampler's connection;
 *   <li>{@link #clients()}: the source the clients connect through, which notes their backends;
 *   <li>{@link #windowStartsNow()} (no warm-up: after the clients connected, before they start) or
 *       {@link #windowStartsAt} (after the warm-up, on a thread of its own): the start snapshot,
 *       the CPU reading, then the sampler starts;
 *   <li>{@link #windowEnded()} (every client ended): the sampler stops, the run's backends are
 *       waited for until they have exited (a backend reports its last statistics as it exits, and
 *       the postmaster adds its CPU time to its own children's as it reaps it), then the end
 *       snapshot; the result is the difference.
 * </ol>
 *
 * <p>pgperf's own transactions on its two connections in the window are counted and taken out of
 * the database's commits; on PostgreSQL 15+ each connection is made to report its statistics right
 * before the start and the end ({@code pg_stat_force_next_flush}), so the count is exact. Of the
 * clients only their connecting is touched: each connection reports its connection-time
 * transactions as it opens (not under {@code -C}, whose every connection is part of the run), and
 * its backend's PID is noted without a lock. A failure to read the counters never fails the run:
 * the result then says what could not be read.
 */
public final class WorkCapture implements AutoCloseable {

  /** Why a container's server has no CPU time per process. */
  static final String IN_A_CONTAINER =
      "the server runs in a container: its CPU is the whole"
          + " container's (cpu.containerMicros), background processes included, not each process's";

  /** The longest wait for the run's backends to exit at the end. */
  private static final long EXIT_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final CaptureSettings settings;
  private final ConnectionSource source;
  private final int clientCount;
  private final boolean connectPerTransaction;
  private RunBackends clients;
  private final PrintStream err;
  private final SaidOnce said;
  private final List<Unavailable> unavailable = new ArrayList<>();
  private OwnConnection monitor;
  private ServerFacts facts;
  private CounterQueries queries;
  private ServerProcesses processes;
  private ContainerCpu container;
  private WaitSampler sampler;

  // Set at the window's start (by the runner's thread, or the window thread joined at the end).
  private Snapshot start;
  private ServerProcesses.Reading cpuStart;
  private long containerStart = -1;
  private MachineCpuReading machineStart;
  private String startFailure;
  private Thread windowThread;
  // The backends' on-CPU time (schedstat): set at the window's start, read when the clients end.
  private volatile BackendsOnCpu onCpuStart;
  private volatile String onCpuFailure;
  private long serverOnCpuNanos = -1;

  private WorkCapture(
      CaptureSettings settings,
      ConnectionSource source,
      int clients,
      boolean connectPerTransaction,
      PrintStream err,
      SaidOnce said) {
    this.settings = settings;
    this.source = source;
    this.clientCount = clients;
    this.connectPerTransaction = connectPerTransaction;
    this.err = err;
    this.said = said;
  }

  /**
   * Prepares the capture of a run on {@code source}'s database; with {@code settings} off, a
   * capture that does nothing. Never fails: what cannot be captured is said once on {@code err} and
   * recorded in the result.
   *
   * @param clients the run's clients
   * @param connectPerTransaction {@code -C}: the clients' backends change every transaction
   * @param said the lines already printed, which are not printed again
   */
  public static WorkCapture open(
      ConnectionSource source,
      CaptureSettings settings,
      int clients,
      boolean connectPerTransaction,
      PrintStream err,
      SaidOnce said) {
    WorkCapture capture =
        new WorkCapture(settings, source, clients, connectPerTransaction, err, said);
    if (settings.enabled()) {
      capture.prepare();
    }
    return capture;
  }

  private void prepare() {
    try {
      Connection connection = source.open();
      try {
        connection.setNetworkTimeout(Runnable::run, settings.answerTimeoutMillis());
        facts = ServerFacts.probe(connection, settings);
        monitor = OwnConnection.of(connection, facts.version(), settings.answerTimeoutMillis());
      } catch (SQLException e) {
        connection.close();
        throw e;
      }
      // Under -C the connections' own transactions are part of every transaction, in the window.
      clients = new RunBackends(source, clientCount, connectPerTransaction ? 0 : facts.version());
      unavailable.addAll(facts.unavailable());
      queries =
          new CounterQueries(facts.version(), facts.statementsSchema(), facts.readsEvictions());
      queries.read(monitor.connection, true);
      pollExited(new int[0]);
    } catch (SQLException e) {
      fail("server counters cannot be read: " + ServerFacts.firstLine(e.getMessage()));
      return;
    }
    container = settings.containerCpu();
    // In a container the backends' PIDs are the container's: /proc here would show others.
    processes =
        container != null
            ? null
            : ServerProcesses.find(monitor.pid, facts.user(), facts.database(), facts.background());
    if (container != null) {
      unavailable.add(new Unavailable(WorkPart.BACKGROUND_CPU, IN_A_CONTAINER));
    } else if (processes == null) {
      unavailable.add(
          new Unavailable(
              WorkPart.SERVER_CPU, "the server's processes are not visible from this machine"));
    } else if (!processes.allBackground()) {
      unavailable.add(
          new Unavailable(
              WorkPart.BACKGROUND_CPU,
              facts.readsAllStats()
                  ? "the server has no WAL writer, checkpointer or background writer in pg_stat_activity"
                  : "role \""
                      + facts.user()
                      + "\" lacks pg_read_all_stats, so the WAL writer,"
                      + " checkpointer and background writer are not visible to it (GRANT"
                      + " pg_read_all_stats TO "
                      + CounterQueries.quote(facts.user())
                      + " adds them)"));
    }
    if (settings.waitSamplingMillis() > 0) {
      try {
        sampler =
            WaitSampler.open(
                source,
                facts.version(),
                settings.waitSamplingMillis(),
                settings.answerTimeoutMillis());
      } catch (SQLException e) {
        unavailable.add(
            new Unavailable(
                WorkPart.WAITS,
                "the wait sampler could not connect: " + ServerFacts.firstLine(e.getMessage())));
      }
    } else {
      unavailable.add(new Unavailable(WorkPart.WAITS, "wait sampling is off"));
    }
    tell();
  }

  /** The lines a user can act on, said once: what is missing and the setting that adds it. */
  private void tell() {
    String statements = reason(WorkPart.STATEMENTS);
    if (statements != null) {
      said.say(err, "pgperf: server counters without per-statement work: " + statements);
    }
    String nested = reason(WorkPart.NESTED_STATEMENTS);
    if (nested != null) {
      said.say(err, "pgperf: per-statement work without nested statements: " + nested);
    }
    String background = reason(WorkPart.BACKGROUND_CPU);
    if (background != null && !facts.readsAllStats()) {
      said.say(err, "pgperf: server CPU without the background processes: " + background);
    }
  }

  private void fail(String reason) {
    if (monitor != null) {
      monitor.close();
      monitor = null;
    }
    unavailable.clear();
    for (WorkPart part : WorkPart.values()) {
      unavailable.add(new Unavailable(part, reason));
    }
    said.say(err, "pgperf: " + reason);
  }

  private String reason(WorkPart part) {
    return unavailable.stream()
        .filter(u -> u.part() == part)
        .map(Unavailable::reason)
        .findFirst()
        .orElse(null);
  }

  /** Where the clients connect: the run's source, noting their backends. */
  public ConnectionSource clients() {
    return clients == null ? source : clients;
  }

  /**
   * Starts the window now (a run without warm-up, its clients connected and not yet started).
   *
   * @return µs this took, which the runner keeps out of its connection time
   */
  public long windowStartsNow() {
    long began = System.nanoTime();
    if (monitor != null && beforeWindow()) {
      startWindow();
    }
    return (System.nanoTime() - began) / 1000;
  }

  /**
   * Starts the window at {@code nanoTime} ({@link System#nanoTime()}), after the warm-up, on a
   * thread of its own.
   */
  public void windowStartsAt(long nanoTime) {
    if (monitor == null) {
      return;
    }
    windowThread =
        new Thread(
            () -> {
              // What can be done before the window is, so that the snapshot is taken as it opens.
              if (!beforeWindow()) {
                return;
              }
              long now = System.nanoTime();
              while (now < nanoTime && !Thread.currentThread().isInterrupted()) {
                LockSupport.parkNanos(nanoTime - now);
                now = System.nanoTime();
              }
              if (!Thread.currentThread().isInterrupted()) {
                startWindow();
              }
            },
            "pgperf-server-work");
    windowThread.setDaemon(true);
    windowThread.start();
  }

  /**
   * Makes pgperf's connection report its own transactions so far, so that from now on every one of
   * them counts in the window; false when that failed.
   */
  private boolean beforeWindow() {
    try {
      monitor.reportStatistics();
      monitor.resetCount();
      return true;
    } catch (SQLException e) {
      startFailure = ServerFacts.firstLine(e.getMessage());
      return false;
    }
  }

  private void startWindow() {
    try {
      // Backends known by PID, unless they change (-C) or a source's connections do not say.
      boolean byPid = !connectPerTransaction && !clients.anyUnknown();
      int[] runPids = byPid ? clients.recent() : null;
      start = queries.read(monitor.connection, false);
      monitor.counted();
      cpuStart = processes == null ? null : processes.read(clients.recent());
      containerStart = container == null ? -1 : container.micros();
      machineStart =
          processes != null || (containerStart >= 0 && container.onThisMachine())
              ? MachineCpuReading.now()
              : null;
      if (processes != null && byPid) {
        onCpuStart = BackendsOnCpu.start(runPids);
        if (onCpuStart == null) {
          onCpuFailure = "a backend's /proc/<pid>/schedstat could not be read";
        }
      }
      if (sampler != null) {
        sampler.begin(runPids, new int[] {monitor.pid, sampler.pid()});
      }
    } catch (SQLException e) {
      startFailure = ServerFacts.firstLine(e.getMessage());
      start = null;
    }
  }

  /**
   * Every client has finished, their connections still open: reads the backends' on-CPU time at the
   * window's end (a backend that exits takes it with it).
   */
  public void clientsFinished() {
    BackendsOnCpu begun = onCpuStart;
    if (begun != null) {
      serverOnCpuNanos = begun.sinceStart();
    }
  }

  /**
   * The run's backends' on-CPU time in the window, ns, from {@code /proc/<pid>/schedstat}; -1 when
   * not known ({@link #whyNoServerOnCpu}).
   */
  public long serverOnCpuNanos() {
    return serverOnCpuNanos;
  }

  /** Why {@link #serverOnCpuNanos} is not known; {@code null} when it is. */
  public String whyNoServerOnCpu() {
    if (serverOnCpuNanos >= 0) {
      return null;
    }
    if (!settings.enabled()) {
      return "server counters are off";
    }
    if (monitor == null || facts == null) {
      return "the server's counters could not be read";
    }
    if (processes == null) {
      return "the server's processes are not visible from this machine";
    }
    if (connectPerTransaction) {
      return "under -C every transaction's backend exits, taking its CPU time with it";
    }
    if (clients == null || clients.anyUnknown()) {
      return "the clients' connections do not name their backends";
    }
    if (onCpuFailure != null) {
      return onCpuFailure;
    }
    return onCpuStart == null
        ? "the measured window did not start"
        : "a backend exited before the window's end";
  }

  /**
   * Ends the window (every client has ended) and returns what the server did in it; {@code null}
   * when capture is off, or when the window never started (the run ended in its warm-up).
   */
  public ServerWork windowEnded() {
    if (!settings.enabled()) {
      return null;
    }
    if (monitor == null) {
      return nothing();
    }
    try {
      if (windowThread != null) {
        windowThread.interrupt();
        windowThread.join();
      }
      if (start == null) {
        if (startFailure == null) {
          return null;
        }
        fail("server counters cannot be read: " + startFailure);
        return nothing();
      }
      WaitEvents waits = null;
      if (sampler != null) {
        waits = sampler.finish();
        if (sampler.failure() != null) {
          unavailable.add(
              new Unavailable(
                  WorkPart.WAITS,
                  "sampling stopped early: " + ServerFacts.firstLine(sampler.failure())));
        }
      }
      int[] pids = clients.recent();
      int late = awaitExit(pids);
      if (late > 0) {
        unavailable.add(
            new Unavailable(
                WorkPart.DATABASE,
                late
                    + " of the run's backends had"
                    + " not exited "
                    + TimeUnit.NANOSECONDS.toSeconds(EXIT_WAIT_NANOS)
                    + " s after the"
                    + " run; the database's counters may miss their last second"));
      }
      monitor.reportStatistics();
      Snapshot end = queries.read(monitor.connection, true);
      ServerCpu cpu = null;
      if (cpuStart != null) {
        cpu =
            ServerProcesses.between(
                cpuStart,
                processes.read(
                    cpuStart.backends().keySet().stream().mapToInt(Integer::intValue).toArray()));
        if (cpu != null) {
          cpu = cpu.withMachine(MachineCpuReading.between(machineStart, MachineCpuReading.now()));
        }
        if (cpu == null) {
          unavailable.add(
              new Unavailable(
                  WorkPart.SERVER_CPU,
                  "the server's postmaster could not be read at the end (did the server restart?)"));
        } else if (reason(WorkPart.BACKGROUND_CPU) == null
            && (cpu.walWriterMicros() == null
                || cpu.checkpointerMicros() == null
                || cpu.backgroundWriterMicros() == null)) {
          unavailable.add(
              new Unavailable(
                  WorkPart.BACKGROUND_CPU, "a background process ended during the window"));
        }
      }
      if (container != null) {
        cpu = containerCpu();
      }
      long own = monitor.transactions() + (sampler == null ? 0 : sampler.transactions());
      ServerWork work =
          new ServerWork(
              Math.max(0, end.epochSeconds() - start.epochSeconds()),
              queries.readsStatements() ? end.statementsSince(start) : null,
              end.database().since(start.database()).withoutCommits(own),
              end.wal() == null || start.wal() == null ? null : end.wal().since(start.wal()),
              end.checkpoints().since(start.checkpoints()),
              waits,
              cpu,
              unavailable);
      return work.statements() == null
          ? work
          : work.withStatementEvictions(end.evictionsSince(start));
    } catch (SQLException e) {
      fail("server counters cannot be read: " + ServerFacts.firstLine(e.getMessage()));
      return nothing();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /**
   * The container's CPU in the window, with this machine's when the container runs on it; {@code
   * null}, saying why, when its counter could not be read.
   */
  private ServerCpu containerCpu() {
    long end = containerStart < 0 ? -1 : container.micros();
    if (end < containerStart || end < 0) {
      unavailable.add(
          new Unavailable(
              WorkPart.SERVER_CPU,
              "the container's CPU counter could not"
                  + " be read at the window's "
                  + (containerStart < 0 ? "start" : "end")));
      return null;
    }
    MachineCpu machine =
        machineStart == null
            ? null
            : MachineCpuReading.between(machineStart, MachineCpuReading.now());
    return ServerCpu.ofContainer(end - containerStart, machine);
  }

  /** A result with every part unavailable, for the reasons already recorded. */
  private ServerWork nothing() {
    EnumSet<WorkPart> explained = EnumSet.noneOf(WorkPart.class);
    unavailable.forEach(u -> explained.add(u.part()));
    List<Unavailable> all = new ArrayList<>(unavailable);
    for (WorkPart part : EnumSet.complementOf(explained)) {
      all.add(new Unavailable(part, "server counters cannot be read"));
    }
    return new ServerWork(0, null, null, null, null, null, null, all);
  }

  /**
   * Waits until the run's backends have exited: gone from pg_stat_activity (they reported their
   * statistics) and, where the server is visible, reaped (their CPU time is in the postmaster's).
   *
   * @return how many had not exited in time
   */
  private int awaitExit(int[] pids) throws SQLException {
    long deadline = System.nanoTime() + EXIT_WAIT_NANOS;
    while (true) {
      int alive = pollExited(pids);
      if (processes != null) {
        for (int pid : pids) {
          if (processes.isChild(pid)) {
            alive++;
          }
        }
      }
      if (alive == 0 || System.nanoTime() > deadline) {
        return alive;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
    }
  }

  /** How many of {@code pids} pg_stat_activity still shows (one transaction of the monitor). */
  private int pollExited(int[] pids) throws SQLException {
    Integer[] boxed = new Integer[pids.length];
    for (int i = 0; i < pids.length; i++) {
      boxed[i] = pids[i];
    }
    try (PreparedStatement s =
        monitor.connection.prepareStatement(
            OwnConnection.MARK
                + "select count(*) from pg_catalog.pg_stat_activity where pid = any(?)")) {
      s.setArray(1, monitor.connection.createArrayOf("int4", boxed));
      try (ResultSet rs = s.executeQuery()) {
        monitor.counted();
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  /** Closes pgperf's own connections and stops its threads. */
  @Override
  public void close() {
    if (windowThread != null) {
      windowThread.interrupt();
      try {
        windowThread.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (sampler != null) {
      sampler.close();
      sampler = null;
    }
    if (monitor != null) {
      monitor.close();
      monitor = null;
    }
  }
}
