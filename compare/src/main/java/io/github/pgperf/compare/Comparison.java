package io.github.pgperf.compare;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.Verdict;
import io.github.pgperf.goal.GoalError;
import io.github.pgperf.goal.GoalFailure;
import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.launch.ForkSettings;
import io.github.pgperf.launch.ServerForkException;
import io.github.pgperf.result.DurationText;
import io.github.pgperf.result.RunIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code pgperf:compare} without Maven: resolves the base commit, builds it in a worktree under
 * {@code target/pgperf/base/} (through a {@link BaseBuilder}), starts one server for both sides
 * unless told not to, runs both sides' tests in pairs of test JVMs alternating A B B A ... (A the
 * base, B the candidate; a pair per test class, or of whole test JVMs), or in pairs of short slices
 * in a warm test JVM per side in a random order ({@code pgperf.alternate=slice}), through {@link
 * TestJvms}, moves each JVM's result files under its side and pair, judges them ({@link
 * PairedJudge}: the gate's {@link GateJudge} unless another is given), runs the confirming pairs
 * the judge asks for numbered on after the last pair, and fails on the verdicts or on the
 * candidate's failed tests. The plugin's {@code CompareMojo} maps its parameters onto {@link
 * CompareSettings} and this class's messages onto Maven's log and exceptions.
 */
public final class Comparison {

  /** The goal's name, leading its messages. */
  static final String GOAL = "pgperf compare";

  /** The harness's keys: the build a run belongs to, and where its result files go. */
  static final String BUILD = "pgperf.build";

  static final String RESULTS = "pgperf.results";

  private final CompareSettings settings;
  private final CompareSettings.Directories directories;
  private final Candidate.Source candidate;
  private final BaseBuilder baseBuilder;
  private final TestJvms jvms;
  private final Map<String, String> environment;
  private final Consumer<String> stdout;
  private final GoalLog log;

  /** Null: the gate's judge, made from the settings when the comparison starts. */
  private final PairedJudge givenJudge;

  /**
   * @param settings what the comparison is told
   * @param candidate the working tree's test JVM, asked for once the base is known
   * @param baseBuilder builds the base revision
   * @param jvms starts the test JVMs and the shared server's
   * @param environment the process environment (GitHub Actions' variables)
   * @param stdout receives GitHub annotation lines
   * @param log where the comparison's messages go
   */
  public Comparison(
      CompareSettings settings,
      Candidate.Source candidate,
      BaseBuilder baseBuilder,
      TestJvms jvms,
      Map<String, String> environment,
      Consumer<String> stdout,
      GoalLog log) {
    this(settings, candidate, baseBuilder, jvms, environment, stdout, log, null);
  }

  /** A comparison judged by {@code judge} rather than the gate's. */
  Comparison(
      CompareSettings settings,
      Candidate.Source candidate,
      BaseBuilder baseBuilder,
      TestJvms jvms,
      Map<String, String> environment,
      Consumer<String> stdout,
      GoalLog log,
      PairedJudge judge) {
    this.settings = settings;
    this.directories = settings.directories();
    this.candidate = candidate;
    this.baseBuilder = baseBuilder;
    this.jvms = jvms;
    this.environment = Map.copyOf(environment);
    this.stdout = stdout;
    this.log = log;
    this.givenJudge = judge;
  }

  /**
   * Compares.
   *
   * @throws GoalFailure when the verdicts fail, a test JVM failed, the candidate's tests failed or
   *     found nothing, or a named outcome fails (a base that does not build; a missing base unless
   *     {@code pgperf.failIfNoBase} is false): its message is the build's
   * @throws GoalError on a bad setting or a file or JVM the comparison cannot handle
   */
  public void run() throws GoalFailure, GoalError {
    try {
      compare();
    } catch (CompareException e) {
      outcome(e);
    }
  }

  private void compare() throws CompareException, GoalFailure, GoalError {
    // Read before the base builds, so that a bad timeout fails at once.
    Duration baseBuildLimit = timeout("pgperf.baseBuildTimeout", settings.baseBuildTimeout());
    Duration serverWait = timeout("pgperf.compareServerTimeout", settings.compareServerTimeout());
    Alternation alternation;
    Duration slice;
    CompareTime time;
    try {
      TrialOrder.of(settings.pairs());
      alternation = Alternation.parse(settings.alternate());
      slice = settings.slice();
      time = settings.time(alternation, slice);
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
    // Sequential: every class gets its first pairs, then more until its verdicts settle.
    int pairCount = time == null ? settings.pairs() : CompareTime.FIRST_PAIRS;
    PairedJudge judge =
        givenJudge != null
            ? givenJudge
            : time == null ? gateJudge(pairCount) : sequentialJudge(time);
    Repository git = new Repository(directories.project());
    BaseCommit baseCommit = BaseRef.resolve(git, settings.base(), environment);
    log.info(GOAL + ": " + baseCommit.describe());
    List<String> uncommitted = BaseRef.uncommitted(git);
    if (!uncommitted.isEmpty()) {
      log.warn(
          GOAL
              + ": the working tree has uncommitted changes ("
              + uncommitted.size()
              + (uncommitted.size() == 1 ? " file" : " files")
              + ": "
              + String.join(", ", uncommitted.subList(0, Math.min(5, uncommitted.size())))
              + (uncommitted.size() > 5 ? ", ..." : "")
              + "): the candidate is compared as it is,"
              + " with them");
    }
    Candidate candidate = this.candidate.resolve();
    if (!Files.isDirectory(candidate.testClasses())) {
      throw error(
          "the candidate has no compiled test classes ("
              + candidate.testClasses()
              + "): run it after test-compile, as in mvn verify pgperf:compare");
    }
    Path top = realPath(Path.of(git.run("rev-parse", "--show-toplevel")));
    Path module = realPath(directories.project());
    Path root = realPath(directories.executionRoot());
    if (!root.startsWith(top) || !module.startsWith(root)) {
      // A build started outside the repository (mvn -f): build the module alone.
      root = module;
    }
    Path output = directories.output();
    try (BaseWorktree worktree =
        BaseWorktree.add(git, output.resolve("base"), baseCommit.commit())) {
      Path baseRoot = worktree.directory().resolve(top.relativize(root).toString());
      Path buildLog = output.resolve("base-build.log");
      log.info(GOAL + ": building the base revision in " + baseRoot + " (log: " + buildLog + ")");
      long start = System.nanoTime();
      Path planFile =
          baseBuilder.build(
              baseRoot,
              root.relativize(module).toString(),
              buildLog,
              output.resolve("base-fork-plan.json"),
              baseBuildLimit);
      log.info(
          String.format(
              Locale.ROOT,
              GOAL + ": the base revision built in %.1f s",
              (System.nanoTime() - start) / 1e9));
      ForkPlan basePlan;
      try {
        basePlan = ForkPlan.read(planFile);
      } catch (IOException e) {
        throw error("cannot read " + planFile + ": " + e.getMessage(), e);
      }
      if (!basePlan.hasPgperf()) {
        throw new CompareException(
            Outcome.BASE_HAS_NO_PGPERF,
            "the base revision "
                + baseCommit.shortCommit()
                + " does not use pgperf (no pgperf-harness on its test class"
                + " path): nothing to compare with");
      }
      PairRuns.Sides sides = sides(candidate, basePlan);
      try (TestJvms.Server server = startServer(sides, candidate, serverWait)) {
        if (server != null) {
          SharedServer shared = sharedServer(server);
          sides = sides.sharing(shared);
          log.info(
              GOAL
                  + ": both sides run on one server, "
                  + shared.describe()
                  + ", each in a database of its own ("
                  + shared.urls().get(Side.BASE)
                  + ", "
                  + shared.urls().get(Side.CANDIDATE)
                  + "); pgperf.compareServer=own gives each side"
                  + " the server its tests configure");
        }
        new PairRuns(judge, baseCommit, candidate, jvms, log)
            .run(pairCount, alternation, sides, slice);
      }
    }
  }

  /**
   * Starts the shared server JVM (pgperf.compareServer=shared) with the candidate's test JVM
   * settings, so it resolves the server as the candidate's tests would; {@code null} for own.
   */
  private TestJvms.Server startServer(PairRuns.Sides sides, Candidate candidate, Duration wait)
      throws GoalError {
    if (SharedServer.OWN.equals(settings.compareServer())) {
      log.info(
          GOAL + ": each side uses the server its tests configure" + " (pgperf.compareServer=own)");
      return null;
    }
    if (!SharedServer.SHARED.equals(settings.compareServer())) {
      throw error(
          "pgperf.compareServer has invalid value \""
              + settings.compareServer()
              + "\": expected shared (one server for both sides) or own");
    }
    ForkSettings server =
        sides
            .settings()
            .get(Side.CANDIDATE)
            .withOutputDirectory(directories.output().resolve("compare").resolve("server"));
    log.info(
        GOAL
            + ": starting one server for both sides (pgperf.compareServer"
            + "=shared), as the candidate's tests would start it");
    try {
      return jvms.startServer(
          server,
          sides.compareId(),
          candidate.testClasses(),
          candidate.selection(),
          wait,
          line -> log.info("[server] " + line));
    } catch (ServerForkException e) {
      throw error(
          e.getMessage()
              + "; set pgperf.compareServer=own to run each side on the server its tests configure");
    } catch (IOException e) {
      throw error("cannot start the shared server JVM: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw error("interrupted", e);
    }
  }

  private static SharedServer sharedServer(TestJvms.Server server) throws GoalError {
    try {
      return SharedServer.of(server.handOver());
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  /**
   * Each side's results directory, test JVM settings (its own, the session's server URL, the side's
   * build id and output directory) and test classes, before any server is shared.
   */
  private PairRuns.Sides sides(Candidate candidate, ForkPlan basePlan) throws GoalError {
    String compareId = RunIdentity.newBuildId();
    Map<Side, Path> resultDirs = new EnumMap<>(Side.class);
    Map<Side, ForkSettings> forks = new EnumMap<>(Side.class);
    Map<Side, Path> testClasses = new EnumMap<>(Side.class);
    ForkSettings candidateFork = candidate.settings();
    for (Side side : Side.values()) {
      Path dir = directories.results().resolve(side.label());
      resultDirs.put(side, dir);
      try {
        // Result files of an earlier comparison would count as samples of this one.
        PairResults.clear(dir);
      } catch (IOException e) {
        throw error("cannot clear the old results in " + dir + ": " + e.getMessage(), e);
      }
      ForkSettings own = side == Side.BASE ? basePlan.settings() : candidateFork;
      Map<String, String> properties = new HashMap<>(own.systemProperties());
      // The server's URL may hold a password, so the base's plan never carries it: both sides
      // get this session's.
      ForkSettings.UNWRITTEN_PROPERTIES.forEach(
          k -> {
            properties.remove(k);
            if (candidateFork.systemProperties().containsKey(k)) {
              properties.put(k, candidateFork.systemProperties().get(k));
            }
          });
      // The base build's own instructions to pgperf:fork-plan are nothing to its tests.
      properties
          .keySet()
          .removeIf(k -> k.equals(ForkPlan.FILE_PROPERTY) || k.equals(ForkPlan.MODULE_PROPERTY));
      properties.put(BUILD, side.buildId(compareId));
      forks.put(
          side,
          own.withSystemProperties(properties)
              .withOutputDirectory(directories.output().resolve("compare").resolve(side.label())));
      testClasses.put(side, side == Side.BASE ? basePlan.testClasses() : candidate.testClasses());
    }
    return new PairRuns.Sides(compareId, resultDirs, forks, testClasses, null);
  }

  /** The gate's judge with this comparison's settings: {@code pgperf:check}'s, NEW and GONE. */
  private PairedJudge gateJudge(int pairCount) throws GoalError {
    GateSettings gate = gateSettings();
    int confirming =
        settings.confirmationPairs() != null ? settings.confirmationPairs() : pairCount;
    try {
      return new GateJudge(gate, confirming, directories.output(), environment, stdout);
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  /** The gate's judge asking for pairs until each class's timing verdicts settle. */
  private PairedJudge sequentialJudge(CompareTime time) throws GoalError {
    log.info(
        GOAL
            + ": each test class gets "
            + CompareTime.FIRST_PAIRS
            + " pairs, then "
            + CompareTime.STEP
            + " more at a time until its timing verdicts settle, at most "
            + time.limit().toSeconds()
            + " s of slices ("
            + CompareTime.PROPERTY
            + "; pgperf.pairs=N runs N pairs instead)");
    GateSettings gate = gateSettings();
    if (gate.minimumEffect() < SequentialJudge.SIDE_DIFFERENCE) {
      log.warn(
          GOAL
              + ": the minimum effect is "
              + Math.round(100 * gate.minimumEffect())
              + "%, and slices measure each side in one test JVM against one database: what"
              + " differs between the two sides' JVMs (their compiled code) and databases (how"
              + " their written tables aged) is not noise the pairs average out, and many pairs"
              + " call it a change (unchanged commits: client CPU per transaction +4.9%, server"
              + " CPU -11.2% over 24 pairs); a minimum effect of at least "
              + Math.round(100 * SequentialJudge.SIDE_DIFFERENCE)
              + "% keeps it from failing the build (pgperf.minimumEffect)");
    }
    return new SequentialJudge(
        gate, time, new GateJudge(gate, 0, directories.output(), environment, stdout));
  }

  /** The gate's settings, with the actions of the verdicts only a comparison has: NEW, GONE. */
  private GateSettings gateSettings() throws GoalError {
    GateSettings gate = settings.gate();
    Map<Verdict, Action> actions = new HashMap<>();
    gate.actions()
        .forEach(
            (verdict, action) -> {
              if (verdict.configurable()) {
                actions.put(verdict, action);
              }
            });
    try {
      actions.put(Verdict.NEW, Action.parse(settings.onNew(), "pgperf.onNew"));
      actions.put(Verdict.GONE, Action.parse(settings.onGone(), "pgperf.onGone"));
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
    return new GateSettings(gate.level(), gate.minimumEffect(), gate.metrics(), actions);
  }

  /** A named outcome: nothing to compare warns; a missing base fails unless told not to. */
  private void outcome(CompareException e) throws GoalFailure {
    String message = GOAL + ": " + e.getMessage();
    boolean warns =
        switch (e.outcome()) {
          case BASE_HAS_NO_PGPERF, BASE_HAS_NO_TESTS -> true;
          case NOT_A_REPOSITORY, BASE_MISSING, SHALLOW_CLONE -> !settings.failIfNoBase();
          case GIT_FAILED, BASE_DOES_NOT_BUILD -> false;
        };
    if (warns) {
      log.warn(message);
      return;
    }
    throw new GoalFailure(message);
  }

  /** A timeout parameter, read by the duration grammar every pgperf setting uses. */
  private static Duration timeout(String property, String text) throws GoalError {
    try {
      return DurationText.parse(property, text);
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  private static Path realPath(Path p) throws GoalError {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      throw error("cannot resolve " + p + ": " + e, e);
    }
  }

  static GoalError error(String message) {
    return new GoalError(GOAL + ": " + message);
  }

  static GoalError error(String message, Throwable cause) {
    return new GoalError(GOAL + ": " + message, cause);
  }
}
