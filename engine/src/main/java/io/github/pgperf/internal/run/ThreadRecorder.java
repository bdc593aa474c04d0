package io.github.pgperf.internal.run;

import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.Interval;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ScriptResult;
import io.github.pgperf.result.StatementResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Everything one client records: per-script counts and latency histograms, per-command ({@code -r})
 * figures, time spent connecting under {@code -C}, and its part of the timeline. Owned by its
 * thread; recording allocates nothing. A run's clients hand their timeline figures to the run's
 * {@link RunTimeline}, which closes the intervals on a thread of its own; a recorder made on its
 * own (results built from given values) closes its intervals itself, by the transactions' times.
 * {@link RunResultBuilder} combines the recorders into a {@link RunResult}.
 *
 * <p>Times are microseconds on the runner's monotonic clock, counted from the benchmark start that
 * all threads share, so the threads' timeline intervals line up.
 */
public final class ThreadRecorder {

  private final List<List<String>> commands;
  private final StatsAccumulator[] scripts;
  private final long[][] commandExecutions;
  private final long[][] commandMicros;
  private final long[][] commandFailures;
  private final long[][] commandRetries;
  private final long intervalMicros;

  /** A recorder on its own: the interval it records, closed by the transactions' times. */
  private final StatsAccumulator interval;

  private final List<Interval> timeline = new ArrayList<>();

  /** A run's client: where its timeline figures go ({@code interval} is then null). */
  private final IntervalRecorder live;

  private final RunTimeline runTimeline;
  private long intervalStart;
  private long connectionMicros;

  /**
   * @param workload the run's workload (scripts and latency limit)
   * @param commands the first line of each command, per script in workload order, as {@code -r}
   *     prints them
   * @param intervalMicros length of the timeline's intervals in µs; 0 keeps no timeline
   */
  public ThreadRecorder(RunSettings workload, List<List<String>> commands, long intervalMicros) {
    this(workload, commands, intervalMicros, null);
  }

  /**
   * A run's client's recorder, whose timeline figures go to the run's timeline.
   *
   * @param timeline the run's timeline; null for none
   */
  ThreadRecorder(RunSettings workload, List<List<String>> commands, RunTimeline timeline) {
    this(workload, commands, 0, timeline);
  }

  private ThreadRecorder(
      RunSettings workload,
      List<List<String>> commands,
      long intervalMicros,
      RunTimeline runTimeline) {
    Objects.requireNonNull(workload, "workload");
    if (commands.size() != workload.scripts().size()) {
      throw new IllegalArgumentException(
          "commands given for "
              + commands.size()
              + " scripts, but the workload has "
              + workload.scripts().size());
    }
    if (intervalMicros < 0) {
      throw new IllegalArgumentException("interval must not be negative: " + intervalMicros);
    }
    this.commands = commands.stream().map(List::copyOf).toList();
    int n = commands.size();
    scripts = new StatsAccumulator[n];
    commandExecutions = new long[n][];
    commandMicros = new long[n][];
    commandFailures = new long[n][];
    commandRetries = new long[n][];
    for (int i = 0; i < n; i++) {
      scripts[i] = new StatsAccumulator(workload.latencyLimitMicros());
      int c = commands.get(i).size();
      commandExecutions[i] = new long[c];
      commandMicros[i] = new long[c];
      commandFailures[i] = new long[c];
      commandRetries[i] = new long[c];
    }
    this.intervalMicros = intervalMicros;
    this.interval = intervalMicros > 0 ? new StatsAccumulator(workload.latencyLimitMicros()) : null;
    this.runTimeline = runTimeline;
    this.live = runTimeline != null ? runTimeline.client() : null;
  }

  /**
   * A transaction of {@code script} ended successfully at {@code nowMicros}.
   *
   * @param latencyMicros its latency (from the scheduled start under {@code -R})
   * @param lagMicros its schedule lag under {@code -R}, else 0
   * @param tries tries it took, at least 1
   */
  public void processed(int script, long nowMicros, long latencyMicros, long lagMicros, int tries) {
    scripts[script].recordProcessed(latencyMicros, lagMicros, tries);
    if (live != null) {
      live.processed(latencyMicros, lagMicros, tries);
    } else if (interval != null) {
      rollTo(nowMicros);
      interval.recordProcessed(latencyMicros, lagMicros, tries);
    }
  }

  /** A transaction of {@code script} failed on its last try, at {@code nowMicros}. */
  public void failed(int script, long nowMicros, FailureKind kind, int tries) {
    scripts[script].recordFailure(kind, tries);
    if (live != null) {
      live.failed(kind, tries);
    } else if (interval != null) {
      rollTo(nowMicros);
      interval.recordFailure(kind, tries);
    }
  }

  /** A transaction of {@code script} was skipped at {@code nowMicros} (too late for {@code -L}). */
  public void skipped(int script, long nowMicros) {
    scripts[script].recordSkipped();
    if (live != null) {
      live.skipped();
    } else if (interval != null) {
      rollTo(nowMicros);
      interval.recordSkipped();
    }
  }

  /** Command {@code command} of {@code script} reached its end after {@code micros} (for -r). */
  public void command(int script, int command, long micros) {
    commandExecutions[script][command]++;
    commandMicros[script][command] += micros;
  }

  /** A transaction failed in command {@code command} of {@code script} (for -r). */
  public void commandFailed(int script, int command) {
    commandFailures[script][command]++;
  }

  /** An error in command {@code command} of {@code script} caused a retry (for -r). */
  public void commandRetried(int script, int command) {
    commandRetries[script][command]++;
  }

  /** A connection under {@code -C} took {@code micros} to open. */
  public void connected(long micros) {
    connectionMicros += micros;
  }

  /** The live accumulator of {@code script}, for progress reports (read only). */
  public StatsAccumulator script(int script) {
    return scripts[script];
  }

  /**
   * Closes a recorder's own timeline: the interval in progress ends at {@code endMicros}, possibly
   * short. (A run's timeline is closed by {@link RunTimeline#finish}.)
   */
  public void finish(long endMicros) {
    if (interval == null) {
      return;
    }
    rollTo(endMicros);
    if (endMicros > intervalStart) {
      timeline.add(new Interval(intervalStart, endMicros - intervalStart, interval.snapshot()));
      interval.reset();
      intervalStart = endMicros;
    }
  }

  private void rollTo(long nowMicros) {
    while (nowMicros >= intervalStart + intervalMicros) {
      timeline.add(new Interval(intervalStart, intervalMicros, interval.snapshot()));
      interval.reset();
      intervalStart += intervalMicros;
    }
  }

  List<List<String>> commands() {
    return commands;
  }

  long connectionMicros() {
    return connectionMicros;
  }

  /** The intervals of a recorder's own timeline (empty for a run's client). */
  List<Interval> timeline() {
    return timeline;
  }

  /** The run's timeline of a run's client; null otherwise. */
  RunTimeline runTimeline() {
    return runTimeline;
  }

  /**
   * The figures of {@code script} over all {@code threads}: their counts and histograms added as
   * they are, then encoded once (not once per client).
   */
  static ScriptResult scriptResult(
      List<ThreadRecorder> threads, int script, RunSettings.Script spec, long latencyLimitMicros) {
    StatsAccumulator sum = new StatsAccumulator(latencyLimitMicros);
    List<String> lines = threads.get(0).commands.get(script);
    long[] executions = new long[lines.size()];
    long[] micros = new long[lines.size()];
    long[] failures = new long[lines.size()];
    long[] retries = new long[lines.size()];
    for (ThreadRecorder t : threads) {
      sum.add(t.scripts[script]);
      for (int c = 0; c < lines.size(); c++) {
        executions[c] += t.commandExecutions[script][c];
        micros[c] += t.commandMicros[script][c];
        failures[c] += t.commandFailures[script][c];
        retries[c] += t.commandRetries[script][c];
      }
    }
    List<StatementResult> statements = new ArrayList<>();
    for (int c = 0; c < lines.size(); c++) {
      statements.add(
          new StatementResult(lines.get(c), executions[c], micros[c], failures[c], retries[c]));
    }
    return new ScriptResult(spec.name(), spec.weight(), sum.snapshot(), statements);
  }
}
