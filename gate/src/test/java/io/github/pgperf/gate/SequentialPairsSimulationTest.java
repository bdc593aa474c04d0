package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sequential design of {@link SequentialPairs} on seeded interleaved jobs, against a fixed
 * design that always runs the cap's pairs ({@link PairedComparison}): how often an unchanged
 * candidate fails (a false REGRESSION), how often a 10% and a 20% slowdown is caught, and how many
 * pairs each test used. Figures in docs/gate.md, "Sequential stopping".
 *
 * <p>The noise of one pair: each trial's own lognormal noise (5%, 15% or 36%: the pair noise
 * measured on this machine, quiet and under busy loops), shared half by the trial's metrics; a
 * drift from pair to pair (10%, both trials alike, which pairing cancels); each test's steady trend
 * over the job (1% per run, standard deviation), which the randomized order within a pair turns
 * into noise of either sign; and bursts: in 2% of the pairs one side, either, runs 2x slower (all
 * its metrics). A slowdown makes every metric of the candidate's slowed test that much slower (tps
 * divided by it, latencies multiplied).
 *
 * <p>Two settings, as documented: one test's tps at level 0.05 (a family of one), and a build of 3
 * tests with tps, p50 and p99 at the default family level 0.005 (9 comparisons, Holm over all of
 * them once every test has stopped). Each test stops getting pairs when all its metrics are
 * settled, or at the cap (12 or 40 pairs).
 */
class SequentialPairsSimulationTest {

  private static final double MINIMUM_EFFECT = GateSettings.DEFAULT_MINIMUM_EFFECT;
  private static final double BURSTS = 0.02;
  private static final double DRIFT = 0.10;
  private static final double TREND = 0.01;

  /** Jobs with a slowdown per cell. */
  private static final int SLOWED_JOBS = 500;

  /**
   * What is compared: {@code tests} tests with these metrics each, their family at {@code level}.
   */
  record Setting(String name, double level, int tests, List<Metric> metrics, int unchangedJobs) {

    int comparisons() {
      return tests * metrics.size();
    }

    GateSettings gate() {
      return new GateSettings(level, MINIMUM_EFFECT, metrics, Map.of());
    }
  }

  static final Setting ONE_TEST =
      new Setting("tps, level 0.05", 0.05, 1, List.of(Metric.TPS), 4000);
  static final Setting BUILD =
      new Setting(
          "3 tests x tps/p50/p99, level 0.005",
          0.005,
          3,
          List.of(Metric.TPS, Metric.P50, Metric.P99),
          2000);

  /**
   * What one cell of jobs gave.
   *
   * @param jobs the jobs simulated
   * @param failed jobs with any REGRESSION, sequential design
   * @param fixedFailed the same for the fixed design of the cap's pairs
   * @param caught jobs whose slowed test (test 0) had a REGRESSION, sequential
   * @param fixedCaught the same, fixed design
   * @param passed the unslowed tests' metrics judged PASS or IMPROVEMENT, a share, sequential
   * @param fixedPassed the same, fixed design
   * @param pairs the mean pairs test 0 used, sequential (the fixed design uses the cap)
   */
  record Cell(
      int jobs,
      int failed,
      int fixedFailed,
      int caught,
      int fixedCaught,
      double passed,
      double fixedPassed,
      double pairs) {

    double failedRate() {
      return (double) failed / jobs;
    }

    double caughtRate() {
      return (double) caught / jobs;
    }
  }

  @Test
  void oneTestAtTheLevel005() {
    Map<String, Cell> cells = new LinkedHashMap<>();
    cells.putAll(table(ONE_TEST, 0.05, 1_000));
    cells.putAll(table(ONE_TEST, 0.15, 2_000));
    cells.putAll(table(ONE_TEST, 0.36, 3_000));
    // Power floors at least 4 binomial errors below the measured figures (docs/gate.md).
    assertCaught(cells, ONE_TEST, 0.05, 40, 0.10, 0.95);
    assertCaught(cells, ONE_TEST, 0.05, 12, 0.10, 0.87);
    assertCaught(cells, ONE_TEST, 0.05, 12, 0.20, 0.95);
    assertCaught(cells, ONE_TEST, 0.15, 40, 0.20, 0.97);
    assertCaught(cells, ONE_TEST, 0.15, 40, 0.10, 0.58);
    assertCaught(cells, ONE_TEST, 0.36, 40, 0.20, 0.41);
    // Clear cases stop early: a 20% slowdown in quiet pairs after a handful.
    assertFewerPairs(cells, ONE_TEST, 0.05, 40, 0.20, 10);
    assertFewerPairs(cells, ONE_TEST, 0.05, 40, 0, 25);
    // An unchanged test in noisy pairs stops as futile long before the cap it cannot settle at.
    assertFewerPairs(cells, ONE_TEST, 0.15, 40, 0, 25);
  }

  @Test
  void buildOfNineInQuietPairs() {
    Map<String, Cell> cells = table(BUILD, 0.05, 4_000);
    assertCaught(cells, BUILD, 0.05, 40, 0.10, 0.95);
    assertCaught(cells, BUILD, 0.05, 40, 0.20, 0.97);
    assertCaught(cells, BUILD, 0.05, 12, 0.20, 0.83);
    assertCaught(cells, BUILD, 0.05, 12, 0.10, 0.52);
    assertFewerPairs(cells, BUILD, 0.05, 40, 0.20, 20);
    assertFewerPairs(cells, BUILD, 0.05, 40, 0, 30);
  }

  @Test
  void buildOfNineInPairsOfFifteenPercent() {
    Map<String, Cell> cells = table(BUILD, 0.15, 5_000);
    assertCaught(cells, BUILD, 0.15, 40, 0.20, 0.92);
  }

  @Test
  void buildOfNineInBusyPairs() {
    Map<String, Cell> cells = table(BUILD, 0.36, 6_000);
    assertCaught(cells, BUILD, 0.36, 40, 0.20, 0.13);
    assertFewerPairs(cells, BUILD, 0.36, 40, 0, 30);
  }

  /**
   * Every cell of one setting at this noise, printed, with the properties that hold in each:
   * unchanged jobs fail at most at the level, larger slowdowns are caught at least as often, and
   * the sequential design never uses more pairs than the cap.
   */
  private static Map<String, Cell> table(Setting setting, double noise, long seed) {
    Map<String, Cell> cells = new LinkedHashMap<>();
    StringBuilder out = new StringBuilder();
    for (int cap : new int[] {40, 12}) {
      long cellSeed = seed + 100L * cap;
      Cell unchanged = cell(setting, noise, cap, 0, setting.unchangedJobs(), cellSeed);
      Cell ten = cell(setting, noise, cap, 0.10, SLOWED_JOBS, cellSeed + 10);
      Cell twenty = cell(setting, noise, cap, 0.20, SLOWED_JOBS, cellSeed + 20);
      cells.put(key(setting, noise, cap, 0), unchanged);
      cells.put(key(setting, noise, cap, 0.10), ten);
      cells.put(key(setting, noise, cap, 0.20), twenty);
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %.0f%% | %d | %d / %d of %d | %.0f%% / %.0f%% | %.1f"
                  + " | %.1f%% / %.1f%% | %.1f | %.1f%% / %.1f%% | %.1f |%n",
              setting.name(),
              100 * noise,
              cap,
              unchanged.failed(),
              unchanged.fixedFailed(),
              unchanged.jobs(),
              100 * unchanged.passed(),
              100 * unchanged.fixedPassed(),
              unchanged.pairs(),
              100 * ten.caughtRate(),
              100.0 * ten.fixedCaught() / ten.jobs(),
              ten.pairs(),
              100 * twenty.caughtRate(),
              100.0 * twenty.fixedCaught() / twenty.jobs(),
              twenty.pairs()));
      // The level is kept: an unchanged candidate fails at most at the family's level.
      assertThat(unchanged.failedRate())
          .as(setting.name() + ", cap " + cap)
          .isLessThanOrEqualTo(setting.level());
      assertThat(twenty.caught()).isGreaterThanOrEqualTo(ten.caught());
      assertThat(ten.caughtRate()).isGreaterThanOrEqualTo(unchanged.failedRate());
      for (Cell c : List.of(unchanged, ten, twenty)) {
        assertThat(c.pairs()).as(setting.name() + ", cap " + cap).isLessThanOrEqualTo(cap);
      }
    }
    System.out.print(
        "| setting | noise | cap | unchanged failed: sequential / fixed | unchanged metrics passed"
            + " | pairs | 10% slower caught | pairs | 20% slower caught | pairs |\n"
            + out);
    return cells;
  }

  private static void assertCaught(
      Map<String, Cell> cells,
      Setting setting,
      double noise,
      int cap,
      double slowdown,
      double floor) {
    assertThat(cells.get(key(setting, noise, cap, slowdown)).caughtRate())
        .as(setting.name() + ", noise " + noise + ", cap " + cap + ", " + slowdown + " slower")
        .isGreaterThanOrEqualTo(floor);
  }

  private static void assertFewerPairs(
      Map<String, Cell> cells,
      Setting setting,
      double noise,
      int cap,
      double slowdown,
      double most) {
    assertThat(cells.get(key(setting, noise, cap, slowdown)).pairs())
        .as(setting.name() + ", noise " + noise + ", cap " + cap + ", " + slowdown + " slower")
        .isLessThan(most);
  }

  private static String key(Setting setting, double noise, int cap, double slowdown) {
    return setting.name() + "/" + noise + "/" + cap + "/" + slowdown;
  }

  /** {@code jobs} seeded jobs of one setting, noise, cap and slowdown of test 0. */
  static Cell cell(Setting setting, double noise, int cap, double slowdown, int jobs, long seed) {
    int failed = 0;
    int fixedFailed = 0;
    int caught = 0;
    int fixedCaught = 0;
    long passed = 0;
    long fixedPassed = 0;
    long judged = 0;
    long pairs = 0;
    List<SequentialPairs> rules = new ArrayList<>();
    for (Metric m : setting.metrics()) {
      rules.add(
          new SequentialPairs(m, setting.level(), setting.comparisons(), MINIMUM_EFFECT, cap));
    }
    GateSettings gate = setting.gate();
    for (int j = 0; j < jobs; j++) {
      SplittableRandom random = new SplittableRandom(seed * 1_000_003L + j);
      Map<String, BuildFamily.Member> sequential = new LinkedHashMap<>();
      Map<String, BuildFamily.Member> fixed = new LinkedHashMap<>();
      for (int t = 0; t < setting.tests(); t++) {
        double[][][] job = job(random, setting.metrics(), noise, cap, t == 0 ? slowdown : 0);
        List<Comparison> stopped = stop(rules, job);
        if (t == 0) {
          pairs += stopped.get(0).baselineCount();
        }
        sequential.put("test" + t, new BuildFamily.Member(stopped.size(), level -> stopped));
        fixed.put(
            "test" + t,
            new BuildFamily.Member(
                setting.metrics().size(),
                level -> {
                  List<Comparison> all = new ArrayList<>();
                  for (int m = 0; m < setting.metrics().size(); m++) {
                    all.add(
                        PairedComparison.compare(
                            setting.metrics().get(m), job[0][m], job[1][m], level));
                  }
                  return all;
                }));
      }
      Map<String, List<Verdict>> seq = verdicts(sequential, gate);
      Map<String, List<Verdict>> fix = verdicts(fixed, gate);
      failed += any(seq, Verdict.REGRESSION) ? 1 : 0;
      fixedFailed += any(fix, Verdict.REGRESSION) ? 1 : 0;
      caught += seq.get("test0").contains(Verdict.REGRESSION) ? 1 : 0;
      fixedCaught += fix.get("test0").contains(Verdict.REGRESSION) ? 1 : 0;
      for (int t = slowdown > 0 ? 1 : 0; t < setting.tests(); t++) {
        passed += passes(seq.get("test" + t));
        fixedPassed += passes(fix.get("test" + t));
        judged += setting.metrics().size();
      }
    }
    return new Cell(
        jobs,
        failed,
        fixedFailed,
        caught,
        fixedCaught,
        judged == 0 ? Double.NaN : (double) passed / judged,
        judged == 0 ? Double.NaN : (double) fixedPassed / judged,
        (double) pairs / jobs);
  }

  /**
   * One test's pairs through its metrics' rules, looking after every pair as the comparison's loop
   * would, until no metric wants another: each metric's look on all the pairs the test got.
   */
  private static List<Comparison> stop(List<SequentialPairs> rules, double[][][] job) {
    int cap = job[0][0].length;
    List<SequentialPairs.Look> looks = new ArrayList<>();
    for (int n = 1; n <= cap; n++) {
      looks.clear();
      boolean more = false;
      for (int m = 0; m < rules.size(); m++) {
        SequentialPairs.Look look =
            rules.get(m).look(Arrays.copyOf(job[0][m], n), Arrays.copyOf(job[1][m], n));
        looks.add(look);
        more |= look.more();
      }
      if (!more) {
        break;
      }
    }
    return looks.stream().map(SequentialPairs.Look::comparison).toList();
  }

  /** The build's verdicts: Holm over all its comparisons, then the gate's judge, test by test. */
  private static Map<String, List<Verdict>> verdicts(
      Map<String, BuildFamily.Member> tests, GateSettings gate) {
    Map<String, List<Verdict>> out = new LinkedHashMap<>();
    BuildFamily.compare(tests, gate.level())
        .forEach(
            (key, comparisons) ->
                out.put(key, comparisons.stream().map(c -> Judge.verdict(c, gate)).toList()));
    return out;
  }

  private static boolean any(Map<String, List<Verdict>> verdicts, Verdict verdict) {
    return verdicts.values().stream().anyMatch(v -> v.contains(verdict));
  }

  private static long passes(List<Verdict> verdicts) {
    return verdicts.stream().filter(v -> v == Verdict.PASS || v == Verdict.IMPROVEMENT).count();
  }

  /**
   * One test's interleaved pairs, {@code [side][metric][pair]} (side 0 the base): values of tps
   * around 1000, latencies around 2000 µs, the candidate {@code slowdown} slower.
   */
  static double[][][] job(
      SplittableRandom r, List<Metric> metrics, double noise, int pairs, double slowdown) {
    double[][][] values = new double[2][metrics.size()][pairs];
    double trend = TREND * Fixtures.gaussian(r);
    double slower = Math.log1p(slowdown);
    for (int i = 0; i < pairs; i++) {
      double drift = DRIFT * Fixtures.gaussian(r);
      // The order within the pair is random, so the trend favours either side.
      int first = r.nextBoolean() ? 0 : 1;
      int burst = r.nextDouble() < BURSTS ? (r.nextBoolean() ? 0 : 1) : -1;
      for (int side = 0; side < 2; side++) {
        double time = 2 * i + (side == first ? 0 : 1);
        double x = drift + trend * time + (side == burst ? Math.log(2) : 0);
        x += side == 1 ? slower : 0;
        double trial = Fixtures.gaussian(r);
        for (int m = 0; m < metrics.size(); m++) {
          double own = noise * (Math.sqrt(0.5) * trial + Math.sqrt(0.5) * Fixtures.gaussian(r));
          values[side][m][i] =
              metrics.get(m).higherIsBetter()
                  ? 1000 * Math.exp(-x - own)
                  : 2000 * Math.exp(x + own);
        }
      }
    }
    return values;
  }
}
