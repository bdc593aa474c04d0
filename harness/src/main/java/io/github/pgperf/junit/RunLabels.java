package io.github.pgperf.junit;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The labels the runs of one test execution used. A second run under a label already used (or a
 * second run without one) would have the same test key as the first, and the gate would read it as
 * another trial of one test: a fake sample that makes the t-test trust a difference more than it
 * should. Such a run is refused before it starts, naming the test and the fix.
 *
 * <p>One instance per test execution (each invocation of a repeated, parameterized or {@link
 * ClientSweep} test is its own), shared by the declared load and every injected runner.
 */
final class RunLabels {

  /** Used labels; {@link #NONE} stands for "no label" (a set of a concurrent map holds no null). */
  private final Set<String> used = ConcurrentHashMap.newKeySet();

  private static final String NONE = "\0none";

  /**
   * Takes {@code label} for the next run of {@code test}.
   *
   * @param test the test as messages name it ({@code OrdersTest.insert})
   * @throws LoadRunException when an earlier run of this test execution took it
   */
  void claim(String test, String label) {
    if (used.add(label == null ? NONE : label)) {
      return;
    }
    String which =
        label == null
            ? "a second time without a label"
            : "a second time with the label \"" + label + "\"";
    throw new LoadRunException(
        test
            + " runs load "
            + which
            + ": the gate would count it as"
            + " another trial of the first run, a sample never measured as one; give each run of a"
            + " test method its own label (runner.label(\"...\") or @Load(label = \"...\"))");
  }
}
