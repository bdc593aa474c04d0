package io.github.pgperf.compare;

import static io.github.pgperf.compare.Comparison.GOAL;
import static io.github.pgperf.compare.Comparison.error;

import io.github.pgperf.goal.GoalError;
import io.github.pgperf.goal.GoalFailure;
import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.launch.ForkSettings;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The measuring part of a {@link Comparison}, once both sides' test JVMs are known: with {@code
 * pgperf.alternate=class} finds each side's test classes, runs the pairs of test JVMs in {@link
 * TrialOrder}, moves each JVM's result files under its side and pair, hands the judge {@link
 * ComparedSides}, runs the confirming pairs it asks for, and fails on its verdicts or on the
 * candidate's failed tests. With {@code pgperf.alternate=slice} the pairs are slices in {@link
 * WarmSides}, a warm-up slice of each class first, in {@link SliceOrder}; the rest is the same.
 */
final class PairRuns {

  /**
   * Each side's results directory, test JVM settings and test classes directory; the test classes
   * each side's discovery found, or null when whole test JVMs alternate.
   *
   * @param compareId the comparison's id: its sides' build ids and databases start with it
   */
  record Sides(
      String compareId,
      Map<Side, Path> results,
      Map<Side, ForkSettings> settings,
      Map<Side, Path> testClasses,
      ClassesBySide classes) {

    /**
     * Each side's test JVMs running every timed run for {@code slice}: {@code
     * pgperf.slice.duration}, which the harness puts over every other length (a test's own key, a
     * load built in code), and {@code pgperf.duration} for a side whose harness predates it (there
     * it wins over {@code @Load(duration)} and the generic key in {@code junit-platform.properties}
     * only).
     */
    Sides slicing(Duration slice) {
      Map<Side, ForkSettings> sliced = new EnumMap<>(Side.class);
      String seconds = slice.toSeconds() + "s";
      settings.forEach(
          (side, own) ->
              sliced.put(
                  side,
                  own.withMoreSystemProperties(
                      Map.of(SLICE_DURATION, seconds, DURATION, seconds))));
      return new Sides(compareId, results, sliced, testClasses, classes);
    }

    Sides withClasses(ClassesBySide found) {
      return new Sides(compareId, results, settings, testClasses, found);
    }

    /** Each side's test JVMs on the shared server, at the side's own database. */
    Sides sharing(SharedServer server) {
      Map<Side, ForkSettings> shared = new EnumMap<>(Side.class);
      settings.forEach(
          (side, own) -> shared.put(side, own.withMoreSystemProperties(server.properties(side))));
      return new Sides(compareId, results, shared, testClasses, classes);
    }
  }

  /** The tests each side ran and its test JVMs, over all pairs. */
  private record Runs(Map<Side, Set<String>> tests, Map<Side, List<TestRun>> runs) {
    static Runs none() {
      Map<Side, Set<String>> tests = new EnumMap<>(Side.class);
      Map<Side, List<TestRun>> runs = new EnumMap<>(Side.class);
      for (Side side : Side.values()) {
        tests.put(side, new LinkedHashSet<>());
        runs.put(side, new ArrayList<>());
      }
      return new Runs(tests, runs);
    }
  }

  /** The harness's key for how long a test's load runs: a slice's length. */
  static final String DURATION = "pgperf.duration";

  /** The harness's key for every timed run's length in a slice, whatever the test set. */
  static final String SLICE_DURATION = "pgperf.slice.duration";

  /**
   * Every run's warm-up in a measured slice: none. Fair, because both sides get the same, and what
   * a test's warm-up is for is done: the unmeasured warm-up slice ran each test's own warm-up and
   * load in both JVMs, whose classes stay loaded and compiled and whose server's caches stay full
   * for the whole comparison, and every slice after it runs the same tests again on them. Only what
   * each run opens anew (its client connections, their first statements) is not warm; that costs
   * both sides alike, in every slice. A warm-up in every slice would spend half of a 2-s slice's
   * time on load nobody measures.
   */
  static final Duration MEASURED_WARMUP = Duration.ZERO;

  private final PairedJudge judge;
  private final BaseCommit baseCommit;
  private final TestSelection selection;
  private final boolean engineMissing;
  private final TestJvms jvms;
  private final GoalLog log;

  /** The sides' warm test JVMs while slices run; null when each pair member is a JVM. */
  private WarmSides warm;

  /** How long a slice runs; null unless slices run. */
  private Duration slice;

  PairRuns(
      PairedJudge judge, BaseCommit baseCommit, Candidate candidate, TestJvms jvms, GoalLog log) {
    this.judge = judge;
    this.baseCommit = baseCommit;
    this.selection = candidate.selection();
    this.engineMissing = candidate.engineMissing();
    this.jvms = jvms;
    this.log = log;
  }

  /**
   * Runs {@code pairCount} pairs of {@code sides}, then any confirming pairs, and judges; with
   * slices, each test runs for {@code slice}.
   */
  void run(int pairCount, Alternation alternation, Sides sides, Duration slice)
      throws GoalError, GoalFailure, CompareException {
    if (alternation == Alternation.SLICE) {
      runSlices(pairCount, sides.slicing(slice), slice);
      return;
    }
    if (alternation == Alternation.CLASS) {
      sides = sides.withClasses(discover(sides));
    }
    runAndJudge(
        sides.classes() == null
            ? TrialOrder.of(pairCount)
            : TrialOrder.perClass(1, pairCount, sides.classes(), sides.classes().all()),
        sides);
  }

  /**
   * The slices (pgperf.alternate=slice): both sides' warm JVMs started once, each class's warm-up
   * slice on each side (unmeasured), then the pairs of slices and any confirming ones; the JVMs end
   * afterwards, also when anything fails.
   */
  private void runSlices(int pairCount, Sides sides, Duration slice)
      throws GoalError, GoalFailure, CompareException {
    try (WarmSides started = WarmSides.start(jvms, sides, selection, log)) {
      this.warm = started;
      this.slice = slice;
      Sides found = sides.withClasses(discover(sides));
      warmUp(found);
      runAndJudge(
          SliceOrder.of(
              found.compareId(),
              1,
              pairCount,
              found.classes(),
              found.classes() == null ? List.of() : found.classes().all()),
          found);
    } finally {
      this.warm = null;
    }
  }

  /**
   * One unmeasured slice of each class on each side, so that the first pair meets JVMs whose
   * classes are loaded and compiled and a server whose caches hold the tests' data, as every later
   * pair does. Its runs record no trial of their own and its result files are deleted (the staging
   * directory {@code warm-up}); its failures are only warned about.
   */
  private void warmUp(Sides sides) throws GoalError, GoalFailure {
    List<String> classes = sides.classes() == null ? List.of("") : sides.classes().all();
    long start = System.nanoTime();
    log.info(
        GOAL
            + ": warming up: one unmeasured slice of each class on each side, its results"
            + " discarded");
    for (String c : classes) {
      for (Side side : Side.values()) {
        if (sides.classes() != null && !sides.classes().has(side, c)) {
          continue;
        }
        TestRun run;
        Path staged = sides.settings().get(side).outputDirectory().resolve("warm-up");
        try {
          PairResults.stage(staged);
          // Each test's own warm-up: nothing is warm yet.
          run = warm.slice(side, 0, c, staged, null);
          PairResults.clear(staged);
          Files.deleteIfExists(staged);
        } catch (IOException e) {
          throw error("cannot run the " + side + "'s warm-up slice: " + e.getMessage(), e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw error("interrupted", e);
        }
        String member = sliceMember(side, "the warm-up", c);
        failIfEnded(run, member, side);
        if (!run.failures().isEmpty()) {
          log.warn(GOAL + ": in " + member + ", " + run.failureMessage());
        }
      }
    }
    log.info(
        String.format(
            Locale.ROOT, GOAL + ": warmed up in %.1f s", (System.nanoTime() - start) / 1e9));
  }

  /** A slice in messages: {@code the base's warm test JVM (pair 3, slice of OrdersPerf)}. */
  private static String sliceMember(Side side, String slice, String testClass) {
    return "the "
        + side
        + "'s warm test JVM ("
        + slice
        + (testClass.isEmpty()
            ? " slice"
            : " slice of " + ClassesBySide.simpleNames(List.of(testClass)))
        + ")";
  }

  /**
   * Fails when the JVM of {@code member} was killed at its timeout or ended before its work did,
   * naming what it was running, its last error and, for a warm JVM, the file of its output.
   */
  private void failIfEnded(TestRun run, String member, Side side) throws GoalFailure {
    String where = run.running().map(t -> " while running " + t).orElse("");
    String output = warm == null ? "" : "; its output: " + warm.log(side);
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

  /**
   * Each side's test classes, from a test JVM per side that only discovers its tests
   * (pgperf.alternate=class) or from each side's warm JVM (slice); null, and whole test JVMs (or
   * slices of every class) alternate, when a test has no class.
   */
  private ClassesBySide discover(Sides sides) throws GoalError, GoalFailure, CompareException {
    Map<Side, List<String>> found = new EnumMap<>(Side.class);
    long start = System.nanoTime();
    for (Side side : Side.values()) {
      String prefix = "[" + side + "] ";
      TestRun run;
      try {
        run =
            warm != null
                ? warm.discovery(side)
                : jvms.discover(
                    side,
                    sides.testClasses().get(side),
                    selection,
                    sides.settings().get(side),
                    line -> log.info(prefix + line));
      } catch (IOException e) {
        throw error(
            "cannot run the " + side + " test JVM that finds the tests: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw error("interrupted", e);
      }
      failIfEnded(
          run,
          warm != null
              ? "the " + side + "'s warm test JVM, finding the tests,"
              : "the " + side + " test JVM that finds the tests",
          side);
      if (run.discovered() == 0) {
        noTests(side);
      }
      Optional<TestRun.Found> classless =
          run.found().stream().filter(t -> t.testClass().isEmpty()).findFirst();
      if (classless.isPresent()) {
        log.warn(
            GOAL
                + ": the "
                + side
                + "'s test "
                + classless.get().name()
                + (warm != null
                    ? " has no class, so each slice runs every class"
                    : " has no class, so test JVMs of every class alternate, as with"
                        + " pgperf.alternate=jvm"));
        return null;
      }
      found.put(side, run.testClasses());
    }
    log.info(
        String.format(
            Locale.ROOT,
            GOAL + ": the base's tests are in" + " %d %s, the candidate's in %d%s",
            found.get(Side.BASE).size(),
            found.get(Side.BASE).size() == 1 ? "class" : "classes",
            found.get(Side.CANDIDATE).size(),
            // The warm JVMs found theirs as they started, and said how long it took.
            warm != null
                ? ""
                : String.format(
                    Locale.ROOT, " (found in %.1f s)", (System.nanoTime() - start) / 1e9)));
    return new ClassesBySide(found.get(Side.BASE), found.get(Side.CANDIDATE));
  }

  /** A side whose test JVM found no test: nothing to compare with (base), or a failure. */
  private void noTests(Side side) throws GoalFailure, CompareException {
    if (side == Side.BASE) {
      throw new CompareException(
          Outcome.BASE_HAS_NO_TESTS,
          "the base revision "
              + baseCommit.shortCommit()
              + " has pgperf but no performance test matches ("
              + selection.describe()
              + "): nothing to compare with");
    }
    throw new GoalFailure(
        GOAL
            + ": no performance test of the candidate"
            + " matches ("
            + selection.describe()
            + ")"
            + (engineMissing ? ": the test class path has no JUnit engine" : ""));
  }

  /** Runs the pairs, judges them and fails on the candidate's failed tests. */
  private void runAndJudge(List<TrialOrder.Run> order, Sides sides)
      throws GoalError, GoalFailure, CompareException {
    Map<Side, Path> resultDirs = sides.results();
    int pairCount = order.get(order.size() - 1).pair();
    log.info(
        GOAL
            + ": "
            + pairCount
            + (warm != null ? " pairs of " + slice.toSeconds() + "-s slices" : " pairs")
            + ", test JVMs in the order "
            + TrialOrder.letters(order)
            + " (A the base, B the candidate)"
            + (warm != null ? slicesNote(sides) : classesNote(sides))
            + "; results in "
            + resultDirs.get(Side.BASE)
            + " and "
            + resultDirs.get(Side.CANDIDATE));
    Runs runs = Runs.none();
    long start = System.nanoTime();
    runPairs(order, selection, sides, runs);
    if (warm != null) {
      double seconds = (System.nanoTime() - start) / 1e9;
      log.info(
          String.format(
              Locale.ROOT,
              GOAL + ": %d pairs of slices in %.1f s, %.1f s a pair",
              pairCount,
              seconds,
              seconds / pairCount));
    }
    TestsBySide bySide =
        TestsBySide.of(runs.tests().get(Side.BASE), runs.tests().get(Side.CANDIDATE));
    for (Side side : Side.values()) {
      long failed = runs.runs().get(side).stream().mapToLong(t -> t.failures().size()).sum();
      log.info(
          GOAL
              + ": "
              + side
              + ": "
              + runs.tests().get(side).size()
              + " tests x "
              + pairCount
              + " pairs, "
              + failed
              + " failed runs");
    }
    judge(
        new ComparedSides(
            resultDirs.get(Side.BASE), resultDirs.get(Side.CANDIDATE), baseCommit, order, bySide),
        sides,
        runs);
    for (TestRun run : runs.runs().get(Side.BASE)) {
      if (!run.failures().isEmpty()) {
        log.warn(GOAL + ": the base revision's " + run.failureMessage());
      }
    }
    List<TestRun> failedCandidate =
        runs.runs().get(Side.CANDIDATE).stream().filter(t -> !t.failures().isEmpty()).toList();
    if (!failedCandidate.isEmpty()) {
      throw new GoalFailure(
          GOAL
              + ": the candidate's "
              + String.join("\n", failedCandidate.stream().map(TestRun::failureMessage).toList()));
    }
  }

  /**
   * With several classes, which class each pair of JVMs runs, in the log's header; nothing with one
   * class (its pairs read as whole JVMs always did) or whole JVMs.
   */
  private static String classesNote(Sides sides) {
    return !named(sides)
        ? ""
        : ", a pair of test JVMs per test class in each pair ("
            + ClassesBySide.simpleNames(sides.classes().all())
            + "; pgperf.alternate=jvm: a pair of"
            + " test JVMs with every class)";
  }

  /**
   * How slices run, in the log's header: the warm JVMs, the random order and its seed, the classes
   * when several.
   */
  private static String slicesNote(Sides sides) {
    return ", in a warm test JVM per side; which side runs first is drawn at random for each pair"
        + " and class, seeded by the comparison's id "
        + sides.compareId()
        + (named(sides)
            ? "; a slice of each class per side in each pair ("
                + ClassesBySide.simpleNames(sides.classes().all())
                + ")"
            : "");
  }

  /** Whether the log names each test JVM's class: when they run more than one class. */
  private static boolean named(Sides sides) {
    return sides.classes() != null && sides.classes().all().size() > 1;
  }

  /**
   * Runs the test JVMs of {@code order} on the {@code selected} tests, adding what they ran to
   * {@code runs}.
   */
  private void runPairs(List<TrialOrder.Run> order, TestSelection selected, Sides sides, Runs runs)
      throws GoalError, GoalFailure, CompareException {
    for (TrialOrder.Run r : order) {
      Side side = r.side();
      String ofClass =
          named(sides) || (warm != null && !r.testClass().isEmpty())
              ? ": " + ClassesBySide.simpleNames(List.of(r.testClass()))
              : "";
      log.info(
          GOAL
              + ": pair "
              + r.pair()
              + ", "
              + side
              + " ("
              + (side == Side.BASE ? baseCommit.shortCommit() : "the working tree")
              + ")"
              + ofClass);
      String prefix = "[" + side + "] ";
      TestRun run;
      try {
        ForkSettings own = sides.settings().get(side);
        Path staged = PairResults.stage(own.outputDirectory().resolve("pair-" + r.pair()));
        run =
            warm != null
                ? warm.slice(side, r.pair(), r.testClass(), staged, MEASURED_WARMUP)
                : jvms.run(
                    side,
                    sides.testClasses().get(side),
                    r.testClass().isEmpty() ? selected : selected.inClass(r.testClass()),
                    r.pair(),
                    own.withMoreSystemProperties(
                        Map.of(Comparison.RESULTS, staged.toAbsolutePath().toString())),
                    line -> log.info(prefix + line));
        PairResults.move(staged, sides.results().get(side), r.pair());
        Files.delete(staged);
      } catch (IOException e) {
        throw error("cannot run the " + side + " test JVM: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw error("interrupted", e);
      }
      failIfEnded(
          run,
          warm != null
              ? sliceMember(side, "pair " + r.pair() + "'s", r.testClass())
              : "the " + side + " test JVM of pair " + r.pair() + ofClass,
          side);
      if (run.discovered() == 0) {
        noTests(side);
      }
      run.outcomes().forEach(o -> runs.tests().get(side).add(o.name()));
      runs.runs().get(side).add(run);
    }
  }

  /**
   * The one place verdicts come from: the judge's, logged, failing if it says so. When the judge
   * asks to confirm, the pairs it asks for run first (only its tests, numbered on after the last
   * pair) and it judges again on all pairs.
   */
  private void judge(ComparedSides compared, Sides sides, Runs runs)
      throws GoalError, GoalFailure, CompareException {
    try {
      PairedJudge.Judgement judgement = judge.judge(compared);
      if (judgement instanceof PairedJudge.Confirm confirm) {
        log(confirm.lines());
        // Each confirmed class's pairs go on in its own alternation; whole test JVMs of the
        // confirmed classes when they alternate (or a result key names no class found).
        List<String> classes =
            sides.classes() == null ? List.of() : sides.classes().named(confirm.tests());
        List<TrialOrder.Run> more =
            warm != null
                // A warm JVM runs whole classes: a key naming no class found confirms them all.
                ? SliceOrder.of(
                    sides.compareId(),
                    compared.pairs() + 1,
                    confirm.pairs(),
                    sides.classes(),
                    classes.isEmpty() && sides.classes() != null ? sides.classes().all() : classes)
                : classes.isEmpty()
                    ? TrialOrder.from(compared.pairs() + 1, confirm.pairs())
                    : TrialOrder.perClass(
                        compared.pairs() + 1, confirm.pairs(), sides.classes(), classes);
        log.info(
            GOAL
                + ": confirming: "
                + confirm.pairs()
                + " more pairs of "
                + String.join(", ", confirm.tests())
                + ", test JVMs in the order "
                + TrialOrder.letters(more));
        boolean whole = classes.isEmpty() && warm == null;
        runPairs(
            more,
            whole
                ? new TestSelection(
                    selection.includeTags(), selection.excludeTags(), confirm.tests(), 1)
                : selection,
            whole ? sides.withClasses(null) : sides,
            runs);
        List<TrialOrder.Run> all = new ArrayList<>(compared.order());
        all.addAll(more);
        judgement =
            confirm
                .then()
                .judge(
                    new ComparedSides(
                        compared.base(),
                        compared.candidate(),
                        compared.baseCommit(),
                        all,
                        compared.tests()));
      }
      PairedJudge.Verdicts verdicts = (PairedJudge.Verdicts) judgement;
      log(verdicts.lines());
      if (verdicts.fails()) {
        throw new GoalFailure(
            "pgperf compare failed against "
                + compared.baseCommit().shortCommit()
                + ":\n  "
                + String.join("\n  ", verdicts.failures())
                + reportLine(verdicts));
      }
      verdicts.report().ifPresent(file -> log.info(GOAL + ": report: " + file));
    } catch (IOException e) {
      throw error("cannot read the results: " + e.getMessage(), e);
    }
  }

  /**
   * The report the judge wrote, named last in a failure as pgperf:check names it: the page is where
   * a failed comparison is read.
   */
  private static String reportLine(PairedJudge.Verdicts verdicts) {
    return verdicts.report().map(file -> "\n  report: " + file.toAbsolutePath()).orElse("");
  }

  private void log(List<PairedJudge.Line> lines) {
    for (PairedJudge.Line line : lines) {
      switch (line.level()) {
        case INFO -> log.info(line.text());
        case WARN -> log.warn(line.text());
        case ERROR -> log.error(line.text());
      }
    }
  }
}
