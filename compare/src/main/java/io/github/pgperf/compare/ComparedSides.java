package io.github.pgperf.compare;

import java.nio.file.Path;
import java.util.List;

/**
 * What a comparison measured, handed to the statistics: both sides' result directories (each run's
 * identity names its side in the build id and its pair as the trial number), the base commit, the
 * order the test JVMs ran in and the tests on each side.
 *
 * @param base the base revision's results ({@code target/pgperf/results/base/})
 * @param candidate the working tree's results ({@code target/pgperf/results/candidate/})
 * @param baseCommit what the base is
 * @param order the test JVMs in the order they ran
 * @param tests which tests ran on which side
 */
public record ComparedSides(
    Path base,
    Path candidate,
    BaseCommit baseCommit,
    List<TrialOrder.Run> order,
    TestsBySide tests) {

  public ComparedSides {
    order = List.copyOf(order);
  }

  /** How many pairs ran (with a test JVM per class, each pair has a JVM per class and side). */
  public int pairs() {
    return (int) order.stream().mapToInt(TrialOrder.Run::pair).distinct().count();
  }
}
