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
 * The measuring part of a {@link Comparison}, once both sides' test JVMs are known: finds each
 * side's test classes (unless whole test JVMs alternate), runs the pairs' members in their order,
 * moves each member's result files under its side and pair, hands the judge {@link ComparedSides},
 * runs the confirming pairs it asks for, and fails on its verdicts or on the candidate's failed
 * tests. What a member is (a test JVM, or a slice of a warm one) is the {@link PairMembers}'
 * business, chosen once from {@code pgperf.alternate}.
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

  private final PairedJudge judge;
  private final BaseCommit baseCommit;
  private final TestSelection selection;
  private final boolean engineMissing;
  private final TestJvms jvms;
  private final GoalLog log;

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
   * Runs {@code pairCount} pairs of {@code sides}' members as {@code alternation} makes them, then
   * any confirming pairs, and judges; with slices, each test runs for {@code slice}. What runs the
   * members ends afterwards, also when anything fails.
   */
  void run(int pairCount, Alternation alternation, Sides sides, Duration slice)
      throws GoalError, GoalFailure, CompareException {
    try (PairMembers members = PairMembers.of(alternation, slice, sides, jvms, selection, log)) {
      // Whole test JVMs of every class alternate: there is no class to find.
      Sides found = alternation == Alternation.JVM ? sides : sides.withClasses(discover(members));
      members.warmUp(found.classes());
      runAndJudge(
          members,
          members.order(
              1,
              pairCount,
              found.classes(),
              found.classes() == null ? List.of() : found.classes().all()),
          found);
    }
  }

  /**
   * Each side's test classes as {@code members} find them; null, and whole test JVMs (or slices of
   * every class) alternate, when a test has no class.
   */
  private ClassesBySide discover(PairMembers members)
      throws GoalError, GoalFailure, CompareException {
    Map<Side, List<String>> found = new EnumMap<>(Side.class);
    long start = System.nanoTime();
    for (Side side : Side.values()) {
      TestRun run;
      try {
        run = members.discover(side);
      } catch (IOException e) {
        throw error(
            "cannot run the " + side + " test JVM that finds the tests: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw error("interrupted", e);
      }
      members.failIfEnded(run, members.discoverer(side), side);
      if (run.discovered() == 0) {
        noTests(side);
      }
      Optional<TestRun.Found> classless =
          run.found().stream().filter(t -> t.testClass().isEmpty()).findFirst();
      if (classless.isPresent()) {
        log.warn(
            GOAL + ": the " + side + "'s test " + classless.get().name() + members.classless());
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
            members.foundIn((System.nanoTime() - start) / 1e9)));
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
  private void runAndJudge(PairMembers members, List<TrialOrder.Run> order, Sides sides)
      throws GoalError, GoalFailure, CompareException {
    Map<Side, Path> resultDirs = sides.results();
    int pairCount = order.get(order.size() - 1).pair();
    log.info(
        GOAL
            + ": "
            + members.pairs(pairCount)
            + ", test JVMs in the order "
            + TrialOrder.letters(order)
            + " (A the base, B the candidate)"
            + members.note(sides.classes())
            + "; results in "
            + resultDirs.get(Side.BASE)
            + " and "
            + resultDirs.get(Side.CANDIDATE));
    Runs runs = Runs.none();
    long start = System.nanoTime();
    runPairs(members, order, selection, List.of(), sides, runs);
    members.ran(pairCount, (System.nanoTime() - start) / 1e9);
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
        members,
        sides,
        runs,
        start);
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
   * Runs the members of {@code order} on the {@code selected} tests (a slice only on {@code
   * methods} of its class when it names some), adding what they ran to {@code runs}.
   */
  private void runPairs(
      PairMembers members,
      List<TrialOrder.Run> order,
      TestSelection selected,
      List<String> methods,
      Sides sides,
      Runs runs)
      throws GoalError, GoalFailure, CompareException {
    for (TrialOrder.Run r : order) {
      Side side = r.side();
      log.info(
          GOAL
              + ": pair "
              + r.pair()
              + ", "
              + side
              + " ("
              + (side == Side.BASE ? baseCommit.shortCommit() : "the working tree")
              + ")"
              + members.ofClass(r, sides.classes()));
      TestRun run;
      try {
        Path staged =
            PairResults.stage(
                sides.settings().get(side).outputDirectory().resolve("pair-" + r.pair()));
        run = members.run(r, selected, methods, staged);
        PairResults.move(staged, sides.results().get(side), r.pair());
        Files.delete(staged);
      } catch (IOException e) {
        throw error("cannot run the " + side + " test JVM: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw error("interrupted", e);
      }
      members.failIfEnded(run, members.member(r, sides.classes()), side);
      if (run.discovered() == 0) {
        noTests(side);
      }
      run.outcomes().forEach(o -> runs.tests().get(side).add(o.name()));
      runs.runs().get(side).add(run);
    }
  }

  /**
   * The one place verdicts come from: the judge's, logged, failing if it says so. While the judge
   * asks for more pairs (to confirm a regression, or until its tests' verdicts settle), the pairs
   * it asks for run first (only its tests, numbered on after the last pair) and it judges again on
   * all pairs.
   */
  private void judge(
      ComparedSides compared, PairMembers members, Sides sides, Runs runs, long start)
      throws GoalError, GoalFailure, CompareException {
    try {
      PairedJudge.Judgement judgement = judge.judge(compared);
      boolean asked = false;
      while (judgement instanceof PairedJudge.Confirm confirm) {
        asked = true;
        log(confirm.lines());
        // Each confirmed class's pairs go on in its own alternation; whole test JVMs of the
        // confirmed classes when they alternate (or a result key names no class found).
        List<String> classes =
            sides.classes() == null ? List.of() : sides.classes().named(confirm.tests());
        int next = compared.order().stream().mapToInt(TrialOrder.Run::pair).max().orElse(0) + 1;
        List<TrialOrder.Run> more = members.order(next, confirm.pairs(), sides.classes(), classes);
        log.info(
            GOAL
                + ": "
                + confirm.pairs()
                + " more "
                + (confirm.pairs() == 1 ? "pair" : "pairs")
                + " of "
                + String.join(", ", confirm.tests())
                + ", test JVMs in the order "
                + TrialOrder.letters(more));
        // Whole test JVMs run only the confirmed tests; a slice runs its whole class, or the
        // judge's methods of it.
        runPairs(
            members,
            more,
            classes.isEmpty()
                ? new TestSelection(
                    selection.includeTags(), selection.excludeTags(), confirm.tests(), 1)
                : selection,
            confirm.methods(),
            sides,
            runs);
        List<TrialOrder.Run> all = new ArrayList<>(compared.order());
        all.addAll(more);
        compared =
            new ComparedSides(
                compared.base(),
                compared.candidate(),
                compared.baseCommit(),
                all,
                compared.tests());
        judgement = confirm.then().judge(compared);
      }
      if (asked) {
        // All the pairs' time, the ones the judge asked for included.
        members.ran(compared.pairs(), (System.nanoTime() - start) / 1e9);
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
