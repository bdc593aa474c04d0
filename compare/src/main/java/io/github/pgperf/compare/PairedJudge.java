package io.github.pgperf.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The statistics of a comparison: turns both sides' results into verdicts. {@code pgperf:compare}
 * calls exactly one, at one place ({@code PairRuns.judge}). A judge may first ask for more pairs of
 * some tests ({@link Confirm}) before it gives its verdicts, as often as it likes: a regression is
 * confirmed on more interleaved trials before it fails a build, and a sequential judge asks for
 * pairs until each test's verdicts settle.
 */
@FunctionalInterface
public interface PairedJudge {

  /** How a line is logged. */
  enum Level {
    INFO,
    WARN,
    ERROR
  }

  /**
   * One line for the log.
   *
   * @param level info, warning or error
   * @param text the line as logged
   */
  record Line(Level level, String text) {}

  /** What a judge says: its verdicts, or that it needs more pairs first. */
  sealed interface Judgement permits Verdicts, Confirm {}

  /**
   * The final word.
   *
   * @param fails whether the build must fail
   * @param lines what to log, in order
   * @param failures the findings that fail the build, one per line, for the failure's message
   * @param report the HTML report of the verdicts, when the judge wrote one
   */
  record Verdicts(boolean fails, List<Line> lines, List<String> failures, Optional<Path> report)
      implements Judgement {
    public Verdicts {
      lines = List.copyOf(lines);
      failures = List.copyOf(failures);
      Objects.requireNonNull(report, "report");
    }

    /** Verdicts without a report. */
    public Verdicts(boolean fails, List<Line> lines, List<String> failures) {
      this(fails, lines, failures, Optional.empty());
    }
  }

  /**
   * Run {@code pairs} more pairs of {@code tests}, numbered on after the last pair, then hand all
   * the pairs to {@code then}, which may ask for more again.
   *
   * @param tests the test classes (simple names) to run again
   * @param methods of those classes, the only tests that run again, each {@code <class>#<method>}
   *     (the class's canonical name); a class none of them is in runs all its tests. Slices only: a
   *     test JVM runs whole classes
   * @param pairs how many more pairs
   * @param lines what to log before the pairs run
   * @param then the verdicts on all pairs
   */
  record Confirm(List<String> tests, List<String> methods, int pairs, List<Line> lines, Then then)
      implements Judgement {

    /** More pairs of whole classes. */
    public Confirm(List<String> tests, int pairs, List<Line> lines, Then then) {
      this(tests, List.of(), pairs, lines, then);
    }

    public Confirm {
      tests = List.copyOf(tests);
      methods = List.copyOf(methods);
      lines = List.copyOf(lines);
      if (pairs < 1) {
        throw new IllegalArgumentException("confirmation needs at least 1 pair, not " + pairs);
      }
    }
  }

  /** The next step of a confirmation: the judgement on the earlier pairs and the new ones. */
  @FunctionalInterface
  interface Then {
    Judgement judge(ComparedSides all) throws IOException;
  }

  Judgement judge(ComparedSides sides) throws IOException;
}
