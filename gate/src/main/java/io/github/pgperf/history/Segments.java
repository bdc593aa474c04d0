package io.github.pgperf.history;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Two neighbouring stretches of a series, compared as Otava's {@code TTestSignificanceTester}
 * compares them: the means, the standard deviations as NumPy's {@code np.std} gives them
 * (population, no degrees of freedom subtracted) and the two-sided p-value of Student's t with
 * pooled variance ({@code scipy.stats.ttest_ind_from_stats}, {@code equal_var=True}), which takes
 * those standard deviations as sample ones. Otava does so; pgperf does the same so that its change
 * points equal Otava's (docs/history.md).
 *
 * @param meanBefore the mean of the stretch before the change point
 * @param meanAfter the mean of the stretch from the change point on
 * @param stdBefore the standard deviation before
 * @param stdAfter the standard deviation after
 * @param countBefore the values before
 * @param countAfter the values after
 * @param pValue the probability of means at least this far apart if the series did not change; NaN
 *     when both stretches are constant and equal (Otava's too: never significant)
 */
public record Segments(
    double meanBefore,
    double meanAfter,
    double stdBefore,
    double stdAfter,
    int countBefore,
    int countAfter,
    double pValue) {

  /** Compares {@code series[from, at)} with {@code series[at, to)}; both must hold a value. */
  static Segments compare(double[] series, int from, int at, int to) {
    int n1 = at - from;
    int n2 = to - at;
    if (n1 <= 0 || n2 <= 0) {
      throw new IllegalArgumentException(
          "both stretches need a value: [" + from + ", " + at + ") and [" + at + ", " + to + ")");
    }
    double mean1 = NumpySums.mean(series, from, at);
    double mean2 = NumpySums.mean(series, at, to);
    double std1 = n1 >= 2 ? NumpySums.std(series, from, at) : 0.0;
    double std2 = n2 >= 2 ? NumpySums.std(series, at, to) : 0.0;
    double p = n1 + n2 > 2 ? twoSidedP(mean1, std1, n1, mean2, std2, n2) : 1.0;
    return new Segments(mean1, mean2, std1, std2, n1, n2, p);
  }

  /** {@code scipy.stats.ttest_ind_from_stats(..., equal_var=True, alternative="two-sided")}. */
  private static double twoSidedP(
      double mean1, double std1, int n1, double mean2, double std2, int n2) {
    double v1 = n1 == 1 ? 0. : std1 * std1;
    double v2 = n2 == 1 ? 0. : std2 * std2;
    double df = n1 + n2 - 2.0;
    double pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / df;
    double denominator = Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
    double t = (mean1 - mean2) / denominator;
    if (Double.isNaN(t)) {
      return Double.NaN;
    }
    if (Double.isInfinite(t)) {
      return 0.0;
    }
    return 2 * TDistribution.of(df).survivalProbability(Math.abs(t));
  }

  /** After over before minus one: {@code +0.3} is 30% more; 0 when the mean before is 0. */
  public double forwardChange() {
    return meanBefore == 0 ? 0 : meanAfter / meanBefore - 1.0;
  }

  /** Before over after minus one; 0 when the mean after is 0. */
  double backwardChange() {
    return meanAfter == 0 ? 0 : meanBefore / meanAfter - 1.0;
  }

  /**
   * Otava's magnitude: the larger of the relative changes either way, so a halving and a doubling
   * weigh alike ({@code min_magnitude} compares with it).
   */
  public double magnitude() {
    return Math.max(Math.abs(forwardChange()), Math.abs(backwardChange()));
  }
}
