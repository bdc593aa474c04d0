package io.github.pgperf.internal.run;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.capture.SaidOnce;
import io.github.pgperf.internal.capture.ScriptPlans;
import io.github.pgperf.internal.capture.ServerInfoQuery;
import io.github.pgperf.internal.capture.WorkCapture;
import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.output.TransactionLog;
import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.ClientEncoding;
import io.github.pgperf.internal.script.Command;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.ScriptException;
import io.github.pgperf.internal.script.SeedPlan;
import io.github.pgperf.internal.script.VariableDefinitions;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.internal.script.WorkloadItem;
import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.result.Abort;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.work.RunCpu;
import io.github.pgperf.work.ServerWork;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.postgresql.core.BaseConnection;
import org.postgresql.util.HostSpec;

/**
 * Runs a {@link Workload} against PostgreSQL as pgbench runs its scripts, and returns the {@link
 * RunResult}. Each client runs on its own platform thread with its own connection (JDBC is
 * blocking); clients are grouped into {@code -j} groups as pgbench deals them to its threads, each
 * group having pgbench's per-thread script choice, {@code -R} schedule and log file.
 *
 * <p>On {@code err} the runner prints what pgbench prints on stderr during a run: the seed, the
 * vacuum, {@code -P} progress lines, {@code debug()} lines and client errors. The report itself is
 * the caller's ({@link io.github.pgperf.internal.output.TextReport}).
 *
 * <p>A client that fails (an SQL error other than a serialization failure or deadlock, a failed
 * meta-command, a lost connection) stops with pgbench's message; the others go on and the result is
 * marked {@link RunResult#aborted()}.
 */
public final class Runner {

  /** The program name in messages. */
  public static final String NAME = "pgperf";

  private final ConnectionSource source;
  private final PrintStream err;
  private final Messages messages;
  private final CaptureSettings capture;
  private final SaidOnce said;

  /**
   * A runner that captures nothing of the server's own work (pgbench's behaviour).
   *
   * @param source opens the clients' connections (and one for setup)
   * @param err where progress, vacuum, debug and error lines go
   */
  public Runner(ConnectionSource source, PrintStream err) {
    this(source, err, CaptureSettings.OFF);
  }

  /**
   * @param source opens the clients' connections (and one for setup, and pgperf's own two for the
   *     server's work)
   * @param err where progress, vacuum, debug and error lines go
   * @param capture whether and how to capture the server's work in the measured window ({@link
   *     RunResult#serverWork()})
   */
  public Runner(ConnectionSource source, PrintStream err, CaptureSettings capture) {
    this(source, err, capture, new SaidOnce());
  }

  /**
   * As {@link #Runner(ConnectionSource, PrintStream, CaptureSettings)}, saying what the server
   * cannot give only where {@code said} has not said it yet (runners of one test session share
   * one).
   */
  public Runner(ConnectionSource source, PrintStream err, CaptureSettings capture, SaidOnce said) {
    this.source = source;
    this.err = err;
    this.messages = new Messages(err);
    this.capture = capture;
    this.said = said;
  }

  /**
   * Runs the workload.
   *
   * @throws RunException when the run cannot start: the setup connection fails, a client's first
   *     connection fails, or the tables of a built-in script are missing (pgbench exits 1 then)
   */
  public RunResult run(Workload given, RunOptions options) throws RunException {
    Workload workload = given;
    VariableDefinitions defined;
    Instant startedAt = Instant.now();
    if (options.randomSeed().explicit()) {
      messages.info("setting random seed to " + options.randomSeed().unsignedText());
    }
    ServerInfo server;
    int scale = options.scaleOrDefault();
    RunSettings.Partitioning partitioning = null;
    Plans plans = null;
    try (Connection setup = openSetup()) {
      if (options.debug()) {
        messages.info(debugTarget(setup, options));
      }
      server = ServerInfoQuery.read(setup);
      // Scripts' bytes and -D arguments as the server will read them, decided once, here.
      ClientEncoding encoding = ScriptsOnServer.encoding(setup, options.clientEncoding());
      workload = ScriptsOnServer.inEncoding(workload, encoding, options.queryMode(), setup);
      defined = definitions(options, encoding);
      if (usesBuiltin(workload)) {
        BenchmarkTables.Found found = BenchmarkTables.discover(setup);
        if (options.scale() > 0) {
          messages.warning(
              "scale option ignored, using count from pgbench_branches table ("
                  + found.scale()
                  + ")");
        }
        scale = found.scale();
        partitioning = found.partitioning();
      }
      BenchmarkTables.vacuum(setup, options.vacuum(), messages);
      if (capture.enabled()) {
        // Before the first transaction: the tables as the initialization and the vacuum left them.
        plans = plans(setup, workload);
      }
    } catch (SQLException e) {
      throw new RunException("could not query the server: " + ErrorMessage.of(e), null);
    }
    RunSettings settings = settings(workload, options, scale, partitioning);
    try (WorkCapture work =
        WorkCapture.open(
            source, capture, options.clients(), options.connectPerTransaction(), err, said)) {
      return execute(workload, options, defined, settings, server, startedAt, work, plans);
    }
  }

  private static VariableDefinitions definitions(RunOptions options, ClientEncoding encoding)
      throws RunException {
    try {
      return options.definitions().inEncoding(encoding);
    } catch (ScriptException e) {
      throw new RunException(e.getMessage(), null);
    }
  }

  /** pgbench's first {@code -d} line: where it connected and what it will run. */
  private String debugTarget(Connection setup, RunOptions options) throws SQLException {
    HostSpec host = setup.unwrap(BaseConnection.class).getQueryExecutor().getHostSpec();
    // pgjdbc reaches a socket directory through "localhost"; pgbench names the directory.
    String pghost =
        source instanceof ConnectionSpec spec && spec.onSocket() ? spec.host() : host.getHost();
    boolean timed = options.durationSeconds() > 0;
    return "pghost: "
        + pghost
        + " pgport: "
        + host.getPort()
        + " nclients: "
        + options.clients()
        + (timed ? " duration: " + options.durationSeconds() : " nxacts: " + options.transactions())
        + " dbName: "
        + setup.getCatalog();
  }

  private Connection openSetup() throws RunException {
    try {
      return source.open();
    } catch (SQLException e) {
      messages.error(ConnectionFailure.message(source, e));
      throw new RunException("could not create connection for setup", null);
    }
  }

  private RunResult execute(
      Workload workload,
      RunOptions options,
      VariableDefinitions defined,
      RunSettings settings,
      ServerInfo server,
      Instant startedAt,
      WorkCapture work,
      Plans plans)
      throws RunException {
    boolean javaTransactions =
        workload.entries().stream().anyMatch(entry -> entry.item() instanceof JavaTransaction);
    ClientThreads clientThreads =
        ClientThreads.choose(options.virtualThreads(), options.clients(), javaTransactions);
    SeedPlan seeds =
        SeedPlan.draw(
            options.randomSeed().value(),
            options.clients(),
            defined.defines("default_seed"),
            options.threads());
    VariableDefinitions definitions =
        defined.withAutomatic(settings.scale(), options.randomSeed().value(), seeds::defaultSeed);
    Benchmark bench =
        new Benchmark(options, workload, work.clients(), err, new TransactionLog(settings));
    List<List<String>> firstLines = firstLines(bench);
    long timelineMicros = options.timelineMillis() * 1000L;
    RunTimeline timeline =
        timelineMicros > 0 ? new RunTimeline(timelineMicros, options.latencyLimitMicros()) : null;
    int threads = options.threads();
    double delay = options.rate() > 0 ? 1e6 / options.rate() * threads : 0;
    long pid = ProcessHandle.current().pid();
    List<ClientGroup> groups = new ArrayList<>();
    List<Client> clients = new ArrayList<>();
    List<List<Client>> clientsByGroup = new ArrayList<>();
    int dealt = 0;
    String logFile = null;
    try {
      for (int t = 0; t < threads; t++) {
        logFile = TransactionLog.fileName(options.logPrefix(), pid, t);
        Writer log =
            options.log()
                ? new OutputStreamWriter(
                    Files.newOutputStream(Path.of(logFile)), StandardCharsets.UTF_8)
                : null;
        ClientGroup group =
            new ClientGroup(
                t,
                workload,
                seeds.scriptChoice(t),
                seeds.throttle(t),
                seeds.sampling(t),
                delay,
                log,
                options.latencyLimitMicros(),
                options.aggregateIntervalSeconds());
        groups.add(group);
        List<Client> groupClients = new ArrayList<>();
        clientsByGroup.add(groupClients);
        int n = (options.clients() - dealt + threads - t - 1) / (threads - t);
        for (int k = 0; k < n; k++) {
          int id = dealt + k;
          ThreadRecorder recorder = new ThreadRecorder(settings, firstLines, timeline);
          // Each recorder holds a histogram per script: the warm-up's own only when there is one.
          ThreadRecorder warmup =
              options.warmupSeconds() > 0 ? new ThreadRecorder(settings, firstLines, 0) : recorder;
          Client client =
              new Client(
                  id, bench, group, definitions.forClient(id), seeds.client(id), recorder, warmup);
          clients.add(client);
          groupClients.add(client);
        }
        dealt += n;
      }
    } catch (IOException e) {
      throw new RunException(
          "could not open logfile \"" + logFile + "\": " + IoErrors.reason(e), null);
    }
    // pgbench's initial connection time runs from here: its threads' start and connections.
    long start = Clock.micros();
    if (!options.connectPerTransaction()) {
      connectClients(bench, clientsByGroup, clients);
    }
    List<Thread> running = new ArrayList<>();
    for (Client client : clients) {
      Thread thread = clientThreads.unstarted(client, "pgperf-client-" + client.id);
      running.add(thread);
      thread.start();
    }
    ClientCpu clientCpu = new ClientCpu(running, clientThreads.isVirtual());
    Progress progress = null;
    List<Client> stuck;
    try {
      bench.connected.await();
      if (options.warmupSeconds() == 0 && !bench.cancelled) {
        // The server's counters at the window's start; not part of the connection time.
        start += work.windowStartsNow();
      }
      long benchStart = Clock.micros();
      bench.benchStartMicros = benchStart;
      bench.measuredStartMicros = benchStart + options.warmupSeconds() * 1_000_000L;
      if (options.durationSeconds() > 0) {
        bench.endMicros = bench.measuredStartMicros + options.durationSeconds() * 1_000_000L;
      }
      if (options.warmupSeconds() > 0 && !bench.cancelled) {
        work.windowStartsAt(bench.measuredStartMicros * 1000);
        clientCpu.startAt(bench.measuredStartMicros * 1000);
      } else {
        clientCpu.startNow();
      }
      for (ClientGroup g : groups) {
        g.start(benchStart, bench.epochMicros(bench.measuredStartMicros));
      }
      if (timeline != null) {
        timeline.start(bench.measuredStartMicros);
      }
      if (options.progressSeconds() > 0 && !bench.cancelled) {
        progress = new Progress(bench, settings, clients);
        progress.start();
      }
      bench.go.countDown();
      stuck = new EndTimeout(bench).await(clients, running);
      if (progress != null) {
        progress.stop();
      }
    } catch (InterruptedException e) {
      bench.cancelled = true;
      bench.closeFinished();
      if (timeline != null) {
        timeline.abandon();
      }
      Thread.currentThread().interrupt();
      throw new RunException("interrupted", null);
    }
    long end = Clock.micros();
    work.clientsFinished();
    bench.closeFinished();
    if (timeline != null) {
      try {
        timeline.finish(end - bench.measuredStartMicros);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new RunException("interrupted", null);
      }
    }
    ServerWork serverWork = work.windowEnded();
    if (serverWork != null && serverWork.database() != null && plans != null) {
      // Only when the server answered the counters: a result without them has no plans either.
      serverWork = serverWork.withPlans(plans.taken(), plans.reason());
    }
    List<Abort> aborts = new ArrayList<>();
    List<ThreadRecorder> recorders = new ArrayList<>();
    try {
      for (Client client : clients) {
        if (client.aborted || stuck.contains(client)) {
          aborts.add(client.abort());
        }
        client.flushLog();
        client.recorder.finish(end - bench.measuredStartMicros);
        recorders.add(client.recorder);
      }
      for (ClientGroup g : groups) {
        g.finish(bench.epochMicros(end));
      }
    } catch (IOException e) {
      String line = "could not write to log file: " + IoErrors.reason(e);
      messages.error(line);
      aborts.add(new Abort(null, List.of(line)));
    }
    RunResultBuilder result =
        new RunResultBuilder(settings)
            .server(server)
            .startedAt(startedAt)
            .endedAt(Instant.now())
            .benchMicros(end - bench.measuredStartMicros)
            .initialConnectionMicros(
                options.connectPerTransaction() ? 0 : bench.benchStartMicros - start)
            .aborts(aborts)
            .serverWork(serverWork);
    if (source instanceof ConnectionSpec spec) {
      result.target(spec.target());
    }
    List<long[]> cpuEnds = new ArrayList<>();
    clients.forEach(c -> cpuEnds.add(c.cpuAtEnd));
    ClientCpu.Figures client = clientCpu.result(cpuEnds);
    long serverNanos = work.serverOnCpuNanos();
    return result
        .build(recorders)
        .withCpu(
            new RunCpu(
                serverNanos < 0 ? null : serverNanos,
                work.whyNoServerOnCpu(),
                client.cpuNanos(),
                client.allocatedBytes(),
                client.reason()));
  }

  /**
   * Connects every client before the run, as pgbench's threads do: each {@code -j} group connects
   * its clients one after another, the groups in parallel, and the first connection that fails
   * stops them all (pgbench exits at once). Its error is printed, the connections made are closed,
   * and the run fails with pgbench's {@code could not create connection for client N}. Without
   * this, a {@code -c} above the server's {@code max_connections} would try every client.
   */
  private void connectClients(Benchmark bench, List<List<Client>> byGroup, List<Client> clients)
      throws RunException {
    List<Thread> connectors = new ArrayList<>();
    for (int t = 1; t < byGroup.size(); t++) {
      List<Client> group = byGroup.get(t);
      Thread connector = new Thread(() -> connectGroup(group, bench), "pgperf-connect-" + t);
      connectors.add(connector);
      connector.start();
    }
    if (!byGroup.isEmpty()) {
      connectGroup(byGroup.get(0), bench);
    }
    boolean interrupted = false;
    for (Thread connector : connectors) {
      while (true) {
        try {
          connector.join();
          break;
        } catch (InterruptedException e) {
          // Each connector ends after its one attempt in flight: wait, then stop the run.
          interrupted = true;
          bench.cancelled = true;
        }
      }
    }
    if (bench.cancelled) {
      clients.forEach(Client::disconnect);
      if (interrupted) {
        Thread.currentThread().interrupt();
        throw new RunException("interrupted", null);
      }
      throw new RunException(
          "could not create connection for client " + bench.firstFailedClient.get(), null);
    }
  }

  private void connectGroup(List<Client> group, Benchmark bench) {
    for (Client client : group) {
      if (bench.cancelled) {
        return;
      }
      try {
        client.connectFirst();
      } catch (SQLException e) {
        if (bench.firstFailedClient.compareAndSet(-1, client.id)) {
          messages.error(ConnectionFailure.message(source, e));
        }
        bench.cancelled = true;
        return;
      } catch (RuntimeException e) {
        if (bench.firstFailedClient.compareAndSet(-1, client.id)) {
          messages.error("internal error while connecting client " + client.id + ": " + e);
        }
        bench.cancelled = true;
        return;
      }
    }
  }

  /** The scripts' plans, or none and why. */
  private record Plans(List<StatementPlan> taken, String reason) {}

  /**
   * The plans of the scripts' SQL commands; Java transactions send statements pgperf does not see
   * before the run, which only PostgreSQL 16's {@code EXPLAIN (GENERIC_PLAN)} could plan from their
   * normalized text after it.
   */
  private static Plans plans(Connection setup, Workload workload) {
    boolean java = workload.entries().stream().anyMatch(e -> !(e.item() instanceof Script));
    String partly = java ? "the statements of Java transactions are not planned" : null;
    try {
      return new Plans(ScriptPlans.capture(setup, workload), partly);
    } catch (SQLException e) {
      return new Plans(
          null, "plans could not be taken: " + ErrorMessage.of(e).lines().findFirst().orElse(""));
    }
  }

  private static List<List<String>> firstLines(Benchmark bench) {
    List<List<String>> lines = new ArrayList<>();
    for (Command[] commands : bench.commands) {
      lines.add(Arrays.stream(commands).map(Command::firstLine).toList());
    }
    return lines;
  }

  private static RunSettings settings(
      Workload workload, RunOptions options, int scale, RunSettings.Partitioning partitioning) {
    List<RunSettings.Script> scripts =
        workload.entries().stream()
            .map(e -> new RunSettings.Script(e.item().name(), e.weight()))
            .toList();
    RunLength length =
        options.durationSeconds() > 0
            ? new RunLength.Timed(options.durationSeconds())
            : new RunLength.PerClient(options.transactions());
    return new RunSettings(
        scripts,
        options.clients(),
        options.threads(),
        length,
        options.queryMode(),
        options.rate(),
        options.latencyLimitMicros(),
        options.maxTries(),
        scale,
        partitioning,
        options.connectPerTransaction(),
        options.progressSeconds(),
        options.failuresDetailed(),
        options.perStatement(),
        null);
  }

  /** pgbench reads the scale from the tables only when a built-in script runs. */
  private static boolean usesBuiltin(Workload workload) {
    for (Workload.Entry e : workload.entries()) {
      WorkloadItem item = e.item();
      if (item instanceof Script script) {
        for (BuiltinScript b : BuiltinScript.values()) {
          if (b.description().equals(script.name())) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
