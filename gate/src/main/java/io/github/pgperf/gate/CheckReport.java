package io.github.pgperf.gate;

import java.util.Comparator;
import java.util.List;

/**
 * Everything the gate concluded, in report order (tests sorted, metrics in configured order).
 *
 * @param findings one per test and metric compared, and one per named outcome
 * @param settings the settings the verdicts were reached with
 * @param results where the candidate results came from
 * @param baseline where the baseline came from
 */
public record CheckReport(
    List<Finding> findings, GateSettings settings, String results, String baseline) {

  public CheckReport {
    findings = List.copyOf(findings);
  }

  /** Whether the build must fail: some finding's action is {@link Action#FAIL}. */
  public boolean failed() {
    return findings.stream().anyMatch(f -> f.action() == Action.FAIL);
  }

  /** The findings whose action is {@code action}. */
  public List<Finding> withAction(Action action) {
    return findings.stream().filter(f -> f.action() == action).toList();
  }

  /** How many findings have {@code verdict}. */
  public long count(Verdict verdict) {
    return findings.stream().filter(f -> f.verdict() == verdict).count();
  }

  /**
   * How many findings are real comparisons: samples (timing or work) were compared and the verdict
   * says something about them (a pass, an improvement, a regression, a changed plan). A comparison
   * whose verdict warns by default (inconclusive) did not conclude; whole-test outcomes (missing or
   * mismatched baseline, unusable results) compared nothing. Decided by each verdict's default
   * action, so verdicts added later are counted by what they do, not by name; {@link
   * Verdict#CHANGE_POINT} warns by default but did conclude (a change was found in the series).
   */
  public long compared() {
    return findings.stream()
        .filter(
            f ->
                (f.comparison() != null || f.work() != null)
                    && (f.verdict().defaultAction() != Action.WARN
                        || f.verdict() == Verdict.CHANGE_POINT))
        .count();
  }

  /** The outcome in one line, saying when little or nothing was compared. */
  public Headline headline() {
    return Headline.of(this);
  }

  /**
   * The findings for people to read: those that fail the build first, then warnings, then passes,
   * each group in report order, so a regression is the first row of a long table.
   */
  public List<Finding> byUrgency() {
    return findings.stream()
        .sorted(Comparator.comparingInt((Finding f) -> urgency(f.action())))
        .toList();
  }

  private static int urgency(Action action) {
    return switch (action) {
      case FAIL -> 0;
      case WARN -> 1;
      case PASS -> 2;
    };
  }

  /** One line: counts of each verdict that occurred, e.g. {@code 3 PASS, 1 REGRESSION}. */
  public String summary() {
    StringBuilder out = new StringBuilder();
    for (Verdict v : Verdict.values()) {
      long n = count(v);
      if (n > 0) {
        out.append(out.length() == 0 ? "" : ", ").append(n).append(' ').append(v.text());
      }
    }
    return out.length() == 0 ? "nothing compared" : out.toString();
  }
}
