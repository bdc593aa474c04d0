package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.ShouldHaveScript.shouldHaveScript;
import static io.github.pgperf.assertj.ShouldMeetThresholds.shouldMeet;
import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.internal.output.RunSummary;
import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.threshold.Threshold;
import io.github.pgperf.threshold.ThresholdCheck;
import io.github.pgperf.threshold.WorkThreshold;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.WorkPart;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.error.ShouldNotBeNull;

/**
 * Assertions on a {@link RunResult}: tps floors, latency ceilings, failures. Each checks the run's
 * totals over all scripts ({@link #script} narrows to one script) with a {@link Threshold}, and on
 * failure reports the measured figure, the limit and a one-line summary of the run ({@link
 * io.github.pgperf.internal.output.RunSummary}), for example:
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
@API(status = STABLE, since = "0.1.0")
public class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {

  private static final String NO_WORK =
      "the run captured none (pgperf.serverCounters=false, or a Runner without CaptureSettings)";

  /** The script this assertion is narrowed to, by {@link #script}; {@code null} for the run. */
  private final String script;

  /** Makes soft statement assertions; {@code null} outside soft assertions. */
  private Function<PickedStatement, StatementAssert> statementAsserts;

  /** Prefer {@link PgPerfAssertions#assertThat(RunResult)}. */
  public RunResultAssert(RunResult actual) {
    this(actual, null);
  }

  private RunResultAssert(RunResult actual, String script) {
    super(actual, RunResultAssert.class);
    this.script = script;
  }

  /** Processed transactions per second of benchmark time must be at least {@code minimum}. */
  public RunResultAssert hasTpsAtLeast(double minimum) {
    return meetsOne(Threshold.tpsAtLeast(minimum));
  }

  /**
   * The latency at {@code percentile} (greater than 0, at most 100; 99.9 and 99.99 are fine, 100 is
   * the maximum) must be at most {@code limit}.
   */
  public RunResultAssert hasLatencyAtMost(double percentile, Duration limit) {
    return meetsOne(Threshold.latencyAtMost(percentile, limit));
  }

  /** The mean latency of processed transactions must be at most {@code limit}. */
  public RunResultAssert hasMeanLatencyAtMost(Duration limit) {
    return meetsOne(Threshold.meanLatencyAtMost(limit));
  }

  /**
   * The run's backends may wait at most {@code limit} per processed transaction on heavyweight
   * locks ({@code Lock:*} wait events, from the wait sampling), as the threshold {@code
   * lockwait/tx<=1ms}; fails as not checked when the waits were not sampled.
   */
  public RunResultAssert hasLockWaitPerTransactionAtMost(Duration limit) {
    return meetsOne(Threshold.lockWaitPerTransactionAtMost(limit));
  }

  /**
   * The run's server backends may spend at most {@code limit} on a core per processed transaction
   * ({@code /proc/<pid>/schedstat}), as the threshold {@code cpu/tx<=2ms}; fails as not checked
   * when the server's processes are not visible from the test.
   */
  public RunResultAssert hasServerCpuPerTransactionAtMost(Duration limit) {
    return meetsOne(Threshold.serverCpuPerTransactionAtMost(limit));
  }

  /** The largest latency of processed transactions must be at most {@code limit}. */
  public RunResultAssert hasMaxLatencyAtMost(Duration limit) {
    return meetsOne(Threshold.maxLatencyAtMost(limit));
  }

  /** No transaction may have failed and no client may have aborted the run. */
  public RunResultAssert hasNoFailures() {
    return meetsOne(Threshold.noFailures());
  }

  /**
   * At most {@code percent} percent of the transactions that ended may have failed: {@code 0.1}
   * allows one failure in a thousand (failed over processed, failed and skipped, as pgbench
   * counts).
   */
  public RunResultAssert hasFailureRateAtMost(double percent) {
    return meetsOne(Threshold.failureRateAtMost(percent));
  }

  /** The run must meet every threshold; a failure lists each one missed with its figures. */
  public RunResultAssert meets(Threshold... thresholds) {
    Objects.requireNonNull(thresholds, "thresholds");
    return meetsAll(Arrays.asList(thresholds));
  }

  /**
   * The run must meet every threshold given in the text form ({@code "tps>=500"}, {@code
   * "p99.9<=50ms"}, {@code "failures<=0.1%"}; see {@link Threshold} for the grammar).
   *
   * @throws io.github.pgperf.threshold.InvalidThresholdException when a text is not a threshold
   */
  public RunResultAssert meets(String... thresholds) {
    Objects.requireNonNull(thresholds, "thresholds");
    return meetsAll(Arrays.stream(thresholds).map(Threshold::parse).toList());
  }

  /**
   * Assertions on one script of the run: its own counts and latencies, and its tps (its processed
   * transactions over the run's benchmark time). The run must have a script of that name (as
   * pgbench prints it: {@code <builtin: select only>} or the file name).
   */
  public RunResultAssert script(String name) {
    isNotNull();
    Objects.requireNonNull(name, "name");
    List<RunSettings.Script> scripts = actual.settings().scripts();
    for (int i = 0; i < scripts.size(); i++) {
      if (scripts.get(i).name().equals(name)) {
        String outer = descriptionText();
        String own = "script " + name;
        return new RunResultAssert(actual.onlyScript(i), name)
            .describedAs(outer == null || outer.isEmpty() ? own : outer + ", " + own);
      }
    }
    throwAssertionError(shouldHaveScript(actual, name));
    return myself;
  }

  /**
   * Assertions on one statement the server ran for this run, picked by a part of its text: its work
   * per call from {@code pg_stat_statements} (normalized text, {@code $1} for values) and the plan
   * of the script command whose text contains it. Exactly one statement must match; none or several
   * fail, listing the run's statements. From {@link PgPerfSoftAssertions} the statement's
   * assertions are soft too.
   */
  public StatementAssert statement(String text) {
    Objects.requireNonNull(text, "text");
    return statement(text, s -> s.contains(text));
  }

  /** As {@link #statement(String)}, picked by a regular expression found in its text. */
  public StatementAssert statement(Pattern regex) {
    Objects.requireNonNull(regex, "regex");
    return statement("/" + regex.pattern() + "/", s -> regex.matcher(s).find());
  }

  private StatementAssert statement(String selector, Predicate<String> matches) {
    PickedStatement picked = pick(selector, matches);
    if (picked.notPicked() != null && statementAsserts == null) {
      throwAssertionError(picked.notPicked());
    }
    // Softly, a statement not picked fails each assertion on it: this method must not throw, or
    // AssertJ's collector would collect the failure and hand the chain a null.
    return statementAsserts == null ? new StatementAssert(picked) : statementAsserts.apply(picked);
  }

  /** The one statement {@code matches} picks, or why there is none; never throws a failure. */
  private PickedStatement pick(String selector, Predicate<String> matches) {
    if (actual == null) {
      return PickedStatement.none(selector, ShouldNotBeNull.shouldNotBeNull());
    }
    ServerWork work = actual.serverWork();
    if (work == null) {
      return PickedStatement.none(selector, ShouldHaveWork.shouldHaveServerWork(NO_WORK));
    }
    StatementWork statement = null;
    List<StatementPlan> plans =
        work.plans() == null
            ? List.of()
            : work.plans().stream().filter(p -> matches.test(p.sql())).toList();
    if (work.statements() != null) {
      List<StatementWork> found =
          work.statements().stream().filter(s -> matches.test(s.query())).toList();
      if (found.size() != 1) {
        return PickedStatement.none(
            selector,
            ShouldHaveWork.shouldPickOneStatement(
                selector,
                found.stream().map(RunResultAssert::named).toList(),
                work.statements().stream().map(RunResultAssert::named).toList()));
      }
      statement = found.get(0);
    } else if (plans.stream().map(StatementPlan::sql).distinct().count() != 1) {
      return PickedStatement.none(
          selector,
          ShouldHaveWork.shouldPickOneStatement(
              selector,
              plans.stream().map(StatementPlan::sql).distinct().toList(),
              work.plans() == null
                  ? List.of()
                  : work.plans().stream().map(StatementPlan::sql).distinct().toList()));
    }
    return new PickedStatement(
        selector,
        statement,
        work.whyUnavailable(WorkPart.STATEMENTS),
        plans,
        work.whyUnavailable(WorkPart.PLANS),
        null,
        actual.totalCounts().processed());
  }

  /** A statement as a failure lists it: its text, and whether a trigger or function ran it. */
  private static String named(StatementWork s) {
    return s.nested() ? s.query() + " (nested: run by a trigger or function)" : s.query();
  }

  /**
   * Makes this assertion's {@link StatementAssert}s with {@code make} (soft ones, for {@link
   * PgPerfSoftAssertions}) instead of plain ones.
   */
  RunResultAssert withStatementAsserts(Function<PickedStatement, StatementAssert> make) {
    statementAsserts = make;
    return this;
  }

  /** No transaction of the run's database may have ended in a deadlock during the run. */
  public RunResultAssert hasNoDeadlocks() {
    ServerWork work = serverWork();
    if (work.database() == null) {
      throwAssertionError(
          ShouldHaveWork.shouldHaveServerWork(work.whyUnavailable(WorkPart.DATABASE)));
    }
    if (work.database().deadlocks() > 0) {
      throwAssertionError(
          ShouldHaveWork.shouldBeAtMost("deadlocks", 0, work.database().deadlocks()));
    }
    return myself;
  }

  /**
   * The run's statements may have read and written at most {@code maximum} temporary blocks (as the
   * threshold {@code temp<=N}).
   */
  public RunResultAssert hasTempBlocksAtMost(long maximum) {
    return meetsOne(Threshold.tempBlocksAtMost(maximum));
  }

  /**
   * Shared blocks (hit and read) of the run's statements per processed transaction (as the
   * threshold {@code blocks/tx<=N}).
   */
  public RunResultAssert hasSharedBlocksPerTransactionAtMost(double maximum) {
    return meetsOne(Threshold.sharedBlocksPerTransactionAtMost(maximum));
  }

  /**
   * Statements the run's clients sent per processed transaction, as the server counted them
   * (transaction control left out; as the threshold {@code statements/tx<=N}): an N+1 or an ORM's
   * extra load adds to them on any machine.
   */
  public RunResultAssert hasStatementsPerTransactionAtMost(double maximum) {
    return meetsOne(Threshold.statementsPerTransactionAtMost(maximum));
  }

  /**
   * Commits per processed transaction, as {@code pg_stat_database} counted them (as the threshold
   * {@code commits/tx=N}): 1 for a transaction, more when autocommit splits it.
   */
  public RunResultAssert hasCommitsPerTransaction(long commits) {
    return meetsOne(Threshold.commitsPerTransaction(commits));
  }

  /**
   * WAL bytes the run's statements wrote per processed transaction (as the threshold {@code
   * wal/tx<=N}).
   */
  public RunResultAssert hasWalBytesPerTransactionAtMost(double maximum) {
    return meetsOne(Threshold.walBytesPerTransactionAtMost(maximum));
  }

  /**
   * No planned statement of the run may read table {@code table} whole (as the threshold {@code
   * seqscan(table)=0}); fails as not checked when not every statement was planned. For one
   * statement, {@link #statement}'s {@link StatementAssert#hasNoSequentialScanOn}.
   */
  public RunResultAssert hasNoSequentialScanOn(String table) {
    return meetsOne(Threshold.noSequentialScanOn(table));
  }

  /**
   * The run's statements do not grow with the data: against {@code smaller}, the same workload run
   * on less data (the sizes are the test's: rows loaded, a scale, a parameter), no statement is
   * called more often per transaction (an N+1 over rows that became more; a statement new in this
   * run counts from 0) and none returns more rows per call by more than 10% and half a row (a read
   * without a bound), with no count written by hand. Calls per transaction may differ by the runs'
   * edges and 0.02 ({@code TransactionCounts.edge}); choose the smaller size large enough for a
   * bounded read to reach its bound. Blocks and time may grow: that is what more data costs.
   */
  public RunResultAssert scalesFlatFrom(RunResult smaller) {
    ServerWork work = serverWork();
    Objects.requireNonNull(smaller, "smaller");
    if (work.statements() == null) {
      throwAssertionError(
          ShouldHaveWork.shouldHaveServerWork(work.whyUnavailable(WorkPart.STATEMENTS)));
    }
    if (smaller.serverWork() == null || smaller.serverWork().statements() == null) {
      throwAssertionError(
          ShouldHaveWork.shouldHaveServerWork(
              "not in the smaller run: "
                  + (smaller.serverWork() == null
                      ? NO_WORK
                      : smaller.serverWork().whyUnavailable(WorkPart.STATEMENTS))));
    }
    List<String> grew = WorkGrowth.of(smaller, actual);
    if (!grew.isEmpty()) {
      throwAssertionError(ShouldHaveWork.shouldScaleFlat(RunSummary.of(smaller), grew));
    }
    return myself;
  }

  private ServerWork serverWork() {
    isNotNull();
    if (actual.serverWork() == null) {
      throwAssertionError(ShouldHaveWork.shouldHaveServerWork(NO_WORK));
    }
    return actual.serverWork();
  }

  private RunResultAssert meetsOne(Threshold threshold) {
    isNotNull();
    ThresholdCheck verdict = verdict(threshold);
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
    List<ThresholdCheck> failed = new ArrayList<>();
    for (Threshold t : thresholds) {
      ThresholdCheck v = verdict(t);
      if (!v.passed()) {
        failed.add(v);
      }
    }
    if (!failed.isEmpty()) {
      throwAssertionError(shouldMeet(actual, thresholds, failed));
    }
    return myself;
  }

  /**
   * The threshold's verdict on the run; on one script, a work threshold's is "not checked": the
   * server's work is measured for the whole run.
   */
  private ThresholdCheck verdict(Threshold threshold) {
    if (script != null && threshold instanceof WorkThreshold work) {
      return work.check(actual.total(), actual.benchSeconds());
    }
    return threshold.check(actual);
  }
}
