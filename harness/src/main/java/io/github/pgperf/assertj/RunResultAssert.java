package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.ShouldHaveScript.shouldHaveScript;
import static io.github.pgperf.assertj.ShouldMeetThresholds.shouldMeet;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.threshold.FailureRateCeiling;
import io.github.pgperf.threshold.LatencyCeiling;
import io.github.pgperf.threshold.MeanLatencyCeiling;
import io.github.pgperf.threshold.NoFailures;
import io.github.pgperf.threshold.Threshold;
import io.github.pgperf.threshold.TpsFloor;
import io.github.pgperf.threshold.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a {@link RunResult}: tps floors, latency ceilings, failures. Each checks the run's
 * totals over all scripts ({@link #script} narrows to one script) with a {@link Threshold}, and on
 * failure reports the measured figure, the limit and a one-line summary of the run
 * ({@link io.github.pgperf.threshold.RunSummary}), for example:
 *
 * <pre>
 * Expecting tps of run:
 *   &lt;builtin: select only&gt;, 4 clients, 2 threads, 10 s: 4123 processed, 0 failed, ...
 * to be at least:
 *   500.0 tps
 * but was:
 *   412.3 tps
 * </pre>
 *
 * <p>A latency assertion fails a run that processed no transaction. A figure out of range (a
 * negative tps, percentile 101, a zero duration) is a mistake in the test, not a failed assertion:
 * it throws {@link io.github.pgperf.threshold.InvalidThresholdException}.
 */
public class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {

  /** Prefer {@link PgPerfAssertions#assertThat(RunResult)}. */
  public RunResultAssert(RunResult actual) {
    super(actual, RunResultAssert.class);
  }

  /** Processed transactions per second of benchmark time must be at least {@code minimum}. */
  public RunResultAssert hasTpsAtLeast(double minimum) {
    return meetsOne(new TpsFloor(minimum));
  }

  /**
   * The latency at {@code percentile} (greater than 0, at most 100; 99.9 and 99.99 are fine, 100 is
   * the maximum) must be at most {@code limit}.
   */
  public RunResultAssert hasLatencyPercentileAtMost(double percentile, Duration limit) {
    return meetsOne(new LatencyCeiling(percentile, limit));
  }

  /** The mean latency of processed transactions must be at most {@code limit}. */
  public RunResultAssert hasMeanLatencyAtMost(Duration limit) {
    return meetsOne(new MeanLatencyCeiling(limit));
  }

  /** The largest latency of processed transactions must be at most {@code limit}. */
  public RunResultAssert hasMaxLatencyAtMost(Duration limit) {
    return meetsOne(LatencyCeiling.max(limit));
  }

  /** No transaction may have failed and no client may have aborted the run. */
  public RunResultAssert hasNoFailures() {
    return meetsOne(new NoFailures());
  }

  /**
   * At most {@code percent} percent of the transactions that ended may have failed: {@code 0.1}
   * allows one failure in a thousand (failed over processed, failed and skipped, as pgbench counts).
   */
  public RunResultAssert hasFailureRateAtMost(double percent) {
    return meetsOne(new FailureRateCeiling(percent));
  }

  /** The run must meet every threshold; a failure lists each one missed with its figures. */
  public RunResultAssert meets(Threshold... thresholds) {
    Objects.requireNonNull(thresholds, "thresholds");
    return meetsAll(Arrays.asList(thresholds));
  }

  /**
   * The run must meet every threshold given in the text form ({@code "tps>=500"},
   * {@code "p99.9<=50ms"}, {@code "failures<=0.1%"}; see {@link Threshold} for the grammar).
   *
   * @throws io.github.pgperf.threshold.InvalidThresholdException when a text is not a threshold
   */
  public RunResultAssert meets(String... thresholds) {
    Objects.requireNonNull(thresholds, "thresholds");
    return meetsAll(Arrays.stream(thresholds).map(Threshold::parse).toList());
  }

  /**
   * Assertions on one script of the run: its own counts and latencies, and its tps (its processed
   * transactions over the run's benchmark time). The run must have a script of that name (as pgbench
   * prints it: {@code <builtin: select only>} or the file name).
   */
  public RunResultAssert script(String name) {
    isNotNull();
    Objects.requireNonNull(name, "name");
    List<RunSettings.Script> scripts = actual.workload().scripts();
    for (int i = 0; i < scripts.size(); i++) {
      if (scripts.get(i).name().equals(name)) {
        String outer = descriptionText();
        String own = "script " + name;
        return new RunResultAssert(onlyScript(actual, i))
            .describedAs(outer == null || outer.isEmpty() ? own : outer + ", " + own);
      }
    }
    throwAssertionError(shouldHaveScript(actual, name));
    return myself;
  }

  private RunResultAssert meetsOne(Threshold threshold) {
    isNotNull();
    Verdict verdict = threshold.check(actual);
    if (!verdict.passed()) {
      throwAssertionError(shouldMeet(actual, verdict));
    }
    return myself;
  }

  private RunResultAssert meetsAll(List<Threshold> thresholds) {
    if (thresholds.isEmpty()) {
      throw new IllegalArgumentException("no thresholds given to meet");
    }
    thresholds.forEach(t -> Objects.requireNonNull(t, "a threshold is null"));
    if (thresholds.size() == 1) {
      return meetsOne(thresholds.get(0));
    }
    isNotNull();
    List<Verdict> failed = new ArrayList<>();
    for (Threshold t : thresholds) {
      Verdict v = t.check(actual);
      if (!v.passed()) {
        failed.add(v);
      }
    }
    if (!failed.isEmpty()) {
      throwAssertionError(shouldMeet(actual, thresholds, failed));
    }
    return myself;
  }

  /** The run as if script {@code index} had been its only one (no timeline: it mixes scripts). */
  private static RunResult onlyScript(RunResult run, int index) {
    RunSettings w = run.workload();
    RunSettings one = new RunSettings(List.of(w.scripts().get(index)), w.clients(), w.threads(),
        w.length(), w.queryMode(), w.rate(), w.latencyLimitMicros(), w.maxTries(), w.scale(),
        w.partitioning(), w.connectPerTransaction(), w.progressSeconds(), w.failuresDetailed(),
        w.perStatement(), w.label());
    return new RunResult(one, run.target(), run.server(), run.clientMachines(), run.startedAt(),
        run.endedAt(), run.benchSeconds(), run.initialConnectionMicros(), run.connectionMicros(),
        List.of(run.scripts().get(index)), List.of(), run.aborted(), run.identity());
  }
}
