package io.github.pgperf.compare;

import static io.github.pgperf.compare.Comparison.GOAL;

import io.github.pgperf.goal.GoalError;
import io.github.pgperf.goal.GoalFailure;
import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The members of {@link PairRuns}' pairs, each a side's class (or every class) in one pair: how one
 * runs and writes its result files, how each side's tests are found first, what runs before the
 * first pair, the order the members run in, and how the log and messages name them. Chosen once
 * from {@code pgperf.alternate} ({@link #of}), so that PairRuns stages, collects and judges every
 * member alike whichever runs it: {@link JvmMembers}, a fresh test JVM per member ({@code class},
 * {@code jvm}), or {@link SliceMembers}, a slice of a side's warm test JVM ({@code slice}).
 */
sealed interface PairMembers extends AutoCloseable permits JvmMembers, SliceMembers {

  /**
   * The members {@code alternation} runs, for {@code sides} as {@link Comparison} set them up: a
   * slice's warm JVMs start here (a {@link GoalError} when one cannot), a JVM per member starts
   * nothing yet.
   */
  static PairMembers of(
      Alternation alternation,
      Duration slice,
      PairRuns.Sides sides,
      TestJvms jvms,
      TestSelection selection,
      GoalLog log)
      throws GoalError {
    return alternation == Alternation.SLICE
        ? SliceMembers.start(sides, slice, jvms, selection, log)
        : new JvmMembers(sides, jvms, selection, log);
  }

  /** The tests {@code side} has and their classes: a report without runs, not done on failure. */
  TestRun discover(Side side) throws IOException, InterruptedException;

  /** What finds {@code side}'s tests, in messages. */
  String discoverer(Side side);

  /** What runs when a test has no class, in the warning that follows the test's name. */
  String classless();

  /** How long finding the tests took ({@code seconds}), in the log, unless said already. */
  String foundIn(double seconds);

  /**
   * Runs what the first pair needs before it (nothing or the warm-up); {@code classes} as found.
   */
  void warmUp(ClassesBySide classes) throws GoalError, GoalFailure;

  /**
   * The members of {@code pairs} pairs numbered from {@code first}, of the classes {@code only}
   * (none: whole test JVMs, or slices of every class) of {@code classes} (null: none found).
   */
  List<TrialOrder.Run> order(int first, int pairs, ClassesBySide classes, List<String> only);

  /**
   * Runs {@code member}, its result files into {@code staged}, and reports its runs (not done when
   * its JVM ended or hung). A test JVM runs {@code selection} (in the member's class); a slice runs
   * its whole class, of the selection its warm JVM started with, or only the tests of {@code
   * methods} in it when it names some ({@code <class>#<method>}: a sequential judge's open tests).
   */
  TestRun run(TrialOrder.Run member, TestSelection selection, List<String> methods, Path staged)
      throws IOException, InterruptedException;

  /** {@code count} pairs, at the head of the log. */
  String pairs(int count);

  /** How the members run, in the log's head, after their order. */
  String note(ClassesBySide classes);

  /** Logs how long {@code count} pairs took ({@code seconds}) when that is worth a line. */
  void ran(int count, double seconds);

  /** The class of {@code member} in its log line ({@code : OrdersPerf}), or nothing. */
  String ofClass(TrialOrder.Run member, ClassesBySide classes);

  /** {@code member} in messages. */
  String member(TrialOrder.Run member, ClassesBySide classes);

  /** What a failure of {@code side}'s member adds to point at its output, or nothing. */
  String output(Side side);

  /** Ends what runs the members; also when the comparison fails. */
  @Override
  void close();

  /**
   * Fails when the JVM of {@code member} was killed at its timeout or ended before its work did,
   * naming what it was running, its last error and where its output is.
   */
  default void failIfEnded(TestRun run, String member, Side side) throws GoalFailure {
    String where = run.running().map(t -> " while running " + t).orElse("");
    String output = output(side);
    if (run.timedOut()) {
      throw new GoalFailure(
          GOAL
              + ": "
              + member
              + " ran longer than pgperf.forkTimeout and was killed"
              + where
              + output);
    }
    if (!run.done()) {
      throw new GoalFailure(
          GOAL
              + ": "
              + member
              + " ended with exit status "
              + run.exitStatus()
              + where
              + (run.lastError().isEmpty() ? "" : ": " + run.lastError())
              + output);
    }
  }

  /** Whether messages name each member's class: when the members run more than one class. */
  static boolean named(ClassesBySide classes) {
    return classes != null && classes.all().size() > 1;
  }
}
