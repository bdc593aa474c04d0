package io.github.pgperf.gate;

import java.util.Locale;

/**
 * What the gate concluded for a test (and metric). Every outcome but {@link #PASS} and {@link
 * #IMPROVEMENT} is acted on ({@link Action}): none passes silently.
 */
public enum Verdict {
  /** No regression beyond the minimum, and the data could have seen one of that size. */
  PASS(Action.PASS),
  /** Worse by more than the minimum effect, and statistically clear. */
  REGRESSION(Action.FAIL),
  /** Better by more than the minimum effect, and statistically clear. */
  IMPROVEMENT(Action.PASS),
  /**
   * Worse, and statistically clear, but by no more than the minimum effect: a warning rather than a
   * pass, so that a real slowdown the minimum lets through is still seen ({@code
   * pgperf.onSmallRegression=fail} fails on it).
   */
  SMALL_REGRESSION(Action.WARN),
  /** No clear regression, but the data could not have detected one of the minimum size. */
  INCONCLUSIVE(Action.WARN),
  /**
   * A script command's plan shape differs from every plan of it in the baseline's builds (same work
   * fingerprint): the finding prints both plans side by side. A warning by default: in A/A builds
   * of the example a one-row table's plan flipped (docs/gate.md), and a plan that does more work is
   * caught as {@link #WORK_REGRESSION}.
   */
  PLAN_CHANGED(Action.WARN),
  /**
   * A work counter per call or per transaction (shared or temp blocks, rows, WAL bytes) grew beyond
   * the tolerance ({@link GateSettings#WORK_TOLERANCE} and the metric's floor) over the baseline's
   * largest value.
   */
  WORK_REGRESSION(Action.FAIL),
  /**
   * Statements new since the baseline, or the baseline's gone (one finding per test and direction,
   * naming them all).
   */
  STATEMENT_CHANGED(Action.WARN),
  /**
   * Some of the test's runs, this build's or the baseline's, have incomplete statement counters
   * ({@code pg_stat_statements} evicted entries during the run): their per-statement and
   * per-transaction work is not compared, and this says so rather than pass or fail on short
   * counters.
   */
  INCOMPLETE_WORK(Action.WARN),
  /** No result files at all, or a baseline test without results now. */
  MISSING_RESULTS(Action.FAIL),
  /** A result without processed transactions. */
  EMPTY_RESULTS(Action.FAIL),
  /** A result of a run in which a client aborted: its figures are incomplete, never a sample. */
  ABORTED_RESULTS(Action.FAIL),
  /** A result file that cannot be read as a pgperf result. */
  UNREADABLE_RESULTS(Action.FAIL),
  /**
   * A baseline file that cannot be used: unreadable, of another format, or holding a value that is
   * missing, negative, not a number or of the wrong type.
   */
  UNREADABLE_BASELINE(Action.FAIL),
  /** A test with results but no baseline to compare with. */
  MISSING_BASELINE(Action.WARN),
  /**
   * {@code pgperf:compare}: a test only the candidate has (new or renamed): measured, not compared.
   */
  NEW(Action.WARN),
  /** {@code pgperf:compare}: a test only the base revision has (removed or renamed). */
  GONE(Action.WARN),
  /**
   * Baseline samples exist, but none from the same server, settings, machine and workload: timing
   * is not compared (work still is, on its own {@link WorkFingerprint}).
   */
  FINGERPRINT_MISMATCH(Action.FAIL),
  /**
   * {@code pgperf:history}: the newest change point of a test's series of builds (one metric, one
   * runner fingerprint) is for the worse and was not reported before (docs/history.md). A warning
   * by default: a lasting shift found over many builds, which no single build's check may have
   * failed on.
   */
  CHANGE_POINT(Action.WARN);

  private final Action defaultAction;

  Verdict(Action defaultAction) {
    this.defaultAction = defaultAction;
  }

  /** What happens on this outcome unless configured otherwise. */
  public Action defaultAction() {
    return defaultAction;
  }

  /** Whether the outcome's action can be configured (all but pass and improvement). */
  public boolean configurable() {
    return defaultAction != Action.PASS;
  }

  /** The name as printed: {@code REGRESSION}, {@code MISSING_BASELINE} ... */
  public String text() {
    return name();
  }

  /** Lower-case words, for sentences: {@code missing baseline}. */
  public String words() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
