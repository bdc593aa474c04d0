package io.github.pgperf.gate;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report table's columns and each finding's cells, shared by the console, Markdown and HTML
 * forms.
 */
public final class Cells {

  /** The columns: test, metric, verdict, baseline, candidate, change, p, detectable, action. */
  public static final List<String> HEADERS =
      List.of(
          "test",
          "metric",
          "verdict",
          "baseline",
          "candidate",
          "change",
          "p",
          "detectable",
          "action");

  private Cells() {}

  /** The cells of {@code f}, one per column of {@link #HEADERS}. */
  public static List<String> of(Finding f) {
    String metric = f.metric() == null ? "-" : f.metric().label();
    if (f.work() != null) {
      WorkChange w = f.work();
      return List.of(
          f.key(),
          w.what(),
          f.verdict().text(),
          w.baseline(),
          w.candidate(),
          w.change(),
          "-",
          "-",
          action(f));
    }
    if (f.comparison() == null) {
      return List.of(f.key(), metric, f.verdict().text(), "-", "-", "-", "-", "-", action(f));
    }
    Comparison c = f.comparison();
    double p = c.regression() >= 0 ? c.pRegression() : c.pImprovement();
    return List.of(
        f.key(),
        metric,
        f.verdict().text(),
        Judge.value(c.baseline(), c.metric()) + " (n=" + c.baselineCount() + ")",
        Judge.value(c.candidate(), c.metric()) + " (n=" + c.candidateCount() + ")",
        Judge.signedPercent(c.change()),
        Double.isNaN(p) ? "-" : Judge.p(p),
        detectable(c.detectable()),
        action(f));
  }

  /**
   * Above this fraction (1000%), the smallest detectable regression says only that the samples
   * could detect nothing useful: two samples with a wild one among them give figures such as
   * 3880023579.7%, which read as a measurement and are none.
   */
  static final double DETECTABLE_CAP = 10;

  /**
   * The smallest regression the samples could detect, as printed: {@code 12.3%}, {@code > 1000%}.
   */
  public static String detectable(double fraction) {
    if (Double.isNaN(fraction)) {
      return "-";
    }
    return fraction > DETECTABLE_CAP
        ? String.format(Locale.ROOT, "> %.0f%%", 100 * DETECTABLE_CAP)
        : Judge.percent(fraction);
  }

  /** The detectable size in the gate's sentences ("could only detect a regression of 12.3%"). */
  private static final Pattern DETECTABLE_IN_MESSAGE =
      Pattern.compile(
          "(could only detect a regression of |would have detected )(\\d+(?:\\.\\d+)?%|∞)");

  /**
   * {@code f}'s sentence as printed in every output, with its detectable size capped as in the
   * table (the sentence is the gate's; only its figure's form changes here).
   */
  public static String message(Finding f) {
    Matcher m = DETECTABLE_IN_MESSAGE.matcher(f.message());
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String figure = m.group(2);
      double fraction =
          figure.equals("∞")
              ? Double.POSITIVE_INFINITY
              : Double.parseDouble(figure.substring(0, figure.length() - 1)) / 100;
      m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + detectable(fraction)));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String action(Finding f) {
    return switch (f.action()) {
      case FAIL -> "fails";
      case WARN -> "warns";
      case PASS -> "ok";
    };
  }
}
