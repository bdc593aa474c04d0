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
 * Everything one runner thread records: per-script counts and latency histograms, per-command
 * ({@code -r}) figures, time spent connecting under {@code -C}, and the thread's timeline. Owned by
 * its thread; recording allocates nothing except when a timeline interval closes (once per
 * interval). {@link RunResultBuilder} combines the threads' recorders into a {@link RunResult}.
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
  private final StatsAccumulator interval;
  private final List<Interval> timeline = new ArrayList<>();
  private long intervalStart;
  private long connectionMicros;

  /**
   * @param workload the run's workload (scripts and latency limit)
   * @param commands the first line of each command, per script in workload order, as {@code -r}
   *     prints them
   * @param intervalMicros length of the timeline's intervals in µs; 0 keeps no timeline
   */
  public ThreadRecorder(RunSettings workload, List<List<String>> commands, long intervalMicros) {
    Objects.requireNonNull(workload, "workload");
    if (commands.size() != workload.scripts().size()) {
      throw new IllegalArgumentException("commands given for " + commands.size()
          + " scripts, but the workload has " + workload.scripts().size());
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
    if (interval != null) {
      rollTo(nowMicros);
      interval.recordProcessed(latencyMicros, lagMicros, tries);
    }
  }

  /** A transaction of {@code script} failed on its last try, at {@code nowMicros}. */
  public void failed(int script, long nowMicros, FailureKind kind, int tries) {
    scripts[script].recordFailure(kind, tries);
    if (interval != null) {
      rollTo(nowMicros);
      interval.recordFailure(kind, tries);
    }
  }

  /** A transaction of {@code script} was skipped at {@code nowMicros} (too late for {@code -L}). */
  public void skipped(int script, long nowMicros) {
    scripts[script].recordSkipped();
    if (interval != null) {
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

  /** Closes the timeline: the interval in progress ends at {@code endMicros}, possibly short. */
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

  List<Interval> timeline() {
    return timeline;
  }

  /** This thread's figures of {@code script}. */
  ScriptResult scriptResult(int script, RunSettings.Script spec) {
    List<StatementResult> statements = new ArrayList<>();
    List<String> lines = commands.get(script);
    for (int c = 0; c < lines.size(); c++) {
      statements.add(new StatementResult(lines.get(c), commandExecutions[script][c],
          commandMicros[script][c], commandFailures[script][c], commandRetries[script][c]));
    }
    return new ScriptResult(spec.name(), spec.weight(), scripts[script].snapshot(), statements);
  }
}
