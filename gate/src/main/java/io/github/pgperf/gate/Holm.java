package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Holm's step-down adjustment of the p-values of one family of comparisons, so that the chance of
 * any false claim in the family stays below the level, whatever the comparisons' correlation. The
 * family is every timing comparison of a build ({@link BuildFamily}): all its tests and, within
 * each, its metrics. Tps, p50 and p99 of one build need not move together (a build can slow the
 * tail more than the median), and a build of 40 tests with 3 metrics each, every comparison tested
 * at the full level, would let about a hundred times the false failures through.
 */
final class Holm {

  private Holm() {}

  /** The comparisons with their regression and improvement p-values adjusted, in their order. */
  static List<Comparison> adjust(List<Comparison> family) {
    double[] regression = adjusted(family, Comparison::pRegression);
    double[] improvement = adjusted(family, Comparison::pImprovement);
    List<Comparison> out = new ArrayList<>();
    for (int i = 0; i < family.size(); i++) {
      out.add(family.get(i).withP(regression[i], improvement[i]));
    }
    return out;
  }

  /**
   * Holm-adjusted p-values: sorted ascending, the i-th (from 0) of m is multiplied by m − i and
   * kept at least as large as the one before; NaN (not computed) stays NaN and does not count.
   */
  static double[] adjusted(List<Comparison> family, ToDoubleFunction<Comparison> p) {
    double[] out = new double[family.size()];
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < family.size(); i++) {
      out[i] = p.applyAsDouble(family.get(i));
      if (!Double.isNaN(out[i])) {
        order.add(i);
      }
    }
    order.sort(Comparator.comparingDouble((Integer i) -> out[i]).thenComparing(i -> i));
    int m = order.size();
    double running = 0;
    for (int rank = 0; rank < m; rank++) {
      int i = order.get(rank);
      running = Math.max(running, Math.min(1, (m - rank) * out[i]));
      out[i] = running;
    }
    return out;
  }
}
