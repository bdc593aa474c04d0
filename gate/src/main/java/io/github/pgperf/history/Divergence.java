package io.github.pgperf.history;

/**
 * The E-divisive statistic of one window of a series (Matteson and James; Otava's {@code
 * PairDistanceCalculator}): for a stretch {@code [start, end)} of the window, the split {@code τ}
 * and the end {@code κ} that make {@code series[start, τ)} and {@code series[τ, κ)} most unlike in
 * mean distance, {@code Q(τ, κ)}.
 *
 * <p>Computed as Otava computes it, with the same sums in the same order, so that the candidate
 * chosen is Otava's even where candidates tie: the pairwise distances {@code D}, their column sums
 * above the diagonal {@code V} and row-wise running sums {@code H}, then {@code Q = A - B - C} as
 * an upper-triangular matrix whose lower part stays 0, and the first largest entry in row order
 * (NumPy's {@code argmax}; a 0 below the diagonal wins when every {@code Q} is negative, as in
 * Otava).
 */
final class Divergence {

  /** The best split of a stretch: the first index of its second part and the statistic there. */
  record Candidate(int index, double q) {}

  private final double[] distances;
  private final int n;

  /**
   * {@code V[c]}: the distances of {@code series[c + 1]} to every earlier value, summed in order.
   */
  private final double[] columnSums;

  /** {@code H[r][c]}: the distances of {@code series[r]} to {@code series[r + 1 .. c + 1]}. */
  private final double[] rowRunningSums;

  /** The statistic over {@code window}, the values of one window in order. */
  Divergence(double[] window) {
    n = window.length;
    distances = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        distances[i * n + j] = Math.abs(window[i] - window[j]);
      }
    }
    int m = Math.max(n - 1, 0);
    columnSums = new double[m];
    rowRunningSums = new double[m * m];
    // triu(D, 1)[:-1, 1:]: entry (r, c) is D[r][c + 1] where c + 1 > r, else 0.
    for (int c = 0; c < m; c++) {
      double sum = 0.;
      for (int r = 0; r < m; r++) {
        sum += upper(r, c);
      }
      columnSums[c] = sum;
    }
    for (int r = 0; r < m; r++) {
      double sum = 0.;
      for (int c = 0; c < m; c++) {
        sum += upper(r, c);
        rowRunningSums[r * m + c] = sum;
      }
    }
  }

  private double upper(int r, int c) {
    return c + 1 > r ? distances[r * n + c + 1] : 0.;
  }

  /** The best split of {@code [start, end)}, which must hold at least two values. */
  Candidate candidate(int start, int end) {
    int m = end - 1 - start;
    if (m < 1) {
      throw new IllegalArgumentException(
          "a stretch of at least two values is needed, not [" + start + ", " + end + ")");
    }
    int full = n - 1;
    // V for this start: the column sums less the distances to values before start.
    double[] v = new double[m];
    for (int k = 0; k < m; k++) {
      double before = 0.;
      for (int r = 0; r < start; r++) {
        before += distances[r * n + start + 1 + k];
      }
      v[k] = columnSums[start + k] - before;
    }
    double[] cumulativeV = new double[m];
    double running = 0.;
    for (int k = 0; k < m; k++) {
      running = k == 0 ? v[0] : running + v[k];
      cumulativeV[k] = running;
    }
    // H for this stretch, and its running sums down the columns (cumsum(H, axis=0)).
    double[] h = new double[m * m];
    for (int i = 0; i < m; i++) {
      System.arraycopy(rowRunningSums, (start + i) * full + start, h, i * m, m);
    }
    double[] down = new double[m * m];
    for (int j = 0; j < m; j++) {
      double sum = 0.;
      for (int i = 0; i < m; i++) {
        sum = i == 0 ? h[j] : sum + h[i * m + j];
        down[i * m + j] = sum;
      }
    }
    // flipud(cumsum(flipud(H[1:, 1:]), axis=0)): sums of H[1:, 1:] from the bottom row up.
    double[] up = new double[m * m];
    for (int b = 0; b < m - 1; b++) {
      double sum = 0.;
      for (int a = m - 2; a >= 0; a--) {
        double value = h[(a + 1) * m + b + 1];
        sum = a == m - 2 ? value : sum + value;
        up[a * m + b] = sum;
      }
    }
    int bestI = 0;
    int bestJ = 0;
    double best = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m; j++) {
        double a = 0.;
        if (j >= i) {
          double previous = i == 0 ? 0. : cumulativeV[i - 1];
          a = (2.0 / (j + 2)) * (down[i * m + j] - previous);
        }
        double b = 0.;
        if (i >= 1 && j >= 1 && j >= i) {
          // B's coefficient: 2 (κ - τ) / ((κ - start) (τ - start - 1)); i >= 1 keeps it finite.
          b = ((double) (2 * (j - i + 1)) / (double) ((j + 2) * i)) * cumulativeV[i - 1];
        }
        double c = 0.;
        if (i <= m - 2 && j >= 1 && j > i) {
          // C's coefficient: 2 (τ - start) / ((κ - start) (κ - τ - 1)).
          c = ((double) (2 * (i + 1)) / (double) ((j + 2) * (j - i))) * up[i * m + j - 1];
        }
        double q = a - b - c;
        if (q > best || Double.isNaN(q) && !Double.isNaN(best)) {
          best = q;
          bestI = i;
          bestJ = j;
          if (Double.isNaN(q)) {
            return new Candidate(bestI + 1 + start, q);
          }
        }
      }
    }
    return new Candidate(bestI + 1 + start, best);
  }
}
