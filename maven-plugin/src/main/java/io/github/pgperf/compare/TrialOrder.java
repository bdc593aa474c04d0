package io.github.pgperf.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of the test JVMs: pairs alternating base, candidate, candidate, base, base, ...
 * (A B B A A B ...), so a machine that drifts one way over the comparison, or warms up, favours
 * neither side: in every two pairs each side runs once first and once second.
 */
public final class TrialOrder {

  /**
   * One test JVM: the pair (numbered from 1, also the runs' trial number) and the side.
   *
   * @param pair the pair, from 1
   * @param side which revision runs
   */
  public record Run(int pair, Side side) {}

  private TrialOrder() {}

  /** The runs of {@code pairs} pairs, in order. */
  public static List<Run> of(int pairs) {
    if (pairs < 1) {
      throw new IllegalArgumentException("pgperf.pairs must be at least 1, not " + pairs);
    }
    return from(1, pairs);
  }

  /**
   * The runs of {@code pairs} pairs numbered from {@code first}: a confirmation's pairs go on
   * after the last pair, keeping the alternation (an odd pair starts with the base).
   */
  public static List<Run> from(int first, int pairs) {
    if (first < 1 || pairs < 1) {
      throw new IllegalArgumentException("pairs are numbered from 1 and at least 1 runs, not "
          + pairs + " from " + first);
    }
    List<Run> runs = new ArrayList<>();
    for (int pair = first; pair < first + pairs; pair++) {
      boolean baseFirst = pair % 2 == 1;
      runs.add(new Run(pair, baseFirst ? Side.BASE : Side.CANDIDATE));
      runs.add(new Run(pair, baseFirst ? Side.CANDIDATE : Side.BASE));
    }
    return List.copyOf(runs);
  }

  /** {@code A B B A} for the log: A the base, B the candidate. */
  public static String letters(List<Run> runs) {
    return String.join(" ", runs.stream().map(r -> r.side() == Side.BASE ? "A" : "B").toList());
  }
}
