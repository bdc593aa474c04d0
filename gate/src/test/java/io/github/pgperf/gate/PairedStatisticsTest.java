package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The paired comparison of interleaved trials and the build-wide family, against values computed
 * with NumPy 2.4 / SciPy 1.17 ({@code scipy.stats.ttest_1samp}, {@code scipy.stats.wilcoxon(...,
 * method='exact')}) from the method in docs/gate.md.
 */
class PairedStatisticsTest {

  private static final GateSettings DEFAULTS = GateSettings.defaults();

  @Test
  void pairedTOnTheLogRatiosMatchesScipy() {
    // d = ln(base / candidate) for tps; scipy: ttest_1samp(d, 0, alternative='greater').
    double[] base = {1000, 1040, 980, 1100, 1020, 990};
    double[] candidate = {900, 950, 900, 980, 930, 905};
    Comparison c = PairedComparison.compare(Metric.TPS, base, candidate, 0.005 / 3);
    assertThat(c.method()).isEqualTo(Comparison.Method.PAIRED_T);
    assertThat(c.pRegression()).isCloseTo(2.5817165638550876e-06, within(1e-15));
    assertThat(c.pImprovement()).isCloseTo(1 - 2.5817165638550876e-06, within(1e-12));
    assertThat(c.regression()).isCloseTo(0.09194296611375152, within(1e-12));
    // (t.isf(0.005/3, 5) + t.ppf(0.8, 5)) * sd(d) / sqrt(6), as tps lost.
    assertThat(c.detectable()).isCloseTo(0.028655273419354144, within(1e-10));
    assertThat(c.noise()).isCloseTo(0.00816567362900523, within(1e-12));
    assertThat(c.baselineCount()).isEqualTo(6);
    assertThat(c.candidateCount()).isEqualTo(6);
    assertThat(c.regression()).isCloseTo(-c.change(), within(1e-12));
  }

  @Test
  void anOutlierPairHandsTheDecisionToTheSignedRankTest() {
    // p99 of 20 pairs: the candidate about 10% slower (3% trial noise), one base trial hit by a
    // burst (9000 µs). The outlier drags the mean ratio to zero and inflates the t-test's spread
    // (t: p = 0.476); the signed-rank test and its Hodges-Lehmann estimate see the shift.
    double[] base = {
      1979, 2074, 2086, 2019, 2025, 1971, 1946, 9000, 1941, 2057, 1997, 2008, 1962, 1936, 1929,
      1950, 2036, 2001, 1973, 1986
    };
    double[] candidate = {
      2086, 2367, 2212, 2224, 2375, 2008, 2052, 2096, 2143, 2149, 2181, 2207, 2169, 1982, 2163,
      2250, 2269, 2154, 2131, 2018
    };
    Comparison c = PairedComparison.compare(Metric.P99, base, candidate, 0.005 / 3);
    assertThat(c.method()).isEqualTo(Comparison.Method.SIGNED_RANK);
    // scipy.stats.wilcoxon(d, alternative='greater' / 'less', method='exact')
    assertThat(c.pRegression()).isCloseTo(0.00035381317138671875, within(1e-12));
    assertThat(c.pImprovement()).isCloseTo(0.9997072219848633, within(1e-12));
    // expm1(median of the Walsh averages (d_i + d_j) / 2, i <= j)
    assertThat(c.regression()).isCloseTo(0.07988360977258112, within(1e-12));
    // (t.isf(0.005/3, 19) + t.ppf(0.8, 19)) * sqrt(pi/3) * 1.4826 * MAD / sqrt(20)
    assertThat(c.detectable()).isCloseTo(0.04344224550747666, within(1e-10));
    assertThat(c.noise()).isCloseTo(0.24497734952871952, within(1e-12));
    Finding f = Judge.judge("LedgerIT.transfer", c, DEFAULTS);
    assertThat(f.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(f.message())
        .contains("p99 regressed by 8.0%")
        .contains("a pair is an outlier, so the signed-rank test decides");
  }

  @Test
  void anOutlierAgainstTheChangeCanLeaveTheLevelOutOfReach() {
    // 12 pairs, 11 about 10% slower, the 12th's base trial hit by a burst: the best the rank test
    // could give with that pair ranked highest against the change is P(W+ >= 66) = 0.0171 (scipy:
    // the exact p-value of these very pairs), not below 0.005 / 3: nothing is detectable.
    double[] base = {2000, 2100, 1900, 2050, 2000, 1950, 2020, 2080, 1990, 2040, 1960, 9000};
    double[] candidate = {2200, 2330, 2080, 2260, 2190, 2150, 2230, 2300, 2170, 2260, 2150, 2210};
    Comparison c = PairedComparison.compare(Metric.P99, base, candidate, 0.005 / 3);
    assertThat(c.method()).isEqualTo(Comparison.Method.SIGNED_RANK);
    assertThat(c.pRegression()).isCloseTo(0.01708984375, within(1e-12));
    assertThat(PairedComparison.signedRankTail(12, 66)).isCloseTo(0.01708984375, within(1e-15));
    assertThat(c.detectable()).isInfinite();
    Finding f = Judge.judge("LedgerIT.transfer", c, DEFAULTS);
    assertThat(f.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(f.message()).contains("with 12 pairs it cannot reach the level");
  }

  @Test
  void theSignedRankTestCannotReachTheLevelWithFewPairs() {
    // 8 pairs: even all 8 worse gives p = 2^-8 = 0.0039, not below 0.005/3. Detectable infinite,
    // the verdict inconclusive, the advice more pairs.
    double[] base = {2000, 2100, 1900, 2050, 2000, 1950, 2020, 9000};
    double[] candidate = {2600, 2750, 2450, 2680, 2590, 2550, 2610, 2700};
    Comparison c = PairedComparison.compare(Metric.P50, base, candidate, 0.005 / 3);
    assertThat(c.method()).isEqualTo(Comparison.Method.SIGNED_RANK);
    assertThat(c.detectable()).isInfinite();
    Finding f = Judge.judge("OrdersIT.insert", c, DEFAULTS);
    assertThat(f.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(f.message())
        .contains("with 8 pairs it cannot reach the level")
        .contains("run more pairs with pgperf.pairs");
  }

  @Test
  void aClearPairedRegressionSaysSoWithItsPairs() {
    double[] base = {1000, 1040, 980, 1100, 1020, 990, 1010, 1030};
    double[] candidate = {700, 735, 690, 770, 716, 690, 705, 720};
    Comparison c = PairedComparison.compare(Metric.TPS, base, candidate, 0.005 / 3);
    Finding f = Judge.judge("OrdersIT.insert", c, DEFAULTS);
    assertThat(f.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(f.message())
        .startsWith("OrdersIT.insert: tps regressed by 29.9%")
        .contains("(base 1020.7 tps, candidate 715.3 tps, 8 pairs interleaved, change -29.9%)")
        .contains("below the level 0.0050");
  }

  @Test
  void fewerThanThreePairsGiveNoPValue() {
    Comparison c =
        PairedComparison.compare(
            Metric.TPS, new double[] {1000, 1010}, new double[] {500, 505}, 0.005);
    assertThat(c.pRegression()).isNaN();
    assertThat(c.detectable()).isInfinite();
    assertThat(c.regression()).isCloseTo(0.5, within(1e-9));
    Finding f = Judge.judge("OrdersIT.insert", c, DEFAULTS);
    assertThat(f.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(f.message()).contains("2 pairs, and at least 3 are needed");
  }

  @Test
  void samePairsInAnyOrderGiveTheSameResultBitForBit() {
    double[] base = {1000, 1040, 980, 1100, 1020, 990, 1010};
    double[] candidate = {950, 1000, 930, 1080, 990, 960, 1000};
    Comparison first = PairedComparison.compare(Metric.P50, base, candidate, 0.001);
    int[] order = {6, 2, 4, 0, 5, 1, 3};
    double[] b = new double[7];
    double[] c = new double[7];
    for (int i = 0; i < 7; i++) {
      b[i] = base[order[i]];
      c[i] = candidate[order[i]];
    }
    assertThat(PairedComparison.compare(Metric.P50, b, c, 0.001)).isEqualTo(first);
  }

  @Test
  void refusesUnequalSidesNoPairsAndValuesThatAreNotPositive() {
    assertThatThrownBy(
            () ->
                PairedComparison.compare(
                    Metric.TPS, new double[] {1, 2, 3}, new double[] {1, 2}, 0.01))
        .hasMessage("the base has 3 trials and the candidate 2: pairs need one of each");
    assertThatThrownBy(
            () -> PairedComparison.compare(Metric.TPS, new double[0], new double[0], 0.01))
        .hasMessage("no pairs");
    assertThatThrownBy(
            () ->
                PairedComparison.compare(
                    Metric.TPS, new double[] {1, 0, 2}, new double[] {1, 2, 3}, 0.01))
        .hasMessage("base sample 0.0 is not a positive number");
  }

  @Test
  void theBuildIsTheFamilyHolmAcrossAllTestsAndMetrics() {
    // One test 20% worse, p = 0.0007 (t on 5 baseline builds, one candidate build):
    // below the level alone, a REGRESSION in a build of that one test; in a build of 40 tests it
    // must pass Holm's first step, 0.005 / 120, and does not.
    List<double[]> baseline = builds(100, 104, 97, 101, 99);
    List<double[]> slower = builds(80);
    Map<String, Gate.Builds> one = new LinkedHashMap<>();
    one.put("slow", test(baseline, slower));
    Comparison alone = Gate.compare(one, DEFAULTS).get("slow").get(0);
    assertThat(alone.pRegression()).isBetween(0.0001, 0.005);
    assertThat(Judge.verdict(alone, DEFAULTS)).isEqualTo(Verdict.REGRESSION);

    Map<String, Gate.Builds> build = new LinkedHashMap<>(one);
    for (int t = 0; t < 39; t++) {
      build.put("same" + t, test(baseline, builds(100)));
    }
    Map<String, List<Comparison>> family = Gate.compare(build, DEFAULTS);
    Comparison inBuild = family.get("slow").get(0);
    // Holm: the smallest of 120 p-values times 120 (the 3 metrics of "slow" share one value).
    assertThat(inBuild.pRegression())
        .isCloseTo(Math.min(1, 120 * alone.pRegression() / 3), within(1e-12));
    assertThat(Judge.verdict(inBuild, DEFAULTS)).isNotEqualTo(Verdict.REGRESSION);
    // The detectable size is at the level a change in this test alone must pass: 0.005 / 120.
    assertThat(inBuild.detectable()).isGreaterThan(alone.detectable());
    assertThat(family.keySet()).first().isEqualTo("slow");
    assertThat(family.values()).allSatisfy(c -> assertThat(c).hasSize(3));
  }

  private static Gate.Builds test(List<double[]> baseline, List<double[]> candidate) {
    Map<Metric, List<double[]>> b = new LinkedHashMap<>();
    Map<Metric, List<double[]>> c = new LinkedHashMap<>();
    // Latencies the inverse of tps: every metric as much worse.
    for (Metric m : DEFAULTS.metrics()) {
      b.put(m, m.higherIsBetter() ? baseline : inverse(baseline));
      c.put(m, m.higherIsBetter() ? candidate : inverse(candidate));
    }
    return new Gate.Builds(b, c);
  }

  private static List<double[]> inverse(List<double[]> builds) {
    return builds.stream()
        .map(b -> java.util.Arrays.stream(b).map(v -> 1e5 / v).toArray())
        .toList();
  }

  private static List<double[]> builds(double... oneTrialEach) {
    return java.util.Arrays.stream(oneTrialEach).mapToObj(v -> new double[] {v}).toList();
  }
}
