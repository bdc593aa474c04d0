package io.github.pgperf.gate;

import java.util.Arrays;

/**
 * Welch's unequal-variances t-test on the logarithms of two samples, one-sided both ways, and the
 * smallest regression it can detect. Run-to-run noise in throughput and latency is multiplicative
 * (a noisy machine slows everything by a factor), so on logarithms it is symmetric and a change is a
 * ratio, which is what the minimum effect is stated in.
 */
final class WelchTest {

  /** The chance of detecting a regression of the reported detectable size. */
  static final double POWER = 0.8;

  private WelchTest() {}

  /**
   * Compares the samples; their order does not matter (they are sorted before summing, so the
   * floating-point result is the same for every order).
   *
   * @param level the one-sided significance level the detectable size is computed for
   * @throws IllegalArgumentException when a side is empty or a value is not positive and finite
   */
  static Comparison compare(Metric metric, double[] baseline, double[] candidate, double level) {
    double[] b = logs(baseline, "baseline");
    double[] c = logs(candidate, "candidate");
    double mb = mean(b);
    double mc = mean(c);
    // Worse is positive: latencies grow, tps shrink.
    double worse = metric.higherIsBetter() ? mb - mc : mc - mb;
    double regression = fraction(metric, worse);
    if (b.length < 2 || c.length < 2) {
      return new Comparison(metric, b.length, c.length, Math.exp(mb), Math.exp(mc), regression,
          Double.NaN, Double.NaN, Double.POSITIVE_INFINITY, Double.NaN);
    }
    double vb = variance(b, mb);
    double vc = variance(c, mc);
    double qb = vb / b.length;
    double qc = vc / c.length;
    double se = Math.sqrt(qb + qc);
    double noise = Math.sqrt(((b.length - 1) * vb + (c.length - 1) * vc) / (b.length + c.length - 2));
    double pRegression;
    double pImprovement;
    double detectable;
    if (se == 0) {
      pRegression = worse > 0 ? 0 : worse < 0 ? 1 : 0.5;
      pImprovement = worse < 0 ? 0 : worse > 0 ? 1 : 0.5;
      detectable = 0;
    } else {
      double df = (qb + qc) * (qb + qc)
          / (qb * qb / (b.length - 1) + qc * qc / (c.length - 1));
      double t = worse / se;
      pRegression = 1 - StudentT.cdf(t, df);
      pImprovement = StudentT.cdf(t, df);
      double logDetectable =
          (StudentT.quantile(1 - level, df) + StudentT.quantile(POWER, df)) * se;
      detectable = fraction(metric, logDetectable);
    }
    return new Comparison(metric, b.length, c.length, Math.exp(mb), Math.exp(mc), regression,
        pRegression, pImprovement, detectable, noise);
  }

  /** A log-scale worsening as the user's fraction: tps lost, or latency added. */
  static double fraction(Metric metric, double worseLog) {
    return metric.higherIsBetter() ? -Math.expm1(-worseLog) : Math.expm1(worseLog);
  }

  private static double[] logs(double[] values, String side) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no " + side + " samples");
    }
    double[] logs = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      if (!(values[i] > 0) || Double.isInfinite(values[i])) {
        throw new IllegalArgumentException(side + " sample " + values[i] + " is not a positive number");
      }
      logs[i] = Math.log(values[i]);
    }
    Arrays.sort(logs);
    return logs;
  }

  private static double mean(double[] sorted) {
    double sum = 0;
    for (double v : sorted) {
      sum += v;
    }
    return sum / sorted.length;
  }

  private static double variance(double[] sorted, double mean) {
    double sum = 0;
    for (double v : sorted) {
      sum += (v - mean) * (v - mean);
    }
    return sum / (sorted.length - 1);
  }
}
