package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sequential stopping rule of one metric ({@link SequentialPairs}): its evidence against the
 * definition, computed with SciPy 1.17 by numerical integration, and its looks on small seeded
 * series. Its error rates over many seeded jobs are {@link SequentialPairsSimulationTest}'s.
 */
class SequentialPairsTest {

  @Test
  void theEvidenceIsTheMixtureLikelihoodRatioItClaimsToBe() {
    // scipy: integrate.quad over σ (prior 1/σ) and δ ~ N(0, 1) of prod norm.pdf(d, δσ, σ), over
    // the same without δ. d = [0.3, -0.1, 0.5, 0.2, 0.4, -0.05, 0.25], t = 2.56307...
    double[] d = {0.3, -0.1, 0.5, 0.2, 0.4, -0.05, 0.25};
    assertThat(Math.exp(SequentialPairs.logEvidence(7, square(t(d)))))
        .isCloseTo(3.00291784949741, within(1e-9));
    double[] small = {0.05, -0.02, 0.01, 0.03, -0.04};
    assertThat(Math.exp(SequentialPairs.logEvidence(5, square(t(small)))))
        .isCloseTo(0.43746835541179635, within(1e-9));
  }

  @Test
  void theCriticalTReachesExactlyTheEvidenceAsked() {
    for (int k : new int[] {3, 5, 12, 40}) {
      double c = SequentialPairs.criticalT(k, 1 / 0.2);
      if (Double.isFinite(c)) {
        assertThat(SequentialPairs.logEvidence(k, c * c)).isCloseTo(Math.log(5), within(1e-9));
      }
    }
    // scipy reference: 7.394 at 12 pairs for 0.005/9, where the fixed t-test needs 4.373.
    assertThat(SequentialPairs.criticalT(12, 9 / 0.005)).isCloseTo(7.393984159148694, within(1e-9));
    // With 3 pairs even pairs without spread cannot reach 1/0.2: the supremum is a^(ν/2) = 4.
    assertThat(SequentialPairs.criticalT(3, 5)).isInfinite();
    assertThat(SequentialPairs.criticalT(2, 5)).isInfinite();
  }

  @Test
  void aClearSlowdownSettlesAsARegressionLongBeforeTheCap() {
    SequentialPairs rule = new SequentialPairs(Metric.P50, 0.005, 9, 0.05, 40);
    SplittableRandom random = new SplittableRandom(29);
    double[] base = new double[40];
    double[] candidate = new double[40];
    for (int i = 0; i < 40; i++) {
      double drift = Math.exp(0.1 * Fixtures.gaussian(random));
      base[i] = 2000 * drift * Math.exp(0.05 * Fixtures.gaussian(random));
      candidate[i] = 2000 * 1.3 * drift * Math.exp(0.05 * Fixtures.gaussian(random));
    }
    SequentialPairs.Look look = firstStop(rule, base, candidate);
    assertThat(look.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(look.settled()).isTrue();
    assertThat(look.more()).isFalse();
    assertThat(look.pairs()).isLessThan(12);
    assertThat(look.comparison().pRegression()).isLessThan(0.005 / 9);
    assertThat(look.comparison().regression()).isGreaterThan(0.2);
  }

  @Test
  void aSlowdownTooSmallToSettleEarlyIsJudgedByTheCapsFixedTest() {
    // p50 about 11% slower, 5% noise: the looks need t of about 7.9 at 12 pairs (0.005/18), the
    // fixed t-test at the cap 4.8 (scipy: t.isf(0.005/18, 11)); these pairs have t = 6.93.
    double[] d = {0.12, 0.05, 0.18, 0.10, 0.02, 0.15, 0.09, 0.20, 0.07, 0.13, 0.11, 0.06};
    double[] base = new double[12];
    double[] candidate = new double[12];
    for (int i = 0; i < 12; i++) {
      base[i] = 2000;
      candidate[i] = 2000 * Math.exp(d[i]);
    }
    SequentialPairs rule = new SequentialPairs(Metric.P50, 0.005, 9, 0.05, 12);
    SequentialPairs.Look before = rule.look(Arrays.copyOf(base, 11), Arrays.copyOf(candidate, 11));
    assertThat(before.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(before.more()).isTrue();
    SequentialPairs.Look atCap = firstStop(rule, base, candidate);
    assertThat(atCap.pairs()).isEqualTo(12);
    assertThat(atCap.verdict()).isEqualTo(Verdict.REGRESSION);
    // scipy: 2 * t.sf(6.930664841023028, 11), the fixed test's p-value over its half of the level.
    assertThat(atCap.comparison().pRegression()).isCloseTo(2.48526227008045e-05, within(1e-12));
  }

  @Test
  void tpsThatDropsIsTheRegressionAndTpsThatRisesStopsAsAPass() {
    SequentialPairs rule = new SequentialPairs(Metric.TPS, 0.05, 1, 0.05, 20);
    SplittableRandom random = new SplittableRandom(7);
    double[] base = new double[20];
    double[] slower = new double[20];
    double[] faster = new double[20];
    for (int i = 0; i < 20; i++) {
      base[i] = 1000 * Math.exp(0.05 * Fixtures.gaussian(random));
      double noise = Math.exp(0.05 * Fixtures.gaussian(random));
      slower[i] = 800 * noise;
      faster[i] = 1250 * noise;
    }
    SequentialPairs.Look worse = firstStop(rule, base, slower);
    assertThat(worse.verdict()).isEqualTo(Verdict.REGRESSION);
    // Stopped when it was clear, so its estimate leans high (25% seen here for 20%).
    assertThat(worse.comparison().regression()).isBetween(0.1, 0.3);
    // 25% more tps: "no regression of the minimum effect" is settled (the upper bound is far
    // below it) before the improvement is clear at the level; the build's outcome is the same.
    SequentialPairs.Look better = firstStop(rule, base, faster);
    assertThat(better.verdict()).isEqualTo(Verdict.PASS);
    assertThat(better.pairs()).isLessThan(worse.pairs() + 3);
    assertThat(better.comparison().regression()).isLessThan(-0.1);
    // Its bound is below no change: no regression at all is left, so the detectable size is 0.
    assertThat(better.comparison().detectable()).isZero();
  }

  @Test
  void anImprovementIsNamedWhenAnotherMetricKeptTheTestRunning() {
    SequentialPairs rule = new SequentialPairs(Metric.P50, 0.05, 1, 0.05, 12);
    // Latency 20% lower: p50 settled as a pass after 4 pairs, but its test ran on for its p99;
    // the look on all 12 pairs is the verdict, and the improvement is clear by then.
    double[] base = {2000, 2100, 1950, 2050, 1980, 2020, 2070, 1990, 2010, 1960, 2040, 2000};
    double[] candidate = {1500, 1700, 1600, 1640, 1580, 1650, 1620, 1590, 1610, 1560, 1680, 1600};
    assertThat(firstStop(rule, base, candidate).verdict()).isEqualTo(Verdict.PASS);
    SequentialPairs.Look look = rule.look(base, candidate);
    assertThat(look.verdict()).isEqualTo(Verdict.IMPROVEMENT);
    assertThat(look.comparison().pImprovement()).isLessThan(0.05);
    assertThat(look.comparison().regression()).isCloseTo(-0.2, within(0.02));
  }

  @Test
  void quietUnchangedPairsSettleAsAPassBeforeTheCap() {
    SequentialPairs rule = new SequentialPairs(Metric.TPS, 0.005, 9, 0.05, 40);
    SplittableRandom random = new SplittableRandom(3);
    double[] base = new double[40];
    double[] candidate = new double[40];
    for (int i = 0; i < 40; i++) {
      base[i] = 1000 * Math.exp(0.02 * Fixtures.gaussian(random));
      candidate[i] = 1000 * Math.exp(0.02 * Fixtures.gaussian(random));
    }
    SequentialPairs.Look look = firstStop(rule, base, candidate);
    assertThat(look.verdict()).isEqualTo(Verdict.PASS);
    assertThat(look.pairs()).isLessThan(40);
    // What PASS means: the largest regression not ruled out is within the minimum effect.
    assertThat(look.comparison().detectable()).isLessThanOrEqualTo(0.05);
    assertThat(look.comparison().method()).isEqualTo(Comparison.Method.SEQUENTIAL_T);
  }

  @Test
  void noisyPairsAtTheCapAreInconclusiveSayingWhatTheyCouldNotRuleOut() {
    SequentialPairs rule = new SequentialPairs(Metric.P99, 0.005, 9, 0.05, 12);
    // p99 under busy loops: pairs 20-40% apart either way, no change on average.
    double[] d = {0.3, -0.35, 0.2, -0.1, 0.45, -0.3, 0.05, -0.2, 0.35, -0.4, 0.1, 0.15};
    double[] base = new double[12];
    double[] candidate = new double[12];
    for (int i = 0; i < 12; i++) {
      base[i] = 5000;
      candidate[i] = 5000 * Math.exp(d[i]);
    }
    // At the cap: whatever the pairs showed, no more.
    SequentialPairs.Look look = rule.look(base, candidate);
    assertThat(look.pairs()).isEqualTo(12);
    assertThat(look.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(look.settled()).isFalse();
    assertThat(look.more()).isFalse();
    assertThat(look.comparison().detectable()).isGreaterThan(0.05);
    // Before it, from the 8th pair on, a look whose pairs show no worsening and whose spread
    // could not rule out 5% even at the cap stops as futile: unsettled, and wanting no more.
    SequentialPairs.Look futile = firstStop(rule, base, candidate);
    assertThat(futile.pairs()).isBetween(SequentialPairs.FUTILE_FROM, 11);
    assertThat(futile.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(futile.settled()).isFalse();
    assertThat(futile.more()).isFalse();
    assertThat(futile.comparison().regression()).isLessThanOrEqualTo(0);
    assertThat(SequentialPairs.futile(futile.comparison(), 12, 0.05)).isTrue();
    // A cap far enough away would rule 5% out for a change of zero: not futile there.
    assertThat(SequentialPairs.futile(futile.comparison(), 4000, 0.05)).isFalse();
    // The same figures through the build's family and the gate's judge: still inconclusive.
    GateSettings settings = GateSettings.defaults();
    Comparison adjusted = family(look.comparison(), 9).get(0);
    assertThat(Judge.verdict(adjusted, settings)).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void aRegressionSettledAtItsShareOfTheLevelStaysOneUnderHolm() {
    SequentialPairs rule = new SequentialPairs(Metric.P50, 0.005, 9, 0.05, 40);
    // 30% slower; in a family of 9 at 0.005 no look before 9 pairs can settle (E_8 ≤ 9^3.5).
    double[] base = {2000, 2100, 1950, 2050, 1980, 2020, 2070, 1990, 2010, 1960, 2040, 2000};
    double[] candidate = {2600, 2750, 2500, 2700, 2550, 2620, 2680, 2590, 2640, 2530, 2660, 2610};
    SequentialPairs.Look look = firstStop(rule, base, candidate);
    assertThat(look.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(look.pairs()).isEqualTo(9);
    Comparison adjusted = family(look.comparison(), 9).get(0);
    assertThat(adjusted.pRegression()).isLessThan(0.005);
    assertThat(Judge.verdict(adjusted, GateSettings.defaults())).isEqualTo(Verdict.REGRESSION);
  }

  @Test
  void aLookBeforeThreePairsHasNoPValueAndWantsMore() {
    SequentialPairs rule = new SequentialPairs(Metric.TPS, 0.05, 1, 0.05, 12);
    SequentialPairs.Look look = rule.look(new double[] {1000, 1010}, new double[] {500, 510});
    assertThat(look.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(look.more()).isTrue();
    assertThat(look.comparison().pRegression()).isNaN();
  }

  @Test
  void theRuleRefusesWhatIsNotPairsWithinTheCap() {
    SequentialPairs rule = new SequentialPairs(Metric.TPS, 0.05, 1, 0.05, 3);
    assertThatThrownBy(() -> rule.look(new double[] {1, 2}, new double[] {1}))
        .hasMessageContaining("pairs need one of each");
    assertThatThrownBy(() -> rule.look(new double[] {1, 2, 3, 4}, new double[] {1, 2, 3, 4}))
        .hasMessageContaining("more than the cap of 3");
    assertThatThrownBy(() -> rule.look(new double[] {1, 0, 3}, new double[] {1, 2, 3}))
        .hasMessageContaining("not a positive number");
    assertThatThrownBy(() -> new SequentialPairs(Metric.TPS, 0.05, 1, 0.05, 2))
        .hasMessageContaining("at least 3");
  }

  /**
   * Looks after every pair, as the comparison's loop would, until the rule wants no more (or the
   * pairs given run out).
   */
  static SequentialPairs.Look firstStop(SequentialPairs rule, double[] base, double[] candidate) {
    for (int n = 1; ; n++) {
      SequentialPairs.Look look = rule.look(Arrays.copyOf(base, n), Arrays.copyOf(candidate, n));
      if (!look.more() || n == base.length) {
        return look;
      }
    }
  }

  /** {@code c} in a build family of {@code size} comparisons, the others unchanged tests. */
  private static List<Comparison> family(Comparison c, int size) {
    Map<String, BuildFamily.Member> tests = new LinkedHashMap<>();
    tests.put("changed", new BuildFamily.Member(1, level -> List.of(c)));
    Comparison unchanged =
        new Comparison(c.metric(), 12, 12, 1, 1, 0, 0.6, 0.4, 0.04, 0.05, 1, 1, c.method());
    for (int i = 1; i < size; i++) {
      tests.put("unchanged" + i, new BuildFamily.Member(1, level -> List.of(unchanged)));
    }
    return BuildFamily.compare(tests, 0.005).get("changed");
  }

  private static double t(double[] d) {
    double mean = BuildComparison.mean(d);
    double sd = Math.sqrt(BuildComparison.squares(d, mean) / (d.length - 1));
    return mean / (sd / Math.sqrt(d.length));
  }

  private static double square(double x) {
    return x * x;
  }
}
