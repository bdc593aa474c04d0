package io.github.pgperf.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The order of the test JVMs: pairs alternating base, candidate, candidate, base, base, ... (A B B
 * A A B ...), so a machine that drifts one way over the comparison, or warms up, favours neither
 * side: in every two pairs each side runs once first and once second.
 *
 * <p>With a test JVM per class ({@link #perClass}), each class's pair alternates so from one pair
 * to the next, and within a pair from one class to the next: class 1 A B, class 2 B A, class 3 A B,
 * and the next pair the other way round. Over the comparison each class runs each side first as
 * often as the pairs allow (one more A B than B A in an odd number of pairs), and in every pair
 * half the classes start with each side, so the odd pair's lean (warm-up, a drift) falls on the
 * base for half the classes and on the candidate for the other half rather than on every test one
 * way, where the build's tests judged as one family would all lean together.
 */
public final class TrialOrder {

  /**
   * One test JVM: the pair (numbered from 1, also the runs' trial number), the side and the class.
   *
   * @param pair the pair, from 1
   * @param side which revision runs
   * @param testClass the one top-level class it runs (fully qualified); empty for every selected
   *     class
   */
  public record Run(int pair, Side side, String testClass) {

    /** A test JVM of every selected class. */
    public Run(int pair, Side side) {
      this(pair, side, "");
    }
  }

  private TrialOrder() {}

  /** The runs of {@code pairs} pairs, in order. */
  public static List<Run> of(int pairs) {
    if (pairs < 1) {
      throw new IllegalArgumentException("pgperf.pairs must be at least 1, not " + pairs);
    }
    return from(1, pairs);
  }

  /**
   * The runs of {@code pairs} pairs numbered from {@code first}: a confirmation's pairs go on after
   * the last pair, keeping the alternation (an odd pair starts with the base).
   */
  public static List<Run> from(int first, int pairs) {
    if (first < 1 || pairs < 1) {
      throw new IllegalArgumentException(
          "pairs are numbered from 1 and at least 1 runs, not " + pairs + " from " + first);
    }
    List<Run> runs = new ArrayList<>();
    for (int pair = first; pair < first + pairs; pair++) {
      boolean baseFirst = pair % 2 == 1;
      runs.add(new Run(pair, baseFirst ? Side.BASE : Side.CANDIDATE));
      runs.add(new Run(pair, baseFirst ? Side.CANDIDATE : Side.BASE));
    }
    return List.copyOf(runs);
  }

  /**
   * The runs of {@code pairs} pairs numbered from {@code first}, a pair of test JVMs per class of
   * {@code only} (a class on one side only: that side's JVM alone), classes in the order of {@link
   * ClassesBySide#all()}. A class's place in that order, not in {@code only}, sets which side it
   * starts with, so the confirmation of a few classes keeps each one's own alternation.
   */
  public static List<Run> perClass(
      int first, int pairs, ClassesBySide classes, Collection<String> only) {
    if (first < 1 || pairs < 1) {
      throw new IllegalArgumentException(
          "pairs are numbered from 1 and at least 1 runs, not " + pairs + " from " + first);
    }
    List<String> all = classes.all();
    List<Run> runs = new ArrayList<>();
    for (int pair = first; pair < first + pairs; pair++) {
      for (int i = 0; i < all.size(); i++) {
        String c = all.get(i);
        if (!only.contains(c)) {
          continue;
        }
        boolean baseFirst = (pair + i) % 2 == 1;
        for (Side side :
            baseFirst ? List.of(Side.BASE, Side.CANDIDATE) : List.of(Side.CANDIDATE, Side.BASE)) {
          if (classes.has(side, c)) {
            runs.add(new Run(pair, side, c));
          }
        }
      }
    }
    return List.copyOf(runs);
  }

  /** {@code A B B A} for the log: A the base, B the candidate. */
  public static String letters(List<Run> runs) {
    return String.join(" ", runs.stream().map(r -> r.side() == Side.BASE ? "A" : "B").toList());
  }
}
