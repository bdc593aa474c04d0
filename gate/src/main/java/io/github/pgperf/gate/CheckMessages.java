package io.github.pgperf.gate;

import java.nio.file.Path;
import java.util.List;

/**
 * The lines a goal that judges ({@code pgperf:check}, {@code pgperf:compare}) logs besides the
 * table: the findings that warn, those that fail, and the outcome in one line. One place, so both
 * goals word a verdict alike.
 */
public final class CheckMessages {

  private CheckMessages() {}

  /**
   * {@code VERDICT: message} for each finding whose action is {@code action}: at most {@value
   * OutputLimits#SENTENCES} (each cut to {@value OutputLimits#LINE} characters), then a line saying
   * how many more there are.
   */
  public static List<String> of(CheckReport report, Action action) {
    return OutputLimits.sentences(
        report.withAction(action).stream()
            .map(f -> f.verdict().text() + ": " + Cells.message(f))
            .toList(),
        action == Action.FAIL ? "failures" : "warnings");
  }

  /** {@code <goal>: fails the build: 1 REGRESSION, 2 PASS; table in <directory>/check.md}. */
  public static String outcome(String goal, CheckReport report, Path directory) {
    return goal
        + ": "
        + report.headline().text()
        + "; table in "
        + directory.resolve(CheckOutputs.MARKDOWN);
  }
}
