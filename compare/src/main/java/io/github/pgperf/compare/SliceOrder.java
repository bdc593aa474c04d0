package io.github.pgperf.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The order of the slices with {@code pgperf.alternate=slice}: in every pair, each class's base and
 * candidate slices back to back (classes in name order), which side first drawn at random (Abedi
 * and Brecht's randomized multiple interleaved trials, ICPE 2017) in blocks of two pairs: a coin
 * decides the first pair of a block, the second runs the other way round. A fixed A B / B A
 * alternation lines up with anything periodic on the machine (a job that runs every other slice); a
 * coin per block and class does not, and the blocks keep each side first in exactly half of the
 * pairs, so that what running second does to a slice (a warmer cache, a colder core) falls on both
 * sides alike instead of on whichever side the coins favoured.
 *
 * <p>The coin is seeded from the comparison's id, the block and the class, so the order is the same
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

  /**
   * Whether the base runs first in {@code pair}'s slices of {@code testClass}: a seeded coin for
   * the block of pairs {@code 2k-1} and {@code 2k}, the opposite in its second pair.
   */
  static boolean baseFirst(String compareId, int pair, String testClass) {
    int block = (pair + 1) / 2;
    long seed = ((long) compareId.hashCode() << 32) ^ (block * 0x9E3779B97F4A7C15L);
    boolean coin = new SplittableRandom(seed ^ testClass.hashCode()).nextBoolean();
    return pair % 2 == 1 ? coin : !coin;
  }

  private static List<Side> sides(boolean baseFirst) {
    return baseFirst ? List.of(Side.BASE, Side.CANDIDATE) : List.of(Side.CANDIDATE, Side.BASE);
  }
}
