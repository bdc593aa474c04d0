package io.github.pgperf.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a test JVM reported: the tests it found, each run's outcome, where it stopped and how long
 * its parts took.
 *
 * @param discovered tests found, -1 when the JVM stopped before discovery ended
 * @param found the tests found, in discovery order
 * @param outcomes every finished run and every failure, in order
 * @param running the test that had started and not finished when the JVM ended (a hang, a crash)
 * @param done whether every trial ran
 * @param exitStatus the JVM's exit status
 * @param timedOut whether the JVM was killed for running too long
 * @param timing how long the parts took
 * @param lastError the last non-blank line on the JVM's standard error, for messages
 * @param traces the file with the failures' stack traces
 */
public record TestRun(
    int discovered,
    List<Found> found,
    List<Outcome> outcomes,
    Optional<String> running,
    boolean done,
    int exitStatus,
    boolean timedOut,
    Timing timing,
    String lastError,
    Path traces) {

  /**
   * A test the JVM found.
   *
   * @param name {@code Class.method}
   * @param testClass its top-level class, fully qualified; empty for a test without a class
   */
  public record Found(String name, String testClass) {}

  /**
   * One run of a test, or a failure outside one (a class whose set-up failed).
   *
   * @param trial 1 for the first trial
   * @param name {@code Class.method}
   * @param millis how long the test method ran
   * @param message the failure's or skip's message; empty when it passed
   */
  public record Outcome(int trial, String name, Status status, long millis, String message) {}

  /**
   * Where the time went, in milliseconds.
   *
   * @param wall from starting the test JVM to its end
   * @param jvmStart the test JVM's start until its main method ran (its own uptime then)
   * @param discovery finding the tests
   * @param trials each trial's launcher execution, tests included
   * @param tests the test methods' own time, summed over every run
   */
  public record Timing(long wall, long jvmStart, long discovery, List<Long> trials, long tests) {

    /** The trials' time not spent in test methods: engine start, class set-up, provisioning. */
    public long launcherOverhead() {
      return trials.stream().mapToLong(Long::longValue).sum() - tests;
    }
  }

  public TestRun {
    found = List.copyOf(found);
    outcomes = List.copyOf(outcomes);
  }

  /** The top-level classes of the tests found, each once, in discovery order. */
  public List<String> testClasses() {
    return found.stream().map(Found::testClass).distinct().toList();
  }

  static TestRun of(
      List<List<String>> events,
      int exitStatus,
      boolean timedOut,
      long wallMillis,
      String lastError,
      Path traces) {
    int discovered = -1;
    long jvmStart = -1;
    long discovery = -1;
    boolean done = false;
    List<Found> found = new ArrayList<>();
    List<Outcome> outcomes = new ArrayList<>();
    List<Long> trials = new ArrayList<>();
    long tests = 0;
    Map<String, String> started = new LinkedHashMap<>();
    for (List<String> e : events) {
      switch (e.get(0)) {
        case Events.JVM -> jvmStart = Long.parseLong(e.get(1));
        case Events.DISCOVERED -> {
          discovered = Integer.parseInt(e.get(1));
          discovery = Long.parseLong(e.get(2));
        }
        case Events.TEST -> found.add(new Found(e.get(1), e.get(2)));
        case Events.STARTED -> started.put(e.get(1) + "\t" + e.get(2), e.get(2));
        case Events.FINISHED -> {
          Outcome o =
              new Outcome(
                  Integer.parseInt(e.get(1)),
                  e.get(2),
                  Status.valueOf(e.get(3)),
                  Long.parseLong(e.get(4)),
                  e.get(5));
          started.remove(o.trial() + "\t" + o.name());
          outcomes.add(o);
          tests += o.millis();
        }
        case Events.TRIAL -> trials.add(Long.parseLong(e.get(2)));
        case Events.DONE -> done = true;
        default -> {} // written by a newer pgperf: nothing this one needs
      }
    }
    Optional<String> running =
        started.keySet().stream()
            .reduce((a, b) -> b)
            .map(k -> started.get(k) + " (trial " + k.substring(0, k.indexOf('\t')) + ")");
    return new TestRun(
        discovered,
        found,
        outcomes,
        running,
        done,
        exitStatus,
        timedOut,
        new Timing(wallMillis, jvmStart, discovery, trials, tests),
        lastError,
        traces);
  }

  /** The runs that failed, and failures outside a run. */
  public List<Outcome> failures() {
    return outcomes.stream().filter(o -> o.status() == Status.FAILED).toList();
  }

  /** How many runs ended with this status. */
  public long count(Status status) {
    return outcomes.stream().filter(o -> o.status() == status).count();
  }

  /**
   * A one-line account: {@code 2 tests x 4 trials: 8 runs, 8 passed in 12.3 s (test JVM start 0.4
   * s, discovery 0.3 s, launcher and set-up 1.2 s)}.
   */
  public String summary(int trialsAsked) {
    return String.format(
        Locale.ROOT,
        "%d %s x %d %s: %d passed, %d failed, %d aborted, %d skipped in %.1f s"
            + " (test JVM start %.2f s, discovery %.2f s, launcher and class set-up %.2f s)",
        discovered,
        discovered == 1 ? "test" : "tests",
        trialsAsked,
        trialsAsked == 1 ? "trial" : "trials",
        count(Status.PASSED),
        count(Status.FAILED),
        count(Status.ABORTED),
        count(Status.SKIPPED),
        timing.wall() / 1000.0,
        timing.jvmStart() / 1000.0,
        timing.discovery() / 1000.0,
        timing.launcherOverhead() / 1000.0);
  }

  /**
   * The failures as the build's message: one entry per test and message, naming the trials it
   * failed in, the test's own message indented below; no stack traces (they are in {@link
   * #traces}).
   */
  public String failureMessage() {
    Map<String, List<Integer>> trialsByFailure = new LinkedHashMap<>();
    for (Outcome o : failures()) {
      trialsByFailure
          .computeIfAbsent(o.name() + "\n" + o.message(), k -> new ArrayList<>())
          .add(o.trial());
    }
    StringBuilder b = new StringBuilder();
    b.append(failures().size())
        .append(failures().size() == 1 ? " run" : " runs")
        .append(" of the performance tests failed:");
    trialsByFailure.forEach(
        (key, trials) -> {
          int cut = key.indexOf('\n');
          b.append("\n  ")
              .append(key, 0, cut)
              .append(trials.size() == 1 ? " (trial " : " (trials ")
              .append(String.join(", ", trials.stream().map(String::valueOf).toList()))
              .append("):");
          for (String line : key.substring(cut + 1).split("\n")) {
            b.append("\n      ").append(line);
          }
        });
    b.append("\n  Stack traces: ").append(traces);
    return b.toString();
  }
}
