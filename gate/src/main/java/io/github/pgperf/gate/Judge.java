package io.github.pgperf.gate;

import java.util.Locale;

/**
 * Turns a metric's {@link Comparison} into a verdict: a regression needs both a p-value below the
 * level and a size above the minimum effect; without a clear change, the verdict is a pass only if
 * the data could have detected a regression of the minimum size, else it is inconclusive (so is
 * every comparison with fewer than {@link GateSettings#MINIMUM_BASELINE_BUILDS} baseline builds).
 */
final class Judge {

  /** Where users set the number of trials (pgperf:test), named in inconclusive verdicts. */
  static final String TRIALS = "pgperf.trials";

  /** Where users set the number of interleaved pairs (pgperf:compare). */
  static final String PAIRS = "pgperf.pairs";

  /** Where users set the most time a sequential comparison may spend on a test (pgperf:compare). */
  static final String COMPARE_TIME = "pgperf.compareTime";

  /** How users record a baseline build (README's command), named wherever one is missing. */
  public static final String RECORD = "mvn verify pgperf:baseline";

  /** Detectable sizes above this print as "more than" it: beyond it the figure means nothing. */
  static final double LARGEST_PRINTED = 10;

  private Judge() {}

  static Finding judge(String key, Comparison c, GateSettings settings) {
    Verdict verdict = verdict(c, settings);
    return new Finding(
        key, c.metric(), verdict, settings.action(verdict), message(key, c, verdict, settings), c);
  }

  static Verdict verdict(Comparison c, GateSettings settings) {
    if (Double.isNaN(c.pRegression())) {
      return Verdict.INCONCLUSIVE;
    }
    if (c.pRegression() < settings.level() && c.regression() > settings.minimumEffect()) {
      return Verdict.REGRESSION;
    }
    // Clear, but within the minimum: said, not passed (the minimum is a setting; a 16% slower
    // transaction under a 30% minimum is still news).
    if (c.pRegression() < settings.level() && c.regression() > 0) {
      return Verdict.SMALL_REGRESSION;
    }
    // Better by: tps gained, or latency saved, relative to the baseline (for tps 1 - c/b, for
    // latency c/b - 1: the regression's negative either way, also where it is a rank estimate).
    double improvement = -c.regression();
    if (c.pImprovement() < settings.level() && improvement > settings.minimumEffect()) {
      return Verdict.IMPROVEMENT;
    }
    if (c.detectable() > settings.minimumEffect()) {
      return Verdict.INCONCLUSIVE;
    }
    return Verdict.PASS;
  }

  private static String message(String key, Comparison c, Verdict verdict, GateSettings s) {
    if (c.method().paired()) {
      return pairedMessage(key, c, verdict, s);
    }
    String metric = c.metric().label();
    String figures = figures(c);
    return switch (verdict) {
      case REGRESSION ->
          regressed(key, metric, figures, c, s)
              + ", and more than the minimum of "
              + percent(s.minimumEffect());
      case SMALL_REGRESSION -> small(key, metric, figures, c, s, "");
      case IMPROVEMENT ->
          key
              + ": "
              + metric
              + " improved by "
              + percent(Math.abs(c.change()))
              + " ("
              + figures
              + "); p = "
              + p(c.pImprovement());
      case INCONCLUSIVE ->
          Double.isNaN(c.pRegression())
              ? key
                  + ": "
                  + metric
                  + " inconclusive: the baseline holds "
                  + builds(c.baselineBuilds())
                  + ", and at least "
                  + GateSettings.MINIMUM_BASELINE_BUILDS
                  + " are needed to tell a"
                  + " change from the noise between builds ("
                  + figures
                  + "; record more with "
                  + RECORD
                  + ")"
              : key
                  + ": "
                  + metric
                  + " inconclusive: these builds could only detect a regression of "
                  + detectable(c.detectable())
                  + ", more than the minimum of "
                  + percent(s.minimumEffect())
                  + " ("
                  + figures
                  + ", noise "
                  + percent(c.noise())
                  + "; record more baseline builds with "
                  + RECORD
                  + ", or run more trials with "
                  + TRIALS
                  + ")";
      default ->
          key
              + ": "
              + metric
              + " passed ("
              + figures
              + "; would have detected "
              + detectable(c.detectable())
              + ")";
    };
  }

  /** The message of a comparison of interleaved base/candidate pairs ({@code pgperf:compare}). */
  private static String pairedMessage(String key, Comparison c, Verdict verdict, GateSettings s) {
    String metric = c.metric().label();
    String figures = figures(c);
    boolean rank = c.method() == Comparison.Method.SIGNED_RANK;
    String test =
        rank
            ? "; a pair is an outlier, so the signed-rank test decides and the change"
                + " is the pairs' median (Hodges-Lehmann)"
            : "";
    return switch (verdict) {
      case REGRESSION ->
          regressed(key, metric, figures, c, s)
              + ", and more than the minimum of "
              + percent(s.minimumEffect())
              + test;
      case SMALL_REGRESSION -> small(key, metric, figures, c, s, test);
      case IMPROVEMENT ->
          key
              + ": "
              + metric
              + " improved by "
              + percent(-c.regression())
              + " ("
              + figures
              + "); p = "
              + p(c.pImprovement())
              + test;
      case INCONCLUSIVE ->
          Double.isNaN(c.pRegression())
              ? key
                  + ": "
                  + metric
                  + " inconclusive: "
                  + pairs(c.baselineCount())
                  + ", and at least "
                  + PairedComparison.MINIMUM_PAIRS
                  + " are needed ("
                  + figures
                  + "; "
                  + more(c)
                  + ")"
              : rank && Double.isInfinite(c.detectable())
                  ? key
                      + ": "
                      + metric
                      + " inconclusive: a pair is an outlier, so the signed-rank"
                      + " test decides, and with "
                      + pairs(c.baselineCount())
                      + " it cannot reach the"
                      + " level ("
                      + figures
                      + "; "
                      + more(c)
                      + ")"
                  : key
                      + ": "
                      + metric
                      + " inconclusive: these pairs could only detect a regression"
                      + " of "
                      + detectable(c.detectable())
                      + ", more than the minimum of "
                      + percent(s.minimumEffect())
                      + " ("
                      + figures
                      + ", noise "
                      + percent(c.noise())
                      + "; "
                      + more(c)
                      + ")"
                      + test;
      default ->
          key
              + ": "
              + metric
              + " passed ("
              + figures
              + "; would have detected "
              + detectable(c.detectable())
              + ")"
              + test;
    };
  }

  /**
   * How to get more pairs: a number fixed in advance ({@code pgperf.pairs}), or, for pairs that
   * came until the verdicts settled, a larger cap of time.
   */
  private static String more(Comparison c) {
    return c.method().sequential()
        ? "allow more pairs with " + COMPARE_TIME
        : "run more pairs with " + PAIRS;
  }

  /** {@code key: metric regressed by X (figures); p = P, below the level L}: a clear regression. */
  private static String regressed(
      String key, String metric, String figures, Comparison c, GateSettings s) {
    return key
        + ": "
        + metric
        + " regressed by "
        + percent(c.regression())
        + " ("
        + figures
        + "); p = "
        + p(c.pRegression())
        + ", below the level "
        + p(s.level());
  }

  /** A clear regression within the minimum effect: what it is, and why it does not fail. */
  private static String small(
      String key, String metric, String figures, Comparison c, GateSettings s, String test) {
    return regressed(key, metric, figures, c, s)
        + ", but not more than the minimum of "
        + percent(s.minimumEffect())
        + " ("
        + GateProperties.MINIMUM_EFFECT
        + "): a warning"
        + test;
  }

  static String figures(Comparison c) {
    if (c.method().paired()) {
      return "base "
          + value(c.baseline(), c.metric())
          + ", candidate "
          + value(c.candidate(), c.metric())
          + ", "
          + pairs(c.baselineCount())
          + " interleaved, change "
          + signedPercent(c.change());
    }
    return "baseline "
        + value(c.baseline(), c.metric())
        + " from "
        + trials(c.baselineBuilds(), c.baselineCount())
        + ", candidate "
        + value(c.candidate(), c.metric())
        + " from "
        + trials(c.candidateBuilds(), c.candidateCount())
        + ", change "
        + signedPercent(c.change());
  }

  /** {@code 3 trials} for one build, {@code 5 builds (15 trials)} for several. */
  private static String trials(int builds, int trials) {
    String t = trials + (trials == 1 ? " trial" : " trials");
    return builds == 1 ? t : builds(builds) + " (" + t + ")";
  }

  private static String pairs(int pairs) {
    return pairs + (pairs == 1 ? " pair" : " pairs");
  }

  private static String builds(int builds) {
    return builds + (builds == 1 ? " build" : " builds");
  }

  static String value(double v, Metric m) {
    return m == Metric.TPS
        ? String.format(Locale.ROOT, "%.1f tps", v)
        : String.format(Locale.ROOT, "%.0f µs", v);
  }

  /** A detectable size: capped, since a figure such as 3880023579.7% only says "huge". */
  static String detectable(double fraction) {
    if (fraction > LARGEST_PRINTED && !Double.isInfinite(fraction)) {
      return "> " + String.format(Locale.ROOT, "%.0f%%", 100 * LARGEST_PRINTED);
    }
    return percent(fraction);
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
