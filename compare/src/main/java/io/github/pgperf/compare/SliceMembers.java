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
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Pair members as slices of both sides' warm test JVMs ({@code pgperf.alternate=slice}): the JVMs
 * start once with every timed run lasting the slice ({@link WarmSides}, ended by {@link #close}),
 * each finds its tests as it starts, one unmeasured slice of each class warms each side up, and
 * each member is then a slice of its class without warm-ups, in {@link SliceOrder}.
 */
final class SliceMembers implements PairMembers {

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

  private final WarmSides warm;

  /** The sides as their warm JVMs run them: every timed run lasting {@link #slice}. */
  private final PairRuns.Sides sides;

  /** How long a slice runs. */
  private final Duration slice;

  private final GoalLog log;

  private SliceMembers(WarmSides warm, PairRuns.Sides sides, Duration slice, GoalLog log) {
    this.warm = warm;
    this.sides = sides;
    this.slice = slice;
    this.log = log;
  }

  /** Starts both sides' warm JVMs, each running every timed run for {@code slice}. */
  static SliceMembers start(
      PairRuns.Sides sides, Duration slice, TestJvms jvms, TestSelection selection, GoalLog log)
      throws GoalError {
    PairRuns.Sides sliced = slicing(sides, slice);
    return new SliceMembers(WarmSides.start(jvms, sliced, selection, log), sliced, slice, log);
  }

  /**
   * Each side's test JVMs running every timed run for {@code slice}: {@code pgperf.slice.duration},
   * which the harness puts over every other length (a test's own key, a load built in code), and
   * {@code pgperf.duration} for a side whose harness predates it (there it wins over
   * {@code @Load(duration)} and the generic key in {@code junit-platform.properties} only).
   */
  private static PairRuns.Sides slicing(PairRuns.Sides sides, Duration slice) {
    Map<Side, ForkSettings> sliced = new EnumMap<>(Side.class);
    String seconds = slice.toSeconds() + "s";
    sides
        .settings()
        .forEach(
            (side, own) ->
                sliced.put(
                    side,
                    own.withMoreSystemProperties(
                        Map.of(SLICE_DURATION, seconds, DURATION, seconds))));
    return new PairRuns.Sides(
        sides.compareId(), sides.results(), sliced, sides.testClasses(), sides.classes());
  }

  /** What the side's warm JVM found as it started: no JVM runs only to discover. */
  @Override
  public TestRun discover(Side side) {
    return warm.discovery(side);
  }

  @Override
  public String discoverer(Side side) {
    return "the " + side + "'s warm test JVM, finding the tests,";
  }

  @Override
  public String classless() {
    return " has no class, so each slice runs every class";
  }

  /** Nothing: the warm JVMs found theirs as they started, and said how long it took. */
  @Override
  public String foundIn(double seconds) {
    return "";
  }

  /**
   * One unmeasured slice of each class on each side, so that the first pair meets JVMs whose
   * classes are loaded and compiled and a server whose caches hold the tests' data, as every later
   * pair does. Its runs record no trial of their own and its result files are deleted (the staging
   * directory {@code warm-up}); its failures are only warned about.
   */
  @Override
  public void warmUp(ClassesBySide classes) throws GoalError, GoalFailure {
    List<String> each = classes == null ? List.of("") : classes.all();
    long start = System.nanoTime();
    log.info(
        GOAL
            + ": warming up: one unmeasured slice of each class on each side, its results"
            + " discarded");
    for (String c : each) {
      for (Side side : Side.values()) {
        if (classes != null && !classes.has(side, c)) {
          continue;
        }
        TestRun run;
        Path staged = sides.settings().get(side).outputDirectory().resolve("warm-up");
        try {
          PairResults.stage(staged);
          // Each test's own warm-up: nothing is warm yet.
          run = warm.slice(side, 0, c, List.of(), staged, null);
          PairResults.clear(staged);
          Files.deleteIfExists(staged);
        } catch (IOException e) {
          throw error("cannot run the " + side + "'s warm-up slice: " + e.getMessage(), e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw error("interrupted", e);
        }
        String member = member(side, "the warm-up", c);
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

  /**
   * {@link SliceOrder}: a slice per class of {@code only} and side in each pair. A warm JVM runs
   * whole classes, so a confirmation whose result keys name no class found confirms them all.
   */
  @Override
  public List<TrialOrder.Run> order(
      int first, int pairs, ClassesBySide classes, List<String> only) {
    return SliceOrder.of(
        sides.compareId(),
        first,
        pairs,
        classes,
        only.isEmpty() && classes != null ? classes.all() : only);
  }

  /**
   * A slice of the member's class without warm-ups ({@link #MEASURED_WARMUP}): its tests of {@code
   * methods}, or all when none of them is in the class.
   */
  @Override
  public TestRun run(
      TrialOrder.Run member, TestSelection selection, List<String> methods, Path staged)
      throws IOException, InterruptedException {
    String testClass = member.testClass();
    List<String> named =
        methods.stream().filter(m -> testClass.isEmpty() || inClass(m, testClass)).toList();
    return warm.slice(member.side(), member.pair(), testClass, named, staged, MEASURED_WARMUP);
  }

  /**
   * Whether {@code method} ({@code <class>#<method>}, the class's canonical name) is a test of the
   * top-level class {@code testClass} (fully qualified, so without a {@code $}) or of one nested in
   * it.
   */
  private static boolean inClass(String method, String testClass) {
    String owner = method.substring(0, method.indexOf('#'));
    return owner.equals(testClass) || owner.startsWith(testClass + ".");
  }

  @Override
  public String pairs(int count) {
    return count + " pairs of " + slice.toSeconds() + "-s slices";
  }

  /** The warm JVMs, the random order and its seed, the classes when several. */
  @Override
  public String note(ClassesBySide classes) {
    return ", in a warm test JVM per side; which side runs first is drawn at random for each pair"
        + " and class, seeded by the comparison's id "
        + sides.compareId()
        + (PairMembers.named(classes)
            ? "; a slice of each class per side in each pair ("
                + ClassesBySide.simpleNames(classes.all())
                + ")"
            : "");
  }

  /** A slice's cost, which is what slices are for. */
  @Override
  public void ran(int count, double seconds) {
    log.info(
        String.format(
            Locale.ROOT,
            GOAL + ": %d pairs of slices in %.1f s, %.1f s a pair",
            count,
            seconds,
            seconds / count));
  }

  /** A slice's class, even the only one: a slice always runs one class unless none was found. */
  @Override
  public String ofClass(TrialOrder.Run member, ClassesBySide classes) {
    return member.testClass().isEmpty()
        ? ""
        : ": " + ClassesBySide.simpleNames(List.of(member.testClass()));
  }

  @Override
  public String member(TrialOrder.Run member, ClassesBySide classes) {
    return member(member.side(), "pair " + member.pair() + "'s", member.testClass());
  }

  /** The file of the warm JVM's whole output: what led to its end may lie many slices back. */
  @Override
  public String output(Side side) {
    return "; its output: " + warm.log(side);
  }

  /** Ends both warm JVMs. */
  @Override
  public void close() {
    warm.close();
  }

  /** A slice in messages: {@code the base's warm test JVM (pair 3's slice of OrdersPerf)}. */
  private static String member(Side side, String slice, String testClass) {
    return "the "
        + side
        + "'s warm test JVM ("
        + slice
        + (testClass.isEmpty()
            ? " slice"
            : " slice of " + ClassesBySide.simpleNames(List.of(testClass)))
        + ")";
  }
}
