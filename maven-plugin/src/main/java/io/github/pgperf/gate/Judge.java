package io.github.pgperf.gate;

import java.util.Locale;

/**
 * Turns a metric's {@link Comparison} into a verdict: a regression needs both a p-value below the
 * level and a size above the minimum effect; without a clear change, the verdict is a pass only if
 * the data could have detected a regression of the minimum size, else it is inconclusive.
 */
final class Judge {

  /** Where users set the number of trials (pgperf:test), named in inconclusive verdicts. */
  static final String TRIALS = "pgperf.trials";

  private Judge() {}

  static Finding judge(String key, Comparison c, GateSettings settings) {
    Verdict verdict = verdict(c, settings);
    return new Finding(key, c.metric(), verdict, settings.action(verdict),
        message(key, c, verdict, settings), c);
  }

  static Verdict verdict(Comparison c, GateSettings settings) {
    if (Double.isNaN(c.pRegression())) {
      return Verdict.INCONCLUSIVE;
    }
    if (c.pRegression() < settings.level() && c.regression() > settings.minimumEffect()) {
      return Verdict.REGRESSION;
    }
    // Better by: tps gained, or latency saved, relative to the baseline.
    double improvement = c.metric().higherIsBetter() ? c.change() : -c.change();
    if (c.pImprovement() < settings.level() && improvement > settings.minimumEffect()) {
      return Verdict.IMPROVEMENT;
    }
    if (c.detectable() > settings.minimumEffect()) {
      return Verdict.INCONCLUSIVE;
    }
    return Verdict.PASS;
  }

  private static String message(String key, Comparison c, Verdict verdict, GateSettings s) {
    String metric = c.metric().label();
    String figures = figures(c);
    return switch (verdict) {
      case REGRESSION -> key + ": " + metric + " regressed by " + percent(c.regression())
          + " (" + figures + "); p = " + p(c.pRegression()) + ", below the level "
          + p(s.level()) + ", and more than the minimum of " + percent(s.minimumEffect());
      case IMPROVEMENT -> key + ": " + metric + " improved by " + percent(Math.abs(c.change()))
          + " (" + figures + "); p = " + p(c.pImprovement());
      case INCONCLUSIVE -> Double.isNaN(c.pRegression())
          ? key + ": " + metric + " inconclusive: run more trials (" + TRIALS + "; "
              + c.baselineCount()
              + " baseline and " + c.candidateCount()
              + " candidate samples; at least 2 on each side are needed to measure the noise)"
          : key + ": " + metric + " inconclusive: run more trials (" + TRIALS + ");"
              + " these samples could only detect"
              + " a regression of " + percent(c.detectable()) + ", more than the minimum of "
              + percent(s.minimumEffect()) + " (" + figures + ", noise " + percent(c.noise()) + ")";
      default -> key + ": " + metric + " passed (" + figures + "; would have detected "
          + percent(c.detectable()) + ")";
    };
  }

  static String figures(Comparison c) {
    return "baseline " + value(c.baseline(), c.metric()) + " from " + c.baselineCount()
        + ", candidate " + value(c.candidate(), c.metric()) + " from " + c.candidateCount()
        + ", change " + signedPercent(c.change());
  }

  static String value(double v, Metric m) {
    return m == Metric.TPS
        ? String.format(Locale.ROOT, "%.1f tps", v)
        : String.format(Locale.ROOT, "%.0f µs", v);
  }

  static String percent(double fraction) {
    if (Double.isInfinite(fraction)) {
      return "∞";
    }
    return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
  }

  static String signedPercent(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * fraction);
  }

  static String p(double p) {
    if (p < 0.0001) {
      return "<0.0001";
    }
    return String.format(Locale.ROOT, "%.4f", p);
  }
}
