package io.github.pgperf.compare;

import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Pair members as fresh test JVMs ({@code pgperf.alternate=class} and {@code jvm}): each member and
 * each side's discovery a test JVM of its own, started with the side's settings and ended with its
 * work, so nothing lives between members and there is nothing to warm up or close.
 */
final class JvmMembers implements PairMembers {

  private final PairRuns.Sides sides;
  private final TestJvms jvms;
  private final TestSelection selection;
  private final GoalLog log;

  JvmMembers(PairRuns.Sides sides, TestJvms jvms, TestSelection selection, GoalLog log) {
    this.sides = sides;
    this.jvms = jvms;
    this.selection = selection;
    this.log = log;
  }

  @Override
  public TestRun discover(Side side) throws IOException, InterruptedException {
    return jvms.discover(
        side, sides.testClasses().get(side), selection, sides.settings().get(side), lines(side));
  }

  @Override
  public String discoverer(Side side) {
    return "the " + side + " test JVM that finds the tests";
  }

  @Override
  public String classless() {
    return " has no class, so test JVMs of every class alternate, as with pgperf.alternate=jvm";
  }

  @Override
  public String foundIn(double seconds) {
    return String.format(Locale.ROOT, " (found in %.1f s)", seconds);
  }

  /** Nothing: every member starts a JVM anew, warm-ups and all. */
  @Override
  public void warmUp(ClassesBySide classes) {}

  /**
   * {@link TrialOrder}: a pair of test JVMs per class of {@code only}, or of whole test JVMs when
   * there is no class (none found, or a confirmation whose result keys name no class found).
   */
  @Override
  public List<TrialOrder.Run> order(
      int first, int pairs, ClassesBySide classes, List<String> only) {
    return classes == null || only.isEmpty()
        ? TrialOrder.from(first, pairs)
        : TrialOrder.perClass(first, pairs, classes, only);
  }

  @Override
  public TestRun run(
      TrialOrder.Run member, TestSelection selection, List<String> methods, Path staged)
      throws IOException, InterruptedException {
    if (!methods.isEmpty()) {
      // Only the sequential judge names methods, and it judges slices only.
      throw new IllegalArgumentException("a test JVM runs whole classes, not " + methods);
    }
    Side side = member.side();
    return jvms.run(
        side,
        sides.testClasses().get(side),
        member.testClass().isEmpty() ? selection : selection.inClass(member.testClass()),
        member.pair(),
        sides
            .settings()
            .get(side)
            .withMoreSystemProperties(
                Map.of(Comparison.RESULTS, staged.toAbsolutePath().toString())),
        lines(side));
  }

  @Override
  public String pairs(int count) {
    return count + " pairs";
  }

  /**
   * With several classes, which class each pair of JVMs runs; nothing with one class (its pairs
   * read as whole JVMs always did) or whole JVMs.
   */
  @Override
  public String note(ClassesBySide classes) {
    return !PairMembers.named(classes)
        ? ""
        : ", a pair of test JVMs per test class in each pair ("
            + ClassesBySide.simpleNames(classes.all())
            + "; pgperf.alternate=jvm: a pair of"
            + " test JVMs with every class)";
  }

  /** Nothing: a JVM's start and end are most of a member's time, which the log shows anyway. */
  @Override
  public void ran(int count, double seconds) {}

  @Override
  public String ofClass(TrialOrder.Run member, ClassesBySide classes) {
    // Whole test JVMs (a confirmation's when no class is named) have no class to name.
    return PairMembers.named(classes) && !member.testClass().isEmpty()
        ? ": " + ClassesBySide.simpleNames(List.of(member.testClass()))
        : "";
  }

  @Override
  public String member(TrialOrder.Run member, ClassesBySide classes) {
    return "the " + member.side() + " test JVM of pair " + member.pair() + ofClass(member, classes);
  }

  /** Nothing: a test JVM's output is in the log, each line after its side. */
  @Override
  public String output(Side side) {
    return "";
  }

  @Override
  public void close() {}

  /** {@code side}'s JVM's output, into the log line by line: {@code [base] ...}. */
  private Consumer<String> lines(Side side) {
    String prefix = "[" + side + "] ";
    return line -> log.info(prefix + line);
  }
}
