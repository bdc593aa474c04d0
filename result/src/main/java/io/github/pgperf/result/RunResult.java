package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.github.pgperf.work.RunCpu;
import io.github.pgperf.work.ServerWork;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The outcome of one run (or of several merged runs): an immutable value that tests assert on, the
 * text report prints and {@link ResultJson} writes and reads.
 *
 * <p>Only measured data is kept; tps, averages and percentiles are computed from it, so they cannot
 * disagree with it. The totals are the sum of the per-script figures.
 *
 * @param settings what was run and with which options
 * @param target where the load went (never a password); {@code null} when not known
 * @param server the server's version and settings; {@code null} when not captured
 * @param clientMachines the machines that generated the load (one per merged machine)
 * @param startedAt when the run started (wall clock)
 * @param endedAt when the run ended (wall clock)
 * @param benchSeconds seconds from the benchmark start (all clients connected) to the end, the
 *     denominator of tps; for merged concurrent runs the duration at which the merged tps is the
 *     sum of the parts' tps
 * @param initialConnectionMicros time to start threads and open the clients' connections, µs (0
 *     under {@code -C})
 * @param connectionMicros time spent connecting during the run under {@code -C}, summed over all
 *     transactions, µs (0 otherwise)
 * @param scripts per-script figures, in the workload's script order
 * @param timeline per-interval figures in time order (empty when not recorded)
 * @param aborted whether a client aborted, making the figures incomplete
 * @param identity the build, trial and test the run belongs to; {@code null} in results written
 *     before pgperf recorded it (schema 1) and in merged results of different builds
 * @param serverWork what the database itself did in the measured window (its counters, the
 *     backends' wait events, the server's CPU time); {@code null} when not captured (server
 *     counters off, the command line without {@code --server-counters}, results before schema 3)
 * @param aborts why clients aborted, by client number (empty when none did, and in results before
 *     schema 6, which did not record it); not empty only when {@code aborted}
 * @param cpu the measured window's on-CPU time of the server's backends and of the client threads,
 *     and the client's allocations; {@code null} when not measured (results written before pgperf
 *     measured it, runs that ended in their warm-up)
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record RunResult(
    RunSettings settings,
    Target target,
    ServerInfo server,
    List<ClientMachine> clientMachines,
    Instant startedAt,
    Instant endedAt,
    double benchSeconds,
    long initialConnectionMicros,
    long connectionMicros,
    List<ScriptResult> scripts,
    List<Interval> timeline,
    boolean aborted,
    RunIdentity identity,
    ServerWork serverWork,
    List<Abort> aborts,
    RunCpu cpu) {

  public RunResult {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(endedAt, "endedAt");
    clientMachines = List.copyOf(clientMachines);
    scripts = List.copyOf(scripts);
    timeline = List.copyOf(timeline);
    aborts = List.copyOf(aborts);
    if (!aborted && !aborts.isEmpty()) {
      throw new IllegalArgumentException("a run that did not abort cannot say why: " + aborts);
    }
    if (scripts.size() != settings.scripts().size()) {
      throw new IllegalArgumentException(
          "the settings have "
              + settings.scripts().size()
              + " scripts but the result "
              + scripts.size());
    }
    for (int i = 0; i < scripts.size(); i++) {
      RunSettings.Script s = settings.scripts().get(i);
      if (!s.name().equals(scripts.get(i).name()) || s.weight() != scripts.get(i).weight()) {
        throw new IllegalArgumentException(
            "result of script "
                + (i + 1)
                + " is for "
                + scripts.get(i).name()
                + ", not "
                + s.name());
      }
    }
    if (!(benchSeconds >= 0) || initialConnectionMicros < 0 || connectionMicros < 0) {
      throw new IllegalArgumentException("durations must not be negative");
    }
  }

  /** A result without the window's on-CPU time. */
  public RunResult(
      RunSettings settings,
      Target target,
      ServerInfo server,
      List<ClientMachine> clientMachines,
      Instant startedAt,
      Instant endedAt,
      double benchSeconds,
      long initialConnectionMicros,
      long connectionMicros,
      List<ScriptResult> scripts,
      List<Interval> timeline,
      boolean aborted,
      RunIdentity identity,
      ServerWork serverWork,
      List<Abort> aborts) {
    this(
        settings,
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        serverWork,
        aborts,
        null);
  }

  /** A result without abort reasons (as results were before schema 6). */
  public RunResult(
      RunSettings settings,
      Target target,
      ServerInfo server,
      List<ClientMachine> clientMachines,
      Instant startedAt,
      Instant endedAt,
      double benchSeconds,
      long initialConnectionMicros,
      long connectionMicros,
      List<ScriptResult> scripts,
      List<Interval> timeline,
      boolean aborted,
      RunIdentity identity,
      ServerWork serverWork) {
    this(
        settings,
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        serverWork,
        List.of());
  }

  /** A result without the server's work (as results were before schema 3). */
  public RunResult(
      RunSettings settings,
      Target target,
      ServerInfo server,
      List<ClientMachine> clientMachines,
      Instant startedAt,
      Instant endedAt,
      double benchSeconds,
      long initialConnectionMicros,
      long connectionMicros,
      List<ScriptResult> scripts,
      List<Interval> timeline,
      boolean aborted,
      RunIdentity identity) {
    this(
        settings,
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        null);
  }

  /**
   * This result with other settings of the same scripts (a label, say, that only the caller knows).
   *
   * @throws IllegalArgumentException when {@code newSettings} name other scripts
   */
  public RunResult withSettings(RunSettings newSettings) {
    return new RunResult(
        newSettings,
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        serverWork,
        aborts,
        cpu);
  }

  /** This result as a run against {@code newTarget}. */
  public RunResult withTarget(Target newTarget) {
    return new RunResult(
        settings,
        newTarget,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        serverWork,
        aborts,
        cpu);
  }

  /** This result with {@code newServer} as the server's version and settings. */
  public RunResult withServer(ServerInfo newServer) {
    return new RunResult(
        settings,
        target,
        newServer,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        serverWork,
        aborts,
        cpu);
  }

  /**
   * The run as if script {@code index} (0-based) had been its only one: its settings with that
   * script alone and its figures. The timeline and the server's work mix all scripts, so the copy
   * has neither.
   */
  public RunResult onlyScript(int index) {
    return new RunResult(
        settings.withScripts(List.of(settings.scripts().get(index))),
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        List.of(scripts.get(index)),
        List.of(),
        aborted,
        identity,
        null,
        aborts,
        null);
  }

  /** This result with the reasons its clients aborted; a result with any is {@link #aborted()}. */
  public RunResult withAborts(List<Abort> newAborts) {
    return new RunResult(
        settings,
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted || !newAborts.isEmpty(),
        identity,
        serverWork,
        newAborts,
        cpu);
  }

  /** This result as a run of {@code identity}. */
  public RunResult withIdentity(RunIdentity identity) {
    return new RunResult(
        settings,
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        serverWork,
        aborts,
        cpu);
  }

  /** This result with {@code work} as the server's work. */
  public RunResult withServerWork(ServerWork work) {
    return new RunResult(
        settings,
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        work,
        aborts,
        cpu);
  }

  /** This result with {@code value} as the window's on-CPU time. */
  public RunResult withCpu(RunCpu value) {
    return new RunResult(
        settings,
        target,
        server,
        clientMachines,
        startedAt,
        endedAt,
        benchSeconds,
        initialConnectionMicros,
        connectionMicros,
        scripts,
        timeline,
        aborted,
        identity,
        serverWork,
        aborts,
        value);
  }

  /** The server's backends' on-CPU time per processed transaction, µs; NaN when not measured. */
  public double serverCpuPerTransactionMicros() {
    return RunCpu.perTransaction(
        cpu == null ? null : cpu.serverNanos(), 1000, totalCounts().processed());
  }

  /** The client threads' CPU time per processed transaction, µs; NaN when not measured. */
  public double clientCpuPerTransactionMicros() {
    return RunCpu.perTransaction(
        cpu == null ? null : cpu.clientNanos(), 1000, totalCounts().processed());
  }

  /** The bytes the client threads allocated per processed transaction; NaN when not measured. */
  public double allocatedBytesPerTransaction() {
    return RunCpu.perTransaction(
        cpu == null ? null : cpu.clientAllocatedBytes(), 1, totalCounts().processed());
  }

  /**
   * Time the run's backends waited on heavyweight locks ({@code Lock:*} wait events) per processed
   * transaction, µs: the wait samples on a lock, each worth the window over the number of samples
   * (the interval, when the sampler kept up), over the transactions; NaN when the waits were not
   * sampled or no transaction was processed.
   */
  public double lockWaitPerTransactionMicros() {
    long transactions = totalCounts().processed();
    if (serverWork == null
        || serverWork.waits() == null
        || serverWork.waits().samples() == 0
        || transactions == 0) {
      return Double.NaN;
    }
    double perSample = serverWork.windowSeconds() * 1e6 / serverWork.waits().samples();
    return lockWaitObservations() * perSample / transactions;
  }

  /** The share of the run's backends' wait samples on a heavyweight lock, 0 to 1; NaN if none. */
  public double lockWaitShare() {
    if (serverWork == null
        || serverWork.waits() == null
        || serverWork.waits().observations() == 0) {
      return Double.NaN;
    }
    return (double) lockWaitObservations() / serverWork.waits().observations();
  }

  private long lockWaitObservations() {
    return serverWork.waits().counts().stream()
        .filter(c -> c.event().startsWith("Lock:"))
        .mapToLong(c -> c.count())
        .sum();
  }

  /** All scripts' figures together. */
  public Stats total() {
    return Stats.sum(scripts.stream().map(ScriptResult::stats).toList());
  }

  /** All scripts' counts together (cheaper than {@link #total()}, which adds histograms too). */
  public Counts totalCounts() {
    Counts total = Counts.NONE;
    for (ScriptResult s : scripts) {
      total = total.plus(s.stats().counts());
    }
    return total;
  }

  /**
   * The latency at or below which {@code percentile} percent of all scripts' processed transactions
   * finished (as {@code p99<=20ms} reads it); zero when none was processed.
   */
  public Duration latency(double percentile) {
    return total().latency().percentile(percentile);
  }

  /** The mean latency of all scripts' processed transactions; zero when none was processed. */
  public Duration meanLatency() {
    return total().latency().mean();
  }

  /** The longest latency of a processed transaction; zero when none was processed. */
  public Duration maxLatency() {
    return total().latency().max();
  }

  /** Processed transactions per second of benchmark time (pgbench's tps). */
  public double tps() {
    return totalCounts().processed() / benchSeconds;
  }

  /** Processed transactions of script {@code index} (0-based) per second of benchmark time. */
  public double tps(int index) {
    return scripts.get(index).stats().counts().processed() / benchSeconds;
  }

  /**
   * Average time to connect under {@code -C}, in ms: connection time over processed and failed
   * transactions, as pgbench computes it.
   */
  public double averageConnectionMillis() {
    Counts c = totalCounts();
    return 0.001 * connectionMicros / (c.processed() + c.failed());
  }

  /**
   * The latency average pgbench prints when it did not measure latency: benchmark time times
   * clients over all ended transactions, in ms. It includes client overhead and failed
   * transactions.
   */
  public double derivedLatencyMillis() {
    return 1000.0 * benchSeconds * settings.clients() / totalCounts().total();
  }

  /**
   * Merges results of runs of the same workload that ran at the same time (several machines or
   * processes loading one server), as if one run had done all their work:
   *
   * <ul>
   *   <li>counts add; latency histograms and their sums add (percentiles of the merged result are
   *       those of all latencies recorded into one histogram); lag and per-statement figures add;
   *   <li>clients and threads add; tps add (see {@link #benchSeconds()});
   *   <li>start is the earliest start, end the latest end, initial connection time the longest;
   *       connection times under {@code -C} add;
   *   <li>timelines are aligned by their offset from each run's benchmark start: intervals at the
   *       same offset add, others are kept; intervals at one offset must have the same length;
   *   <li>aborted if any part aborted, with every part's aborts in part order; client machines are
   *       listed once each; the target is the first part's (machines may name one server
   *       differently);
   *   <li>the server's work adds ({@link ServerWork#plus}); when a part has none, the merged result
   *       has none.
   * </ul>
   *
   * <p>For repeated trials of one workload run one after another, merged latencies are the
   * distribution over all trials, but the merged tps is the sum, not the mean: compare tps per
   * trial instead.
   *
   * @throws IllegalArgumentException naming the first part that differs when workloads differ in
   *     anything but clients and threads, when the parts ran against different servers, or when no
   *     result is given
   */
  public static RunResult merge(RunResult... results) {
    return merge(Arrays.asList(results));
  }

  /** {@link #merge(RunResult...)} of a list. */
  public static RunResult merge(List<RunResult> results) {
    if (results.isEmpty()) {
      throw new IllegalArgumentException("cannot merge results: none given");
    }
    RunResult first = results.get(0);
    for (int i = 1; i < results.size(); i++) {
      RunResult r = results.get(i);
      Optional<String> mismatch = first.settings.mismatch(r.settings);
      if (mismatch.isPresent()) {
        throw new IllegalArgumentException(
            "cannot merge results: the workload of result "
                + (i + 1)
                + " differs from that of result 1: "
                + mismatch.get());
      }
      if (!Objects.equals(first.server, r.server)) {
        throw new IllegalArgumentException(
            "cannot merge results: result "
                + (i + 1)
                + " ran against another server or server settings than result 1");
      }
    }
    int clients = 0;
    int threads = 0;
    long processed = 0;
    double tps = 0;
    double longest = 0;
    Instant start = first.startedAt;
    Instant end = first.endedAt;
    long initialConnection = 0;
    long connection = 0;
    boolean aborted = false;
    List<Abort> aborts = new ArrayList<>();
    LinkedHashSet<ClientMachine> machines = new LinkedHashSet<>();
    List<ScriptResult> scripts = new ArrayList<>(first.scripts);
    List<Interval> timeline;
    try {
      timeline = Timelines.add(results.stream().map(RunResult::timeline).toList());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot merge results: " + e.getMessage());
    }
    for (int i = 0; i < results.size(); i++) {
      RunResult r = results.get(i);
      clients += r.settings.clients();
      threads += r.settings.threads();
      long p = r.totalCounts().processed();
      processed += p;
      if (r.benchSeconds > 0) {
        tps += p / r.benchSeconds;
      }
      longest = Math.max(longest, r.benchSeconds);
      start = r.startedAt.isBefore(start) ? r.startedAt : start;
      end = r.endedAt.isAfter(end) ? r.endedAt : end;
      initialConnection = Math.max(initialConnection, r.initialConnectionMicros);
      connection += r.connectionMicros;
      aborted |= r.aborted;
      aborts.addAll(r.aborts);
      machines.addAll(r.clientMachines);
      if (i > 0) {
        for (int s = 0; s < scripts.size(); s++) {
          try {
            scripts.set(s, scripts.get(s).plus(r.scripts.get(s)));
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                "cannot merge results: result " + (i + 1) + ": " + e.getMessage());
          }
        }
      }
    }
    double seconds = processed > 0 && tps > 0 ? processed / tps : longest;
    // Concurrent parts of one build keep its identity; parts of different builds have none.
    RunIdentity identity =
        results.stream().allMatch(r -> Objects.equals(r.identity, first.identity))
            ? first.identity
            : null;
    ServerWork work = first.serverWork;
    for (int i = 1; i < results.size() && work != null; i++) {
      ServerWork other = results.get(i).serverWork;
      try {
        work = other == null ? null : work.plus(other);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "cannot merge results: result " + (i + 1) + ": " + e.getMessage());
      }
    }
    RunCpu cpu = first.cpu;
    for (int i = 1; i < results.size() && cpu != null; i++) {
      cpu = results.get(i).cpu == null ? null : cpu.plus(results.get(i).cpu);
    }
    return new RunResult(
        first.settings.withClients(clients, threads),
        first.target,
        first.server,
        new ArrayList<>(machines),
        start,
        end,
        seconds,
        initialConnection,
        connection,
        scripts,
        timeline,
        aborted,
        identity,
        work,
        aborts,
        cpu);
  }
}
