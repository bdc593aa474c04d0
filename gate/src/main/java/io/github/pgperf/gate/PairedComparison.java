package io.github.pgperf.gate;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * Compares a metric's base-revision trials with the candidate's when they ran interleaved in one
 * job (A B B A ...): trial {@code i} of each side forms pair {@code i}, and the pairs' log ratios
 * are tested. Drift of the machine between pairs (a neighbour's build starting, a slower runner)
 * hits both trials of a pair alike and cancels in their ratio; a steady drift within the job adds
 * as much to one pair's ratio as the A B B A order takes from the next. Method in {@code
 * docs/gate.md}:
 *
 * <ul>
 *   <li>each pair's worsening {@code d = ln(candidate / base)} for latencies, {@code ln(base /
 *       candidate)} for tps;
 *   <li>Student's t on the {@code d}s with {@code pairs − 1} degrees of freedom;
 *   <li>when a pair is an outlier (from {@value #OUTLIER_CHECK_PAIRS} pairs on, its {@code d}
 *       further than {@value #OUTLIER_Z} robust standard deviations from the median {@code d}: a
 *       burst that hit one side of one pair), normality, the t-test's assumption, fails: Wilcoxon's
 *       signed-rank test decides instead, whose only assumption (a symmetric {@code d} when nothing
 *       changed) is what interleaving provides.
 * </ul>
 *
 * <p>Deterministic: the ratios are sorted before summing, so the pairs in any order give the same
 * result bit for bit.
 */
final class PairedComparison {

  /** Fewer pairs than this give no p-value: the t-test's noise estimate would have 1 degree. */
  static final int MINIMUM_PAIRS = 3;

  /**
   * From this many pairs on, outliers are looked for: with fewer, the median and the spread around
   * it are too loose to call any pair far off.
   */
  static final int OUTLIER_CHECK_PAIRS = 6;

  /**
   * A pair is an outlier when its ratio lies further than this many robust standard deviations
   * ({@code 1.4826 · MAD}) from the median ratio. Far beyond the usual 3.5: with few pairs the
   * median absolute deviation is often small by chance, and at 3.5 about one in eight samples of 10
   * normal pairs would have "an outlier" (at 7, about one in a hundred). What the rule is for, a
   * burst that doubled one trial, is 10 standard deviations off at the 5% trial noise measured
   * within pairs.
   */
  static final double OUTLIER_Z = 7;

  /** Scales the median absolute deviation to a normal standard deviation. */
  private static final double MAD_TO_SD = 1.4826;

  /**
   * The signed-rank test needs about π/3 times the pairs of the t-test for the same power on normal
   * data (its asymptotic relative efficiency, 3/π): its detectable size is the t-test's on the
   * robust spread times √(π/3).
   */
  private static final double RANK_EFFICIENCY = Math.sqrt(Math.PI / 3);

  private PairedComparison() {}

  /**
   * Compares the pairs' values of {@code metric}: {@code base[i]} and {@code candidate[i]} ran side
   * by side.
   *
   * @param level the one-sided level of this one comparison, for the detectable size
   * @throws IllegalArgumentException when there is no pair, the sides differ in length, or a value
   *     is not positive and finite
   */
  static Comparison compare(Metric metric, double[] base, double[] candidate, double level) {
    if (base.length != candidate.length) {
      throw new IllegalArgumentException(
          "the base has "
              + base.length
              + " trials and the candidate "
              + candidate.length
              + ": pairs need one of each");
    }
    if (base.length == 0) {
      throw new IllegalArgumentException("no pairs");
    }
    int n = base.length;
    double[] b = logs(base, "base");
    double[] c = logs(candidate, "candidate");
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = worsening(metric, b[i], c[i]);
    }
    Arrays.sort(d);
    double mb = sortedMean(b);
    double mc = sortedMean(c);
    double worse = BuildComparison.mean(d);
    double regression = BuildComparison.fraction(metric, worse);
    if (!tests(n)) {
      return comparison(
          metric,
          n,
          mb,
          mc,
          regression,
          Double.NaN,
          Double.NaN,
          Double.POSITIVE_INFINITY,
          Double.NaN,
          Comparison.Method.PAIRED_T);
    }
    double sd = Math.sqrt(BuildComparison.squares(d, worse) / (n - 1));
    // What pairing leaves of one trial's noise: the ratio of two trials carries two trials' worth.
    double noise = sd / Math.sqrt(2);
    if (sd == 0) {
      return comparison(
          metric,
          n,
          mb,
          mc,
          regression,
          worse > 0 ? 0 : worse < 0 ? 1 : 0.5,
          worse < 0 ? 0 : worse > 0 ? 1 : 0.5,
          0,
          0,
          Comparison.Method.PAIRED_T);
    }
    TDistribution t = TDistribution.of(n - 1);
    double margin =
        t.inverseSurvivalProbability(level) + t.inverseCumulativeProbability(BuildComparison.POWER);
    double mad = n >= OUTLIER_CHECK_PAIRS ? medianAbsoluteDeviation(d) : 0;
    // MAD 0: more than half the pairs have one ratio (equal integer latencies), no spread to judge
    // a pair by; the t-test decides.
    int outliers = mad > 0 ? outliers(d, mad) : 0;
    if (outliers > 0) {
      WilcoxonSignedRankTest rank = WilcoxonSignedRankTest.withDefaults();
      double pRegression = rank.with(AlternativeHypothesis.GREATER_THAN).test(d).getPValue();
      double pImprovement = rank.with(AlternativeHypothesis.LESS_THAN).test(d).getPValue();
      // The best the rank test can do here: every other pair worse, the outliers (ranked highest)
      // against. When even that is not below the level, no regression is detectable.
      int n2 = n * (n + 1) / 2;
      int against = n2 - (n - outliers) * (n - outliers + 1) / 2;
      double detectable =
          signedRankTail(n, n2 - against) >= level
              ? Double.POSITIVE_INFINITY
              : BuildComparison.fraction(
                  metric, margin * RANK_EFFICIENCY * MAD_TO_SD * mad / Math.sqrt(n));
      // The outlier pulls the mean ratio; the rank test's own estimate of the change does not.
      return comparison(
          metric,
          n,
          mb,
          mc,
          BuildComparison.fraction(metric, hodgesLehmann(d)),
          pRegression,
          pImprovement,
          detectable,
          noise,
          Comparison.Method.SIGNED_RANK);
    }
    double se = sd / Math.sqrt(n);
    double statistic = worse / se;
    return comparison(
        metric,
        n,
        mb,
        mc,
        regression,
        t.survivalProbability(statistic),
        t.cumulativeProbability(statistic),
        BuildComparison.fraction(metric, margin * se),
        noise,
        Comparison.Method.PAIRED_T);
  }

  /**
   * How many pairs lie further than {@value #OUTLIER_Z} robust standard deviations from the median.
   */
  static int outliers(double[] sorted, double mad) {
    double median = median(sorted);
    int out = 0;
    for (double v : sorted) {
      if (Math.abs(v - median) / (MAD_TO_SD * mad) > OUTLIER_Z) {
        out++;
      }
    }
    return out;
  }

  /**
   * The chance, when nothing changed, that the signed-rank statistic {@code W+} (the sum of the
   * ranks of the worse pairs) of {@code n} pairs without ties is at least {@code w}: exact, by
   * counting the rank sums of all 2^n sign patterns; above 60 pairs, by the normal approximation.
   */
  static double signedRankTail(int n, int w) {
    int max = n * (n + 1) / 2;
    if (w <= 0) {
      return 1;
    }
    if (w > max) {
      return 0;
    }
    if (n > 60) {
      double mean = max / 2.0;
      double sd = Math.sqrt(n * (n + 1.0) * (2 * n + 1) / 24);
      return org.apache.commons.statistics.distribution.NormalDistribution.of(mean, sd)
          .survivalProbability(w - 0.5);
    }
    // counts[s]: sign patterns whose worse pairs' ranks sum to s (exact in a double up to 2^53).
    double[] counts = new double[max + 1];
    counts[0] = 1;
    for (int rank = 1; rank <= n; rank++) {
      for (int s = max; s >= rank; s--) {
        counts[s] += counts[s - rank];
      }
    }
    double tail = 0;
    for (int s = w; s <= max; s++) {
      tail += counts[s];
    }
    return tail / Math.pow(2, n);
  }

  /** Whether this many pairs give a p-value. */
  static boolean tests(int pairs) {
    return pairs >= MINIMUM_PAIRS;
  }

  /**
   * The Hodges-Lehmann estimate of the pairs' shift: the median of all pairwise means {@code (d_i +
   * d_j) / 2}, {@code i ≤ j}, the estimate that goes with the signed-rank test.
   */
  static double hodgesLehmann(double[] d) {
    double[] walsh = new double[d.length * (d.length + 1) / 2];
    int k = 0;
    for (int i = 0; i < d.length; i++) {
      for (int j = i; j < d.length; j++) {
        walsh[k++] = (d[i] + d[j]) / 2;
      }
    }
    Arrays.sort(walsh);
    return median(walsh);
  }

  private static Comparison comparison(
      Metric metric,
      int pairs,
      double mb,
      double mc,
      double regression,
      double pRegression,
      double pImprovement,
      double detectable,
      double noise,
      Comparison.Method method) {
    // One job: each side is one build, its trials the pairs' halves.
    return new Comparison(
        metric,
        pairs,
        pairs,
        Math.exp(mb),
        Math.exp(mc),
        regression,
        pRegression,
        pImprovement,
        detectable,
        noise,
        1,
        1,
        method);
  }

  /**
   * One pair's worsening from its logarithms: positive when the candidate is worse (latencies grow,
   * tps shrink), so that every metric's test asks the same one-sided question.
   */
  static double worsening(Metric metric, double baseLog, double candidateLog) {
    return metric.higherIsBetter() ? baseLog - candidateLog : candidateLog - baseLog;
  }

  /**
   * The logarithms of one side's values.
   *
   * @param side names the side in the error ({@code base}, {@code candidate})
   * @throws IllegalArgumentException when a value is not positive and finite
   */
  static double[] logs(double[] values, String side) {
    double[] logs = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      if (!(values[i] > 0) || Double.isInfinite(values[i])) {
        throw new IllegalArgumentException(
            side + " sample " + values[i] + " is not a positive number");
      }
      logs[i] = Math.log(values[i]);
    }
    return logs;
  }

  private static double sortedMean(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return BuildComparison.mean(sorted);
  }

  private static double medianAbsoluteDeviation(double[] sorted) {
    double median = median(sorted);
    double[] deviations = new double[sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      deviations[i] = Math.abs(sorted[i] - median);
    }
    Arrays.sort(deviations);
    return median(deviations);
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
