package io.github.pgperf.gate;

/**
 * Student's t distribution: the cumulative probability (from the regularized incomplete beta
 * function) and its inverse (by bisection). Closed-form numerics, no randomness: the gate's
 * verdicts must not change between runs on the same inputs.
 */
final class StudentT {

  /** Lanczos approximation (g = 7, 9 terms) of the gamma function's logarithm. */
  private static final double[] LANCZOS = {
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
      -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
      1.5056327351493116e-7};

  private StudentT() {}

  /** P(T ≤ t) for {@code df} degrees of freedom (df may be fractional, as Welch's is). */
  static double cdf(double t, double df) {
    if (Double.isNaN(t)) {
      return Double.NaN;
    }
    if (t == Double.POSITIVE_INFINITY) {
      return 1;
    }
    if (t == Double.NEGATIVE_INFINITY) {
      return 0;
    }
    double x = df / (df + t * t);
    double tail = 0.5 * regularizedBeta(x, df / 2, 0.5);
    return t > 0 ? 1 - tail : tail;
  }

  /** The t at which {@link #cdf} reaches {@code p} (0 &lt; p &lt; 1). */
  static double quantile(double p, double df) {
    if (p == 0.5) {
      return 0;
    }
    if (p < 0.5) {
      return -quantile(1 - p, df);
    }
    double low = 0;
    double high = 1;
    while (cdf(high, df) < p) {
      high *= 2;
    }
    for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
      double mid = 0.5 * (low + high);
      if (cdf(mid, df) < p) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return 0.5 * (low + high);
  }

  static double logGamma(double x) {
    if (x < 0.5) {
      // Reflection keeps the approximation in its accurate range.
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    double z = x - 1;
    double sum = LANCZOS[0];
    for (int i = 1; i < LANCZOS.length; i++) {
      sum += LANCZOS[i] / (z + i);
    }
    double t = z + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
  }

  /** I_x(a, b), the regularized incomplete beta function. */
  static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double logFront = logGamma(a + b) - logGamma(a) - logGamma(b)
        + a * Math.log(x) + b * Math.log1p(-x);
    // The continued fraction converges quickly only below the mean; use the symmetry above it.
    if (x < (a + 1) / (a + b + 2)) {
      return Math.exp(logFront) * continuedFraction(x, a, b) / a;
    }
    return 1 - Math.exp(logFront) * continuedFraction(1 - x, b, a) / b;
  }

  /** The incomplete beta's continued fraction, evaluated with Lentz's method. */
  private static double continuedFraction(double x, double a, double b) {
    final double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 500; m++) {
      int m2 = 2 * m;
      double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + even * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + even / c;
      c = Math.abs(c) < tiny ? tiny : c;
      h *= d * c;
      double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + odd * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + odd / c;
      c = Math.abs(c) < tiny ? tiny : c;
      double step = d * c;
      h *= step;
      if (Math.abs(step - 1) < 1e-15) {
        break;
      }
    }
    return h;
  }
}
