package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Compares a metric's candidate builds with its baseline builds, with the build as the unit: all
 * trials of one build share that build's machine conditions (a busy neighbour, another runner) and
 * move together, so they are not independent samples of the machine's noise. Method in {@code
 * docs/gate.md}:
 *
 * <ul>
 *   <li>values are compared on logarithms (noise on a machine is multiplicative, a change a ratio);
 *   <li>each build is reduced to the mean of its trials' logs, and each side to the mean of its
 *       builds' means (every build weighs the same, however many trials it ran);
 *   <li>the noise of a build's mean is estimated from the spread of the build means around their
 *       side's mean, split into a between-build part and the trials' own part (pooled within
 *       builds), so a side's uncertainty follows its own number of trials;
 *   <li>the difference is tested with Student's t on the build means' degrees of freedom ({@code
 *       builds − 2} over both sides): with 3 baseline builds and one candidate build, 2.
 * </ul>
 *
 * <p>Deterministic: builds are ordered by their sorted values before summing, so the same samples
 * in any order give the same result bit for bit.
 */
final class BuildComparison {

  /** The chance of detecting a regression of the reported detectable size. */
  static final double POWER = 0.8;

  private BuildComparison() {}

  /**
   * Compares the builds' values of {@code metric}.
   *
   * @param baseline the baseline's builds, each the values of its trials
   * @param candidate the candidate's builds, each the values of its trials
   * @param level the one-sided significance level the detectable size is computed for
   * @param minimumBaselineBuilds fewer baseline builds than this give no p-value (the noise between
   *     builds cannot be measured well enough to call a change certain)
   * @throws IllegalArgumentException when a side or a build is empty, or a value is not positive
   *     and finite
   */
  static Comparison compare(
      Metric metric,
      List<double[]> baseline,
      List<double[]> candidate,
      double level,
      int minimumBaselineBuilds) {
    List<double[]> b = logs(baseline, "baseline");
    List<double[]> c = logs(candidate, "candidate");
    double[] bMeans = means(b);
    double[] cMeans = means(c);
    double mb = mean(bMeans);
    double mc = mean(cMeans);
    int bTrials = b.stream().mapToInt(x -> x.length).sum();
    int cTrials = c.stream().mapToInt(x -> x.length).sum();
    // Worse is positive: latencies grow, tps shrink.
    double worse = metric.higherIsBetter() ? mb - mc : mc - mb;
    double regression = fraction(metric, worse);
    int dfBetween = b.size() - 1 + c.size() - 1;
    if (!tests(b.size(), c.size(), minimumBaselineBuilds)) {
      return new Comparison(
          metric,
          bTrials,
          cTrials,
          Math.exp(mb),
          Math.exp(mc),
          regression,
          Double.NaN,
          Double.NaN,
          Double.POSITIVE_INFINITY,
          Double.NaN,
          b.size(),
          c.size());
    }
    // The spread of build means around their side's mean: a build's whole noise.
    double buildMeanVariance = (squares(bMeans, mb) + squares(cMeans, mc)) / dfBetween;
    // The trials' own noise, pooled within builds; unknown (0) when every build ran one trial.
    double within = 0;
    int dfWithin = 0;
    for (List<double[]> side : List.of(b, c)) {
      for (double[] build : side) {
        within += squares(build, mean(build));
        dfWithin += build.length - 1;
      }
    }
    double withinVariance = dfWithin > 0 ? within / dfWithin : 0;
    double between = Math.max(0, buildMeanVariance - withinVariance * inverseMean(b, c));
    double variance =
        (between + withinVariance * inverseMean(c, List.of())) / c.size()
            + (between + withinVariance * inverseMean(b, List.of())) / b.size();
    double se = Math.sqrt(variance);
    double noise = Math.sqrt(between + withinVariance);
    if (se == 0) {
      return new Comparison(
          metric,
          bTrials,
          cTrials,
          Math.exp(mb),
          Math.exp(mc),
          regression,
          worse > 0 ? 0 : worse < 0 ? 1 : 0.5,
          worse < 0 ? 0 : worse > 0 ? 1 : 0.5,
          0,
          0,
          b.size(),
          c.size());
    }
    TDistribution t = TDistribution.of(dfBetween);
    double statistic = worse / se;
    double pRegression = t.survivalProbability(statistic);
    double pImprovement = t.cumulativeProbability(statistic);
    double logDetectable =
        (t.inverseSurvivalProbability(level) + t.inverseCumulativeProbability(POWER)) * se;
    return new Comparison(
        metric,
        bTrials,
        cTrials,
        Math.exp(mb),
        Math.exp(mc),
        regression,
        pRegression,
        pImprovement,
        fraction(metric, logDetectable),
        noise,
        b.size(),
        c.size());
  }

  /**
   * Whether builds this many give a p-value: at least the minimum of baseline builds, and a degree
   * of freedom between builds.
   */
  static boolean tests(int baselineBuilds, int candidateBuilds, int minimumBaselineBuilds) {
    return baselineBuilds >= minimumBaselineBuilds && baselineBuilds + candidateBuilds - 2 >= 1;
  }

  /** A log-scale worsening as the user's fraction: tps lost, or latency added. */
  static double fraction(Metric metric, double worseLog) {
    return metric.higherIsBetter() ? -Math.expm1(-worseLog) : Math.expm1(worseLog);
  }

  /** Each build's values as sorted logarithms, builds in a canonical order. */
  private static List<double[]> logs(List<double[]> builds, String side) {
    if (builds.isEmpty()) {
      throw new IllegalArgumentException("no " + side + " builds");
    }
    List<double[]> out = new ArrayList<>();
    for (double[] values : builds) {
      if (values.length == 0) {
        throw new IllegalArgumentException("a " + side + " build has no samples");
      }
      double[] logs = new double[values.length];
      for (int i = 0; i < values.length; i++) {
        if (!(values[i] > 0) || Double.isInfinite(values[i])) {
          throw new IllegalArgumentException(
              side + " sample " + values[i] + " is not a positive number");
        }
        logs[i] = Math.log(values[i]);
      }
      Arrays.sort(logs);
      out.add(logs);
    }
    out.sort(Comparator.comparingInt((double[] x) -> x.length).thenComparing(Arrays::compare));
    return out;
  }

  private static double[] means(List<double[]> builds) {
    double[] means = new double[builds.size()];
    for (int i = 0; i < means.length; i++) {
      means[i] = mean(builds.get(i));
    }
    return means;
  }

  /** The mean of 1/trials over the builds of both lists: how a build's trials thin its noise. */
  private static double inverseMean(List<double[]> a, List<double[]> b) {
    double sum = 0;
    for (double[] build : a) {
      sum += 1.0 / build.length;
    }
    for (double[] build : b) {
      sum += 1.0 / build.length;
    }
    return sum / (a.size() + b.size());
  }

  /** The mean of {@code values}. */
  static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }

  /** The sum of squared deviations of {@code values} from {@code mean}. */
  static double squares(double[] values, double mean) {
    double sum = 0;
    for (double v : values) {
      sum += (v - mean) * (v - mean);
    }
    return sum;
  }
}
