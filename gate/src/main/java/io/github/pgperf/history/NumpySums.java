package io.github.pgperf.history;

/**
 * Sums, means and standard deviations computed in the order NumPy computes them, so that change
 * points and p-values equal Apache Otava's to the last bit, ties included: a work counter's series
 * is often a few repeated values, and there the candidate that wins depends on how sums round.
 *
 * <p>NumPy adds a contiguous float64 array pairwise ({@code pairwise_sum} in its loops): fewer than
 * 8 values one after the other; up to 128 values in 8 interleaved partial sums combined as {@code
 * ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))}, the rest added after; more values split in
 * two halves (the first a multiple of 8) summed alike.
 */
final class NumpySums {

  private static final int BLOCK = 128;

  private NumpySums() {}

  /** {@code np.sum} of {@code values[from, to)}. */
  static double sum(double[] values, int from, int to) {
    int n = to - from;
    if (n < 8) {
      double sum = 0.;
      for (int i = from; i < to; i++) {
        sum += values[i];
      }
      return sum;
    }
    if (n <= BLOCK) {
      double[] r = new double[8];
      System.arraycopy(values, from, r, 0, 8);
      int i = 8;
      for (; i < n - n % 8; i += 8) {
        for (int j = 0; j < 8; j++) {
          r[j] += values[from + i + j];
        }
      }
      double sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++) {
        sum += values[from + i];
      }
      return sum;
    }
    int half = n / 2;
    half -= half % 8;
    return sum(values, from, from + half) + sum(values, from + half, to);
  }

  /** {@code np.mean} of {@code values[from, to)}: the sum over the count. */
  static double mean(double[] values, int from, int to) {
    return sum(values, from, to) / (to - from);
  }

  /**
   * {@code np.std} of {@code values[from, to)}: the population standard deviation (no degrees of
   * freedom subtracted), as Otava passes it to Student's t.
   */
  static double std(double[] values, int from, int to) {
    int n = to - from;
    double mean = sum(values, from, to) / n;
    double[] squares = new double[n];
    for (int i = 0; i < n; i++) {
      double d = values[from + i] - mean;
      squares[i] = d * d;
    }
    return Math.sqrt(sum(squares, 0, n) / n);
  }
}
