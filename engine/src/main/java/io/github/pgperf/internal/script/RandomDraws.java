package io.github.pgperf.internal.script;

/**
 * pgbench's random functions over a client's {@link Prng}: uniform, exponential, gaussian and
 * zipfian integers in [min, max]. Ranges and parameters are checked by the caller.
 */
final class RandomDraws {

  static final double MIN_GAUSSIAN_PARAM = 2.0;
  static final double MIN_ZIPFIAN_PARAM = 1.001;
  static final double MAX_ZIPFIAN_PARAM = 1000.0;

  private RandomDraws() {}

  static long uniform(Prng prng, long min, long max) {
    return min + prng.nextLong(0, max - min);
  }

  static long exponential(Prng prng, long min, long max, double parameter) {
    double cut = Math.exp(-parameter);
    double uniform = 1.0 - prng.nextDouble();
    double rand = -Math.log(cut + (1.0 - cut) * uniform) / parameter;
    return min + (long) ((max - min + 1) * rand);
  }

  static long gaussian(Prng prng, long min, long max, double parameter) {
    double stdev;
    do {
      stdev = prng.nextNormal();
    } while (stdev < -parameter || stdev >= parameter);
    double rand = (stdev + parameter) / (parameter * 2.0);
    return min + (long) ((max - min + 1) * rand);
  }

  static long zipfian(Prng prng, long min, long max, double s) {
    return min - 1 + iterativeZipfian(prng, max - min + 1, s);
  }

  /** Devroye's rejection method, as pgbench computes it. */
  private static long iterativeZipfian(Prng prng, long n, double s) {
    if (n <= 1) {
      return 1;
    }
    double b = Math.pow(2.0, s - 1.0);
    while (true) {
      double u = prng.nextDouble();
      double v = prng.nextDouble();
      double x = Math.floor(Math.pow(u, -1.0 / (s - 1.0)));
      double t = Math.pow(1.0 + 1.0 / x, s - 1.0);
      if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= n) {
        return (long) x;
      }
    }
  }
}
