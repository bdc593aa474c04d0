package io.github.pgperf.compare;

import java.util.List;

/**
 * The statistics of a comparison: turns both sides' results into verdicts. {@code pgperf:compare}
 * calls exactly one, at one place ({@code CompareMojo.judge}); until the paired statistics exist,
 * {@link #NONE} says so and gives no verdict.
 */
@FunctionalInterface
public interface PairedJudge {

  /**
   * The outcome of judging: whether the build fails and the lines to print.
   *
   * @param fails whether the build must fail
   * @param lines the verdicts, one per line, in the log
   */
  record Judgement(boolean fails, List<String> lines) {
    public Judgement {
      lines = List.copyOf(lines);
    }
  }

  Judgement judge(ComparedSides sides) throws java.io.IOException;

  /** No statistics: the data is measured and kept, and nothing is claimed about it. */
  PairedJudge NONE = sides -> new Judgement(false, List.of("no verdict: the paired statistics"
      + " are not part of this pgperf yet; both sides' results are in " + sides.base() + " and "
      + sides.candidate()));
}
