package io.github.pgperf.launch;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Writes one trial's events: start and end of each selected test, and every failure, also of a
 * class (a failing {@code @BeforeAll} or extension) or of a parameterized test's invocation, whose
 * stack trace goes to the traces file rather than the console.
 */
final class TrialListener implements TestExecutionListener {

  private final int trial;
  private final Map<String, String> tests;
  private final Events events;
  private final PrintWriter traces;
  private final Map<String, Long> startedAt = new ConcurrentHashMap<>();
  private TestPlan plan;

  TrialListener(int trial, Map<String, String> tests, Events events, PrintWriter traces) {
    this.trial = trial;
    this.tests = tests;
    this.events = events;
    this.traces = traces;
  }

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    plan = testPlan;
  }

  @Override
  public void executionStarted(TestIdentifier id) {
    String name = tests.get(id.getUniqueId());
    if (name != null) {
      startedAt.put(id.getUniqueId(), System.nanoTime());
      events.write(Events.STARTED, trial, name);
    }
  }

  @Override
  public void executionSkipped(TestIdentifier id, String reason) {
    String name = tests.get(id.getUniqueId());
    if (name != null) {
      events.write(Events.FINISHED, trial, name, Status.SKIPPED, 0, reason == null ? "" : reason);
    }
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    String name = tests.get(id.getUniqueId());
    boolean failed = result.getStatus() == TestExecutionResult.Status.FAILED;
    if (name == null && !failed) {
      return;
    }
    if (name == null) {
      name = TestNames.name(plan, id);
    }
    Long start = startedAt.remove(id.getUniqueId());
    long millis = start == null ? 0 : (System.nanoTime() - start) / 1_000_000;
    Throwable error = result.getThrowable().orElse(null);
    String message = error == null ? "" : message(error);
    events.write(Events.FINISHED, trial, name, status(result.getStatus()), millis, message);
    if (failed && error != null) {
      traces.println("== " + name + " (trial " + trial + ") ==");
      error.printStackTrace(traces);
      traces.println();
    }
  }

  private static Status status(TestExecutionResult.Status status) {
    return switch (status) {
      case SUCCESSFUL -> Status.PASSED;
      case ABORTED -> Status.ABORTED;
      case FAILED -> Status.FAILED;
    };
  }

  /** The test's own message; a throwable without one is named by its type. */
  static String message(Throwable error) {
    String m = error.getMessage();
    return m == null || m.isBlank() ? error.getClass().getName() : m;
  }
}
