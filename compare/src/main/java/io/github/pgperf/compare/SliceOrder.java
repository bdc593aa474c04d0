package io.github.pgperf.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The order of the slices with {@code pgperf.alternate=slice}: in every pair, each class's base and
 * candidate slices back to back (classes in name order), which side first drawn at random (Abedi
 * and Brecht's randomized multiple interleaved trials, ICPE 2017). A fixed A B / B A alternation
 * lines up with anything periodic on the machine (a job that runs every other slice); a coin per
 * pair and class does not, and over many pairs each side runs first about as often.
 *
 * <p>The coin is seeded from the comparison's id, the pair and the class, so the order is the same
 * whenever it is computed again (a confirmation's pairs draw their own coins, whichever classes
 * they confirm) and is recorded by the id the results carry; the log prints it.
 */
final class SliceOrder {

  private SliceOrder() {}

  /**
   * The slices of {@code pairs} pairs numbered from {@code first}, of the classes of {@code only}
   * (a class on one side only: that side's slice alone); with {@code classes} null, a slice of
   * every class per side.
   */
  static List<TrialOrder.Run> of(
      String compareId, int first, int pairs, ClassesBySide classes, Collection<String> only) {
    if (first < 1 || pairs < 1) {
      throw new IllegalArgumentException(
          "pairs are numbered from 1 and at least 1 runs, not " + pairs + " from " + first);
    }
    List<TrialOrder.Run> runs = new ArrayList<>();
    for (int pair = first; pair < first + pairs; pair++) {
      if (classes == null) {
        for (Side side : sides(baseFirst(compareId, pair, ""))) {
          runs.add(new TrialOrder.Run(pair, side));
        }
        continue;
      }
      for (String c : classes.all()) {
        if (!only.contains(c)) {
          continue;
        }
        for (Side side : sides(baseFirst(compareId, pair, c))) {
          if (classes.has(side, c)) {
            runs.add(new TrialOrder.Run(pair, side, c));
          }
        }
      }
    }
    return List.copyOf(runs);
  }

  /** Whether the base runs first in {@code pair}'s slices of {@code testClass}: a seeded coin. */
  static boolean baseFirst(String compareId, int pair, String testClass) {
    long seed = ((long) compareId.hashCode() << 32) ^ (pair * 0x9E3779B97F4A7C15L);
    return new SplittableRandom(seed ^ testClass.hashCode()).nextBoolean();
  }

  private static List<Side> sides(boolean baseFirst) {
    return baseFirst ? List.of(Side.BASE, Side.CANDIDATE) : List.of(Side.CANDIDATE, Side.BASE);
  }
}
