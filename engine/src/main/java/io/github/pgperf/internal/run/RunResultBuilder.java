package io.github.pgperf.internal.run;

import io.github.pgperf.result.Abort;
import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.Interval;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ScriptResult;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.Stats;
import io.github.pgperf.result.Target;
import io.github.pgperf.result.Timelines;
import io.github.pgperf.work.ServerWork;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Collects what the runner learns about a run (when it started, the server, how long connecting
 * took) and turns the threads' {@link ThreadRecorder}s into the immutable {@link RunResult}.
 */
public final class RunResultBuilder {

  private final RunSettings settings;
  private Target target;
  private ServerInfo server;
  private ClientMachine client = ClientMachine.current();
  private Instant startedAt;
  private Instant endedAt;
  private long benchMicros;
  private long initialConnectionMicros;
  private boolean aborted;
  private List<Abort> aborts = List.of();
  private ServerWork serverWork;

  /** A builder for a run with these settings. */
  public RunResultBuilder(RunSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** Where the load goes (no password is kept). */
  public RunResultBuilder target(Target value) {
    this.target = value;
    return this;
  }

  /** The server's version and settings. */
  public RunResultBuilder server(ServerInfo value) {
    this.server = value;
    return this;
  }

  /** The load-generating machine; {@link ClientMachine#current()} unless set. */
  public RunResultBuilder client(ClientMachine value) {
    this.client = Objects.requireNonNull(value, "client");
    return this;
  }

  /** When the run started (wall clock). */
  public RunResultBuilder startedAt(Instant value) {
    this.startedAt = value;
    return this;
  }

  /** When the run ended (wall clock). */
  public RunResultBuilder endedAt(Instant value) {
    this.endedAt = value;
    return this;
  }

  /**
   * Benchmark time in µs: from the start all clients were connected to the end of the last thread.
   */
  public RunResultBuilder benchMicros(long value) {
    this.benchMicros = value;
    return this;
  }

  /** Time to start the threads and connect all clients, µs. */
  public RunResultBuilder initialConnectionMicros(long value) {
    this.initialConnectionMicros = value;
    return this;
  }

  /** Marks the run aborted (a client gave up; the figures are incomplete). */
  public RunResultBuilder aborted(boolean value) {
    this.aborted = value;
    return this;
  }

  /** Why clients aborted; any makes the run aborted. */
  public RunResultBuilder aborts(List<Abort> value) {
    this.aborts = List.copyOf(value);
    return this;
  }

  /** What the database did in the measured window; {@code null} when not captured. */
  public RunResultBuilder serverWork(ServerWork value) {
    this.serverWork = value;
    return this;
  }

  /**
   * The result of the run from all its threads' recorders (call after the threads finished and
   * {@link ThreadRecorder#finish} was called on each).
   */
  public RunResult build(List<ThreadRecorder> threads) {
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(endedAt, "endedAt");
    List<ScriptResult> scripts = new ArrayList<>();
    for (int s = 0; s < settings.scripts().size(); s++) {
      RunSettings.Script spec = settings.scripts().get(s);
      scripts.add(
          threads.isEmpty()
              ? new ScriptResult(spec.name(), spec.weight(), Stats.NONE, List.of())
              : ThreadRecorder.scriptResult(threads, s, spec, settings.latencyLimitMicros()));
    }
    long connection = threads.stream().mapToLong(ThreadRecorder::connectionMicros).sum();
    // The clients of one run share one timeline; recorders made apart (tests) have their own.
    List<RunTimeline> runTimelines = new ArrayList<>();
    List<List<Interval>> timelines = new ArrayList<>();
    for (ThreadRecorder t : threads) {
      RunTimeline shared = t.runTimeline();
      if (shared == null) {
        timelines.add(t.timeline());
      } else if (runTimelines.stream().noneMatch(seen -> seen == shared)) {
        runTimelines.add(shared);
        timelines.add(shared.intervals());
      }
    }
    List<Interval> timeline = Timelines.add(timelines);
    return new RunResult(
        settings,
        target,
        server,
        List.of(client),
        startedAt,
        endedAt,
        benchMicros / 1e6,
        initialConnectionMicros,
        connection,
        scripts,
        timeline,
        aborted || !aborts.isEmpty(),
        RunIdentity.thisProcess(),
        serverWork,
        aborts);
  }
}
