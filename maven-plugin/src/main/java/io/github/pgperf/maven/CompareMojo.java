package io.github.pgperf.maven;

import io.github.pgperf.compare.Alternation;
import io.github.pgperf.compare.BaseCommit;
import io.github.pgperf.compare.BaseRef;
import io.github.pgperf.compare.BaseWorktree;
import io.github.pgperf.compare.ClassesBySide;
import io.github.pgperf.compare.CompareException;
import io.github.pgperf.compare.ComparedSides;
import io.github.pgperf.compare.ForkPlan;
import io.github.pgperf.compare.Git;
import io.github.pgperf.compare.Outcome;
import io.github.pgperf.compare.PairResults;
import io.github.pgperf.compare.GateJudge;
import io.github.pgperf.compare.PairedJudge;
import io.github.pgperf.compare.SharedServer;
import io.github.pgperf.compare.Side;
import io.github.pgperf.compare.TestsBySide;
import io.github.pgperf.compare.TrialOrder;
import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.Verdict;
import io.github.pgperf.launch.ForkSettings;
import io.github.pgperf.launch.ServerFork;
import io.github.pgperf.launch.ServerForkException;
import io.github.pgperf.launch.TestFork;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import io.github.pgperf.result.DurationText;
import io.github.pgperf.result.RunIdentity;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Compares the working tree (the candidate) with a base revision on this machine, in this job:
 * builds the base commit in a git worktree under {@code target/pgperf/base/} with the same Maven,
 * settings, profiles and {@code -D} properties, then runs both sides' performance tests in pairs
 * of test JVMs alternating A B B A ... (A the base, B the candidate), a pair per test class
 * ({@code pgperf.alternate=class}) or of whole test JVMs ({@code jvm}), one trial per JVM, so
 * drift and warm-up hit both sides alike. Results go to {@code target/pgperf/results/base/} and
 * {@code target/pgperf/results/candidate/}; each run's build id ends with its side and its trial
 * number is its pair. Run it after the test classes are compiled: {@code mvn verify
 * pgperf:compare}. See docs/compare.md.
 */
@Mojo(name = "compare", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class CompareMojo extends TestMojo {

  /**
   * The git ref to compare with (branch, tag or commit). By default the merge base of HEAD and
   * {@code origin/$GITHUB_BASE_REF} on a GitHub Actions pull request, else of HEAD and
   * {@code origin/main}, else {@code origin/master}.
   */
  @Parameter(property = BaseRef.PROPERTY)
  String base;

  /** Pairs of trials (a base trial and a candidate trial each); by default as many as trials. */
  @Parameter(property = "pgperf.pairs")
  Integer pairs;

  /**
   * Fail the build when there is no base to compare with (not a git clone, the ref is missing, a
   * shallow clone); {@code false} warns and compares nothing.
   */
  @Parameter(property = "pgperf.failIfNoBase", defaultValue = "true")
  boolean failIfNoBase;

  /** How long the base revision's build may take: a duration such as {@code 30min}. */
  @Parameter(property = "pgperf.baseBuildTimeout", defaultValue = "30min")
  String baseBuildTimeout;

  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File basedir;

  @Parameter(defaultValue = "${session.executionRootDirectory}", readonly = true)
  String executionRoot;

  @Parameter(defaultValue = "${session.request.userSettingsFile}", readonly = true)
  File userSettingsFile;

  @Parameter(defaultValue = "${session.request.globalSettingsFile}", readonly = true)
  File globalSettingsFile;

  @Parameter(defaultValue = "${settings.localRepository}", readonly = true)
  String localRepository;

  @Parameter(defaultValue = "${session.offline}", readonly = true)
  boolean offline;

  @Parameter(defaultValue = "${session.request.activeProfiles}", readonly = true)
  List<String> activeProfiles;

  @Parameter(defaultValue = "${session.request.inactiveProfiles}", readonly = true)
  List<String> inactiveProfiles;

  @Parameter(defaultValue = "${plugin.groupId}:${plugin.artifactId}:${plugin.version}",
      readonly = true)
  String pluginCoordinates;

  /**
   * Pairs run again of the tests whose first pairs show a REGRESSION, before the build fails; the
   * verdict is then taken on all pairs. By default as many as {@code pgperf.pairs}; 0: no
   * confirmation, the first pairs decide.
   */
  @Parameter(property = "pgperf.confirmationPairs")
  Integer confirmationPairs;

  /**
   * Where both sides' tests run: {@code shared}, one server started once (as the candidate's
   * tests would start it) with a database per side; {@code own}, each side's test JVMs start or
   * use the server their tests configure.
   */
  @Parameter(property = "pgperf.compareServer", defaultValue = SharedServer.SHARED)
  String compareServer;

  /**
   * What alternates: {@code class}, a base and a candidate test JVM per test class in every pair,
   * so a test's two runs are one class apart; {@code jvm}, a base and a candidate test JVM with
   * every selected class (for tests sharing expensive state per JVM).
   */
  @Parameter(property = "pgperf.alternate", defaultValue = "class")
  String alternate;

  /** How long the shared server may take to start and hand over: a duration such as 5min. */
  @Parameter(property = "pgperf.compareServerTimeout", defaultValue = "5min")
  String compareServerTimeout;

  /** What a test only the candidate has (NEW: measured, not compared) does: fail or warn. */
  @Parameter(property = "pgperf.onNew", defaultValue = "warn")
  String onNew;

  /** What a test only the base revision has (GONE: removed or renamed) does: fail or warn. */
  @Parameter(property = "pgperf.onGone", defaultValue = "warn")
  String onGone;

  /**
   * Where the statistics plug in: the one place a comparison's verdicts come from. Null until
   * the goal runs: then {@link GateJudge} with this goal's parameters.
   */
  PairedJudge judge;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("pgperf compare skipped");
      return;
    }
    try {
      compare();
    } catch (CompareException e) {
      outcome(e);
    }
  }

  private void compare() throws CompareException, MojoExecutionException, MojoFailureException {
    int pairCount = pairs != null ? pairs : trials().count();
    if (judge == null) {
      int confirming = confirmationPairs != null ? confirmationPairs : pairCount;
      try {
        judge = new GateJudge(settings(), confirming, outputDirectory.toPath(), System.getenv(),
            System.out::println);
      } catch (IllegalArgumentException e) {
        throw new MojoExecutionException("pgperf compare: " + e.getMessage());
      }
    }
    // Read before the base builds, so that a bad timeout fails at once.
    Duration baseBuildLimit = timeout("pgperf.baseBuildTimeout", baseBuildTimeout);
    timeout("pgperf.compareServerTimeout", compareServerTimeout);
    Alternation alternation;
    try {
      TrialOrder.of(pairCount);
      alternation = Alternation.parse(alternate);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("pgperf compare: " + e.getMessage());
    }
    Git git = new Git(basedir.toPath());
    BaseCommit baseCommit = BaseRef.resolve(git, base, System.getenv());
    getLog().info("pgperf compare: " + baseCommit.describe());
    List<String> uncommitted = BaseRef.uncommitted(git);
    if (!uncommitted.isEmpty()) {
      getLog().warn("pgperf compare: the working tree has uncommitted changes (" + uncommitted.size()
          + (uncommitted.size() == 1 ? " file" : " files") + ": " + String.join(", ",
              uncommitted.subList(0, Math.min(5, uncommitted.size())))
          + (uncommitted.size() > 5 ? ", ..." : "") + "): the candidate is compared as it is,"
          + " with them");
    }
    TestSelection selection = selection(1);
    ForkSettings candidate = forkSettings();
    if (!testClassesDirectory.isDirectory()) {
      throw new MojoExecutionException("pgperf compare: the candidate has no compiled test classes"
          + " (" + testClassesDirectory + "): run it after test-compile, as in"
          + " mvn verify pgperf:compare");
    }
    Path top = realPath(Path.of(git.run("rev-parse", "--show-toplevel")));
    Path module = realPath(basedir.toPath());
    Path root = realPath(Path.of(executionRoot));
    if (!root.startsWith(top) || !module.startsWith(root)) {
      // A build started outside the repository (mvn -f): build the module alone.
      root = module;
    }
    Path output = outputDirectory.toPath();
    Path worktreeDir = output.resolve("base");
    try (BaseWorktree worktree = BaseWorktree.add(git, worktreeDir, baseCommit.commit())) {
      Path baseRoot = worktree.directory().resolve(top.relativize(root).toString());
      Path log = output.resolve("base-build.log");
      getLog().info("pgperf compare: building the base revision in " + baseRoot + " (log: " + log
          + ")");
      long start = System.nanoTime();
      Path planFile = new BaseBuild(baseRoot, root.relativize(module).toString(),
          pluginCoordinates + ":fork-plan", session(), log, output.resolve("base-fork-plan.json"),
          baseBuildLimit).run();
      getLog().info(String.format(java.util.Locale.ROOT,
          "pgperf compare: the base revision built in %.1f s", (System.nanoTime() - start) / 1e9));
      ForkPlan basePlan;
      try {
        basePlan = ForkPlan.read(planFile);
      } catch (IOException e) {
        throw new MojoExecutionException("pgperf compare: cannot read " + planFile + ": "
            + e.getMessage(), e);
      }
      if (!basePlan.hasPgperf()) {
        throw new CompareException(Outcome.BASE_HAS_NO_PGPERF, "the base revision "
            + baseCommit.shortCommit() + " does not use pgperf (no pgperf-harness on its test class"
            + " path): nothing to compare with");
      }
      run(pairCount, alternation, selection, baseCommit, candidate, basePlan);
    }
  }

  /**
   * Each side's results directory, test JVM settings and test classes directory; the test classes
   * each side's discovery found, or null when whole test JVMs alternate.
   */
  private record Sides(Map<Side, Path> results, Map<Side, ForkSettings> settings,
      Map<Side, Path> testClasses, ClassesBySide classes) {

    Sides withClasses(ClassesBySide found) {
      return new Sides(results, settings, testClasses, found);
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

  private void run(int pairCount, Alternation alternation, TestSelection selection,
      BaseCommit baseCommit, ForkSettings candidate, ForkPlan basePlan)
      throws MojoExecutionException, MojoFailureException, CompareException {
    String compareId = RunIdentity.newBuildId();
    Map<Side, Path> resultDirs = new EnumMap<>(Side.class);
    Map<Side, ForkSettings> settings = new EnumMap<>(Side.class);
    Map<Side, Path> testClasses = new EnumMap<>(Side.class);
    for (Side side : Side.values()) {
      Path dir = results.toPath().resolve(side.label());
      resultDirs.put(side, dir);
      try {
        // Result files of an earlier comparison would count as samples of this one.
        PairResults.clear(dir);
      } catch (IOException e) {
        throw new MojoExecutionException("pgperf compare: cannot clear the old results in " + dir
            + ": " + e.getMessage(), e);
      }
      ForkSettings own = side == Side.BASE ? basePlan.settings() : candidate;
      Map<String, String> properties = new HashMap<>(own.systemProperties());
      // The server's URL may hold a password, so the base's plan never carries it: both sides
      // get this session's.
      ForkSettings.UNWRITTEN_PROPERTIES.forEach(k -> {
        properties.remove(k);
        if (candidate.systemProperties().containsKey(k)) {
          properties.put(k, candidate.systemProperties().get(k));
        }
      });
      // The base build's own instructions to pgperf:fork-plan are nothing to its tests.
      properties.keySet().removeIf(k -> k.equals(BaseBuild.FORK_PLAN_FILE)
          || k.equals(BaseBuild.FORK_PLAN_MODULE));
      properties.put(BUILD, side.buildId(compareId));
      settings.put(side, own.withSystemProperties(properties)
          .withOutputDirectory(outputDirectory.toPath().resolve("compare").resolve(side.label())));
      testClasses.put(side, side == Side.BASE ? basePlan.testClasses()
          : testClassesDirectory.toPath());
    }
    try (ServerFork server = startServer(compareId, settings.get(Side.CANDIDATE), selection)) {
      if (server != null) {
        SharedServer shared = sharedServer(server);
        for (Side side : Side.values()) {
          settings.put(side, settings.get(side).withMoreSystemProperties(shared.properties(side)));
        }
        getLog().info("pgperf compare: both sides run on one server, " + shared.describe()
            + ", each in a database of its own (" + shared.urls().get(Side.BASE) + ", "
            + shared.urls().get(Side.CANDIDATE) + "); pgperf.compareServer=own gives each side"
            + " the server its tests configure");
      }
      Sides sides = new Sides(resultDirs, settings, testClasses, null);
      if (alternation == Alternation.CLASS) {
        sides = sides.withClasses(discover(selection, baseCommit, sides));
      }
      runAndJudge(sides.classes() == null ? TrialOrder.of(pairCount)
          : TrialOrder.perClass(1, pairCount, sides.classes(), sides.classes().all()), selection,
          baseCommit, sides);
    }
  }

  /**
   * Starts the shared server JVM (pgperf.compareServer=shared) with the candidate's test JVM
   * settings, so it resolves the server as the candidate's tests would; {@code null} for own.
   */
  private ServerFork startServer(String compareId, ForkSettings candidate,
      TestSelection selection) throws MojoExecutionException {
    if (SharedServer.OWN.equals(compareServer)) {
      getLog().info("pgperf compare: each side uses the server its tests configure"
          + " (pgperf.compareServer=own)");
      return null;
    }
    if (!SharedServer.SHARED.equals(compareServer)) {
      throw new MojoExecutionException("pgperf compare: pgperf.compareServer has invalid value \""
          + compareServer + "\": expected shared (one server for both sides) or own");
    }
    ForkSettings server = candidate.withOutputDirectory(
        outputDirectory.toPath().resolve("compare").resolve("server"));
    getLog().info("pgperf compare: starting one server for both sides (pgperf.compareServer"
        + "=shared), as the candidate's tests would start it");
    try {
      return ServerFork.start(server, compareId, testClassesDirectory.toPath(), selection,
          timeout("pgperf.compareServerTimeout", compareServerTimeout),
          line -> getLog().info("[server] " + line));
    } catch (ServerForkException e) {
      throw new MojoExecutionException("pgperf compare: " + e.getMessage()
          + "; set pgperf.compareServer=own to run each side on the server its tests configure");
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf compare: cannot start the shared server JVM: "
          + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MojoExecutionException("pgperf compare: interrupted", e);
    }
  }

  /** A timeout parameter, read by the duration grammar every pgperf setting uses. */
  private static Duration timeout(String property, String text) throws MojoExecutionException {
    try {
      return DurationText.parse(property, text);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("pgperf compare: " + e.getMessage());
    }
  }

  private static SharedServer sharedServer(ServerFork server) throws MojoExecutionException {
    try {
      return SharedServer.of(server.handOver());
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("pgperf compare: " + e.getMessage());
    }
  }

  /**
   * Each side's test classes, from a test JVM per side that only discovers its tests
   * (pgperf.alternate=class); null, and whole test JVMs alternate, when a test has no class.
   */
  private ClassesBySide discover(TestSelection selection, BaseCommit baseCommit, Sides sides)
      throws MojoExecutionException, MojoFailureException, CompareException {
    Map<Side, List<String>> found = new EnumMap<>(Side.class);
    long start = System.nanoTime();
    for (Side side : Side.values()) {
      String prefix = "[" + side + "] ";
      TestRun run;
      try {
        run = TestFork.discover(sides.testClasses().get(side), selection,
            sides.settings().get(side), line -> getLog().info(prefix + line),
            line -> getLog().info(prefix + line));
      } catch (IOException e) {
        throw new MojoExecutionException("pgperf compare: cannot run the " + side
            + " test JVM that finds the tests: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new MojoExecutionException("pgperf compare: interrupted", e);
      }
      if (!run.done()) {
        throw new MojoFailureException("pgperf compare: the " + side + " test JVM that finds the"
            + " tests " + (run.timedOut() ? "ran longer than pgperf.forkTimeout and was killed"
                : "ended with exit status " + run.exitStatus())
            + (run.lastError().isEmpty() ? "" : ": " + run.lastError()));
      }
      if (run.discovered() == 0) {
        noTests(side, baseCommit, selection);
      }
      Optional<TestRun.Found> classless = run.found().stream()
          .filter(t -> t.testClass().isEmpty()).findFirst();
      if (classless.isPresent()) {
        getLog().warn("pgperf compare: the " + side + "'s test " + classless.get().name()
            + " has no class, so test JVMs of every class alternate, as with"
            + " pgperf.alternate=jvm");
        return null;
      }
      found.put(side, run.testClasses());
    }
    getLog().info(String.format(java.util.Locale.ROOT, "pgperf compare: the base's tests are in"
        + " %d %s, the candidate's in %d (found in %.1f s)", found.get(Side.BASE).size(),
        found.get(Side.BASE).size() == 1 ? "class" : "classes", found.get(Side.CANDIDATE).size(),
        (System.nanoTime() - start) / 1e9));
    return new ClassesBySide(found.get(Side.BASE), found.get(Side.CANDIDATE));
  }

  /** A side whose test JVM found no test: nothing to compare with (base), or a failure. */
  private void noTests(Side side, BaseCommit baseCommit, TestSelection selection)
      throws MojoFailureException, CompareException {
    if (side == Side.BASE) {
      throw new CompareException(Outcome.BASE_HAS_NO_TESTS, "the base revision "
          + baseCommit.shortCommit() + " has pgperf but no performance test matches ("
          + selection.describe() + "): nothing to compare with");
    }
    throw new MojoFailureException("pgperf compare: no performance test of the candidate"
        + " matches (" + selection.describe() + ")" + (engineMissing()
            ? ": the test class path has no JUnit engine" : ""));
  }

  /** Runs the pairs, judges them and fails the build on the candidate's failed tests. */
  private void runAndJudge(List<TrialOrder.Run> order, TestSelection selection,
      BaseCommit baseCommit, Sides sides)
      throws MojoExecutionException, MojoFailureException, CompareException {
    Map<Side, Path> resultDirs = sides.results();
    int pairCount = order.get(order.size() - 1).pair();
    getLog().info("pgperf compare: " + pairCount + " pairs, test JVMs in the order "
        + TrialOrder.letters(order) + " (A the base, B the candidate)" + classesNote(sides)
        + "; results in " + resultDirs.get(Side.BASE) + " and " + resultDirs.get(Side.CANDIDATE));
    Runs runs = Runs.none();
    runPairs(order, selection, baseCommit, sides, runs);
    TestsBySide bySide = TestsBySide.of(runs.tests().get(Side.BASE),
        runs.tests().get(Side.CANDIDATE));
    for (Side side : Side.values()) {
      long failed = runs.runs().get(side).stream().mapToLong(t -> t.failures().size()).sum();
      getLog().info("pgperf compare: " + side + ": " + runs.tests().get(side).size()
          + " tests x " + pairCount + " pairs, " + failed + " failed runs");
    }
    judge(new ComparedSides(resultDirs.get(Side.BASE), resultDirs.get(Side.CANDIDATE), baseCommit,
        order, bySide), selection, sides, runs);
    for (TestRun run : runs.runs().get(Side.BASE)) {
      if (!run.failures().isEmpty()) {
        getLog().warn("pgperf compare: the base revision's " + run.failureMessage());
      }
    }
    List<TestRun> failedCandidate = runs.runs().get(Side.CANDIDATE).stream()
        .filter(t -> !t.failures().isEmpty()).toList();
    if (!failedCandidate.isEmpty()) {
      throw new MojoFailureException("pgperf compare: the candidate's " + String.join("\n",
          failedCandidate.stream().map(TestRun::failureMessage).toList()));
    }
  }

  /**
   * With several classes, which class each pair of JVMs runs, in the log's header; nothing with
   * one class (its pairs read as whole JVMs always did) or whole JVMs.
   */
  private static String classesNote(Sides sides) {
    return !named(sides) ? "" : ", a pair of test JVMs per test class in each pair ("
        + ClassesBySide.simpleNames(sides.classes().all()) + "; pgperf.alternate=jvm: a pair of"
        + " test JVMs with every class)";
  }

  /** Whether the log names each test JVM's class: when they run more than one class. */
  private static boolean named(Sides sides) {
    return sides.classes() != null && sides.classes().all().size() > 1;
  }

  /** Runs the test JVMs of {@code order}, adding what they ran to {@code runs}. */
  private void runPairs(List<TrialOrder.Run> order, TestSelection selection,
      BaseCommit baseCommit, Sides sides, Runs runs)
      throws MojoExecutionException, MojoFailureException, CompareException {
    for (TrialOrder.Run r : order) {
      Side side = r.side();
      String ofClass = named(sides) ? ": " + ClassesBySide.simpleNames(List.of(r.testClass()))
          : "";
      getLog().info("pgperf compare: pair " + r.pair() + ", " + side + " (" + (side == Side.BASE
          ? baseCommit.shortCommit() : "the working tree") + ")" + ofClass);
      String prefix = "[" + side + "] ";
      TestRun run;
      try {
        ForkSettings own = sides.settings().get(side);
        Path staged = PairResults.stage(own.outputDirectory().resolve("pair-" + r.pair()));
        run = TestFork.run(sides.testClasses().get(side),
            r.testClass().isEmpty() ? selection : selection.inClass(r.testClass()), r.pair(),
            own.withMoreSystemProperties(
                Map.of("pgperf.results", staged.toAbsolutePath().toString())),
            line -> getLog().info(prefix + line), line -> getLog().info(prefix + line));
        PairResults.move(staged, sides.results().get(side), r.pair());
        Files.delete(staged);
      } catch (IOException e) {
        throw new MojoExecutionException("pgperf compare: cannot run the " + side
            + " test JVM: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new MojoExecutionException("pgperf compare: interrupted", e);
      }
      String where = run.running().map(t -> " while running " + t).orElse("");
      if (run.timedOut()) {
        throw new MojoFailureException("pgperf compare: the " + side + " test JVM of pair "
            + r.pair() + ofClass + " ran longer than pgperf.forkTimeout and was killed" + where);
      }
      if (!run.done()) {
        throw new MojoFailureException("pgperf compare: the " + side + " test JVM of pair "
            + r.pair() + ofClass + " ended with exit status " + run.exitStatus() + where
            + (run.lastError().isEmpty() ? "" : ": " + run.lastError()));
      }
      if (run.discovered() == 0) {
        noTests(side, baseCommit, selection);
      }
      run.outcomes().forEach(o -> runs.tests().get(side).add(o.name()));
      runs.runs().get(side).add(run);
    }
  }

  /**
   * The one place verdicts come from: {@link #judge}'s, logged, failing the build if it says so.
   * When the judge asks to confirm, the pairs it asks for run first (only its tests, numbered on
   * after the last pair) and it judges again on all pairs.
   */
  private void judge(ComparedSides sides, TestSelection selection, Sides dirs, Runs runs)
      throws MojoExecutionException, MojoFailureException, CompareException {
    try {
      PairedJudge.Judgement judgement = judge.judge(sides);
      if (judgement instanceof PairedJudge.Confirm confirm) {
        log(confirm.lines());
        // Each confirmed class's pairs go on in its own alternation; whole test JVMs of the
        // confirmed classes when they alternate (or a result key names no class found).
        List<String> classes = dirs.classes() == null ? List.of()
            : dirs.classes().named(confirm.tests());
        List<TrialOrder.Run> more = classes.isEmpty()
            ? TrialOrder.from(sides.pairs() + 1, confirm.pairs())
            : TrialOrder.perClass(sides.pairs() + 1, confirm.pairs(), dirs.classes(), classes);
        getLog().info("pgperf compare: confirming: " + confirm.pairs() + " more pairs of "
            + String.join(", ", confirm.tests()) + ", test JVMs in the order "
            + TrialOrder.letters(more));
        runPairs(more, classes.isEmpty() ? new TestSelection(selection.includeTags(),
            selection.excludeTags(), confirm.tests(), 1) : selection, sides.baseCommit(),
            classes.isEmpty() ? dirs.withClasses(null) : dirs, runs);
        List<TrialOrder.Run> all = new ArrayList<>(sides.order());
        all.addAll(more);
        judgement = confirm.then().judge(new ComparedSides(sides.base(), sides.candidate(),
            sides.baseCommit(), all, sides.tests()));
      }
      PairedJudge.Verdicts verdicts = (PairedJudge.Verdicts) judgement;
      log(verdicts.lines());
      if (verdicts.fails()) {
        throw new MojoFailureException("pgperf compare failed against "
            + sides.baseCommit().shortCommit() + ":\n  " + String.join("\n  ",
                verdicts.failures()) + reportLine(verdicts));
      }
      verdicts.report().ifPresent(file -> getLog().info("pgperf compare: report: " + file));
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf compare: cannot read the results: "
          + e.getMessage(), e);
    }
  }

  /**
   * The report the judge wrote, named last in a failure as pgperf:check names it: the page is
   * where a failed comparison is read.
   */
  private static String reportLine(PairedJudge.Verdicts verdicts) {
    return verdicts.report().map(file -> "\n  report: " + file.toAbsolutePath()).orElse("");
  }

  private void log(List<PairedJudge.Line> lines) {
    for (PairedJudge.Line line : lines) {
      switch (line.level()) {
        case INFO -> getLog().info(line.text());
        case WARN -> getLog().warn(line.text());
        case ERROR -> getLog().error(line.text());
      }
    }
  }

  /** The gate's settings, with the actions of the verdicts only a comparison has: NEW, GONE. */
  @Override
  GateSettings settings() throws MojoExecutionException {
    GateSettings gate = super.settings();
    Map<Verdict, Action> actions = new HashMap<>();
    gate.actions().forEach((verdict, action) -> {
      if (verdict.configurable()) {
        actions.put(verdict, action);
      }
    });
    try {
      actions.put(Verdict.NEW, Action.parse(onNew, "pgperf.onNew"));
      actions.put(Verdict.GONE, Action.parse(onGone, "pgperf.onGone"));
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": " + e.getMessage());
    }
    return new GateSettings(gate.level(), gate.minimumEffect(), gate.metrics(), actions);
  }

  /** A named outcome: those with nothing to compare warn; a missing base fails unless told not to. */
  private void outcome(CompareException e) throws MojoFailureException {
    String message = "pgperf compare: " + e.getMessage();
    boolean warns = switch (e.outcome()) {
      case BASE_HAS_NO_PGPERF, BASE_HAS_NO_TESTS -> true;
      case NOT_A_REPOSITORY, BASE_MISSING, SHALLOW_CLONE -> !failIfNoBase;
      case GIT_FAILED, BASE_DOES_NOT_BUILD -> false;
    };
    if (warns) {
      getLog().warn(message);
      return;
    }
    throw new MojoFailureException(message);
  }

  private BaseBuild.Session session() {
    Properties properties = new Properties();
    if (userProperties != null) {
      properties.putAll(userProperties);
    }
    String home = System.getProperty("maven.home");
    return new BaseBuild.Session(home == null ? null : new File(home), existing(userSettingsFile),
        existing(globalSettingsFile), localRepository == null ? null : new File(localRepository),
        offline,
        activeProfiles == null ? List.of() : activeProfiles,
        inactiveProfiles == null ? List.of() : inactiveProfiles, properties);
  }

  /**
   * The file, or null when it does not exist: Maven's request names the default settings files
   * whether or not they exist, and {@code mvn -s} refuses a missing one.
   */
  private static File existing(File file) {
    return file != null && file.isFile() ? file : null;
  }

  private static Path realPath(Path p) throws MojoExecutionException {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf compare: cannot resolve " + p + ": " + e, e);
    }
  }

  @Override
  String goal() {
    return "pgperf compare";
  }
}
