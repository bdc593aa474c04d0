package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** The distribution and the build-level comparison against values computed by SciPy 1.17. */
class StatisticsTest {

  private static final int MIN = GateSettings.MINIMUM_BASELINE_BUILDS;

  private static List<double[]> builds(double... oneTrialEach) {
    return java.util.Arrays.stream(oneTrialEach).mapToObj(v -> new double[] {v}).toList();
  }

  @Test
  void studentTAsTheGateUsesItMatchesScipy() {
    // scipy.stats.t.cdf(-1.3, 3.7), t.ppf(0.995, 7.3), t.cdf(2.5, 1), t.sf(2.0, 3), t.isf(0.005, 2)
    assertThat(TDistribution.of(3.7).cumulativeProbability(-1.3))
        .isCloseTo(0.13433336208631375, within(1e-10));
    assertThat(TDistribution.of(7.3).inverseCumulativeProbability(0.995))
        .isCloseTo(3.451031655622185, within(1e-8));
    assertThat(TDistribution.of(1).cumulativeProbability(2.5))
        .isCloseTo(0.8788810584091566, within(1e-10));
    assertThat(TDistribution.of(3).survivalProbability(2.0))
        .isCloseTo(0.06966298427942152, within(1e-10));
    assertThat(TDistribution.of(2).inverseSurvivalProbability(0.005))
        .isCloseTo(9.924843200918293, within(1e-8));
  }

  @Test
  void oneTrialPerBuildIsAPredictionTestOnTheBuilds() {
    // The candidate build against 5 baseline builds: t = (mean(b) - c) / (s sqrt(1 + 1/5)), df 4.
    // scipy: t.sf(7.973957483492451, 4)
    Comparison c =
        BuildComparison.compare(Metric.TPS, builds(100, 104, 97, 101, 99), builds(80), 0.005, MIN);
    assertThat(c.pRegression()).isCloseTo(0.0006702074241914951, within(1e-12));
    assertThat(c.baselineBuilds()).isEqualTo(5);
    assertThat(c.candidateBuilds()).isEqualTo(1);
    assertThat(c.baselineCount()).isEqualTo(5);
    assertThat(c.regression()).isCloseTo(1 - c.candidate() / c.baseline(), within(1e-12));
    assertThat(c.change()).isCloseTo(-c.regression(), within(1e-12));
  }

  @Test
  void trialsOfABuildCountAsOneBuildNotAsIndependentSamples() {
    // 4 baseline builds of 3 trials whose builds differ by about 10%, each build tight inside; the
    // candidate build is 14% below the baseline's mean. Trials as independent samples would call it
    // certain; as builds it is within the builds' noise. Values computed with numpy/scipy from the
    // method in docs/gate.md: p = 0.10141054765824607, detectable 47.07% of tps.
    List<double[]> baseline =
        List.of(
            new double[] {100, 102, 101},
            new double[] {90, 91, 89},
            new double[] {110, 108, 111},
            new double[] {95, 97, 96});
    Comparison c =
        BuildComparison.compare(
            Metric.TPS, baseline, List.of(new double[] {85, 86, 84}), 0.005, MIN);
    assertThat(c.pRegression()).isCloseTo(0.10141054765824607, within(1e-12));
    assertThat(c.detectable()).isCloseTo(0.4707367616757563, within(1e-12));
    assertThat(c.noise()).isCloseTo(0.08398104704625067, within(1e-12));
    assertThat(c.baselineCount()).isEqualTo(12);
    assertThat(c.candidateCount()).isEqualTo(3);
    assertThat(Judge.verdict(c, GateSettings.defaults())).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void latencyIsWorseWhenHigher() {
    Comparison c =
        BuildComparison.compare(
            Metric.P99, builds(1000, 1010, 990, 1005), builds(1300), 0.005, MIN);
    assertThat(c.regression()).isCloseTo(0.3, within(0.01));
    assertThat(c.pRegression()).isLessThan(0.001);
    Comparison tps =
        BuildComparison.compare(
            Metric.TPS, builds(1000, 1010, 990, 1005), builds(1300), 0.005, MIN);
    assertThat(tps.regression()).isLessThan(0);
    assertThat(tps.pImprovement()).isLessThan(0.001);
  }

  @Test
  void detectableShrinksWithMoreBuildsAndGrowsWithTheirNoise() {
    double q =
        BuildComparison.compare(
                Metric.TPS, builds(100, 101, 99, 100.5, 99.5), builds(100), 0.005, MIN)
            .detectable();
    double n =
        BuildComparison.compare(Metric.TPS, builds(100, 110, 90, 105, 95), builds(100), 0.005, MIN)
            .detectable();
    double m =
        BuildComparison.compare(
                Metric.TPS,
                builds(100, 101, 99, 100.5, 99.5, 100, 101, 99, 100.5, 99.5),
                builds(100),
                0.005,
                MIN)
            .detectable();
    assertThat(n).isGreaterThan(q);
    assertThat(m).isLessThan(q);
    assertThat(q).isGreaterThan(0);
  }

  @Test
  void fewerBaselineBuildsThanTheMinimumGiveNoPValueHoweverManyTrials() {
    List<double[]> two =
        List.of(
            new double[] {100, 101, 99, 100, 101, 99},
            new double[] {100, 100.5, 99.5, 100, 101, 99});
    Comparison c =
        BuildComparison.compare(Metric.TPS, two, List.of(new double[] {50, 51, 49}), 0.005, MIN);
    assertThat(c.pRegression()).isNaN();
    assertThat(c.detectable()).isInfinite();
    assertThat(c.regression()).isCloseTo(0.5, within(0.01));
    assertThat(Judge.verdict(c, GateSettings.defaults())).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void identicalValuesNeedNoDistribution() {
    Comparison equal =
        BuildComparison.compare(Metric.TPS, builds(100, 100, 100), builds(100), 0.005, MIN);
    assertThat(equal.pRegression()).isEqualTo(0.5);
    assertThat(equal.detectable()).isZero();
    Comparison worse =
        BuildComparison.compare(Metric.TPS, builds(100, 100, 100), builds(80), 0.005, MIN);
    assertThat(worse.pRegression()).isZero();
  }

  @Test
  void refusesValuesThatAreNotPositiveAndEmptySides() {
    assertThatThrownBy(
            () -> BuildComparison.compare(Metric.TPS, builds(1, 0, 2), builds(1), 0.01, MIN))
        .hasMessage("baseline sample 0.0 is not a positive number");
    assertThatThrownBy(
            () -> BuildComparison.compare(Metric.TPS, builds(1, 2, 3), List.of(), 0.01, MIN))
        .hasMessage("no candidate builds");
    assertThatThrownBy(
            () ->
                BuildComparison.compare(
                    Metric.TPS, builds(1, 2, 3), List.of(new double[0]), 0.01, MIN))
        .hasMessage("a candidate build has no samples");
  }
}
