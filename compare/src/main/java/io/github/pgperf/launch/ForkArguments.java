package io.github.pgperf.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the test JVM is asked to do, as {@link ForkMain}'s command-line arguments: written by {@link
 * #toArgs()} on the Maven side, read by {@link #parse} in the fork.
 *
 * @param testClasses the directory whose test classes are scanned
 * @param includeTags JUnit tag expressions a test must match (any of them); empty for all
 * @param excludeTags tag expressions that leave a test out
 * @param classPatterns regular expressions on fully qualified class names (any of them); empty for
 *     all
 * @param testClass the one top-level class whose tests run (fully qualified, with its nested
 *     classes), within the patterns: {@code pgperf:compare} runs a test JVM per class; empty for
 *     every class
 * @param trials how many times every test runs; 0 only discovers the tests (and reports them)
 * @param firstTrial the number of the first trial (1, or a later one when {@code pgperf:compare}
 *     runs one trial per test JVM, so each result still names its trial)
 * @param events the {@link Events} file
 * @param traces the file that gets failures' stack traces
 * @param serve after discovery, run slices as {@link SliceCommand}s on standard input tell ({@code
 *     pgperf.alternate=slice}: a warm test JVM per side) instead of {@code trials} trials
 */
record ForkArguments(
    Path testClasses,
    List<String> includeTags,
    List<String> excludeTags,
    List<String> classPatterns,
    String testClass,
    int trials,
    int firstTrial,
    Path events,
    Path traces,
    boolean serve) {

  /**
   * {@code selection}'s tests (its tags, class patterns, class and trials) in {@code testClasses},
   * from trial 1, each trial in turn; events and traces to the given files.
   */
  static ForkArguments of(Path testClasses, TestSelection selection, Path events, Path traces) {
    return new ForkArguments(
        testClasses,
        selection.includeTags(),
        selection.excludeTags(),
        selection.classRegexes(),
        selection.testClass(),
        selection.trials(),
        1,
        events,
        traces,
        false);
  }

  /**
   * These arguments with the trials numbered from {@code first} ({@code pgperf:compare}'s pairs).
   */
  ForkArguments fromTrial(int first) {
    return new ForkArguments(
        testClasses,
        includeTags,
        excludeTags,
        classPatterns,
        testClass,
        trials,
        first,
        events,
        traces,
        serve);
  }

  /** These arguments running no trial: the JVM only finds the tests and reports them. */
  ForkArguments discovering() {
    return new ForkArguments(
        testClasses,
        includeTags,
        excludeTags,
        classPatterns,
        testClass,
        0,
        firstTrial,
        events,
        traces,
        serve);
  }

  /**
   * These arguments as a warm JVM's ({@link ServedFork}): it finds the tests of every selected
   * class, then runs slices as its standard input tells it rather than trials.
   */
  ForkArguments serving() {
    return new ForkArguments(
        testClasses,
        includeTags,
        excludeTags,
        classPatterns,
        "",
        0,
        firstTrial,
        events,
        traces,
        true);
  }

  ForkArguments {
    includeTags = List.copyOf(includeTags);
    excludeTags = List.copyOf(excludeTags);
    classPatterns = List.copyOf(classPatterns);
    if (trials < 0) {
      throw new IllegalArgumentException(
          "trials must be 0 (discovery only) or more, not " + trials);
    }
    if (firstTrial < 1) {
      throw new IllegalArgumentException("the first trial must be at least 1, not " + firstTrial);
    }
  }

  List<String> toArgs() {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--test-classes",
                testClasses.toString(),
                "--trials",
                Integer.toString(trials),
                "--first-trial",
                Integer.toString(firstTrial),
                "--events",
                events.toString(),
                "--traces",
                traces.toString()));
    includeTags.forEach(t -> args.addAll(List.of("--include-tag", t)));
    excludeTags.forEach(t -> args.addAll(List.of("--exclude-tag", t)));
    classPatterns.forEach(p -> args.addAll(List.of("--class-pattern", p)));
    if (!testClass.isEmpty()) {
      args.addAll(List.of("--test-class", testClass));
    }
    if (serve) {
      args.add("--serve");
    }
    return args;
  }

  static ForkArguments parse(String[] args) {
    Path testClasses = null;
    Path events = null;
    Path traces = null;
    String testClass = "";
    int trials = 1;
    int firstTrial = 1;
    List<String> include = new ArrayList<>();
    List<String> exclude = new ArrayList<>();
    List<String> patterns = new ArrayList<>();
    boolean serve = false;
    for (int i = 0; i < args.length; i += 2) {
      if (args[i].equals("--serve")) {
        // The one flag without a value.
        serve = true;
        i--;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("no value after " + args[i]);
      }
      String value = args[i + 1];
      switch (args[i]) {
        case "--test-classes" -> testClasses = Path.of(value);
        case "--events" -> events = Path.of(value);
        case "--traces" -> traces = Path.of(value);
        case "--include-tag" -> include.add(value);
        case "--exclude-tag" -> exclude.add(value);
        case "--class-pattern" -> patterns.add(value);
        case "--test-class" -> testClass = value;
        case "--trials" -> trials = number(args[i], value);
        case "--first-trial" -> firstTrial = number(args[i], value);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    if (testClasses == null || events == null || traces == null) {
      throw new IllegalArgumentException("--test-classes, --events and --traces are required");
    }
    return new ForkArguments(
        testClasses,
        include,
        exclude,
        patterns,
        testClass,
        trials,
        firstTrial,
        events,
        traces,
        serve);
  }

  private static int number(String option, String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " is not a number: " + value);
    }
  }
}
