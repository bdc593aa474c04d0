package io.github.pgperf.gate;

import java.util.List;

/**
 * The report table's columns and each finding's cells, shared by the console, Markdown and HTML
 * forms.
 */
public final class Cells {

  /** The columns: test, metric, verdict, baseline, candidate, change, p, detectable, action. */
  public static final List<String> HEADERS = List.of(
      "test", "metric", "verdict", "baseline", "candidate", "change", "p", "detectable", "action");

  private Cells() {}

  /** The cells of {@code f}, one per column of {@link #HEADERS}. */
  public static List<String> of(Finding f) {
    String metric = f.metric() == null ? "-" : f.metric().label();
    if (f.comparison() == null) {
      return List.of(f.key(), metric, f.verdict().text(), "-", "-", "-", "-", "-", action(f));
    }
    Comparison c = f.comparison();
    double p = c.regression() >= 0 ? c.pRegression() : c.pImprovement();
    return List.of(f.key(), metric, f.verdict().text(),
        Judge.value(c.baseline(), c.metric()) + " (n=" + c.baselineCount() + ")",
        Judge.value(c.candidate(), c.metric()) + " (n=" + c.candidateCount() + ")",
        Judge.signedPercent(c.change()),
        Double.isNaN(p) ? "-" : Judge.p(p),
        Judge.percent(c.detectable()),
        action(f));
  }

  private static String action(Finding f) {
    return switch (f.action()) {
      case FAIL -> "fails";
      case WARN -> "warns";
      case PASS -> "ok";
    };
  }
}
