package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The distribution and the test against values computed by SciPy 1.17 (scipy.stats). */
class StatisticsTest {

  @Test
  void studentTMatchesScipy() {
    // scipy.stats.t.cdf(-1.3, 3.7), t.ppf(0.995, 7.3), t.cdf(2.5, 1)
    assertThat(StudentT.cdf(-1.3, 3.7)).isCloseTo(0.13433336208631375, within(1e-10));
    assertThat(StudentT.quantile(0.995, 7.3)).isCloseTo(3.451031655622185, within(1e-8));
    assertThat(StudentT.cdf(2.5, 1)).isCloseTo(0.8788810584091566, within(1e-10));
    assertThat(StudentT.cdf(0, 4)).isEqualTo(0.5);
    // Textbook table: t(0.975, 10) = 2.228139; huge df approaches the normal 1.959964.
    assertThat(StudentT.quantile(0.975, 10)).isCloseTo(2.228139, within(1e-6));
    assertThat(StudentT.quantile(0.975, 1e7)).isCloseTo(1.959964, within(1e-5));
    assertThat(StudentT.quantile(0.025, 10)).isCloseTo(-2.228139, within(1e-6));
    // I_0.5(2, 3) = 11/16 exactly.
    assertThat(StudentT.regularizedBeta(0.5, 2, 3)).isCloseTo(0.6875, within(1e-12));
  }

  @Test
  void welchOnLogsMatchesScipy() {
    double[] baseline = {100, 104, 97, 101, 99, 103.5};
    double[] candidate = {90, 93, 88, 95, 91};
    Comparison c = WelchTest.compare(Metric.TPS, baseline, candidate, 0.005);
    // scipy.stats.ttest_ind(log(c), log(b), equal_var=False, alternative='less').pvalue
    assertThat(c.pRegression()).isCloseTo(0.00020497597143849324, within(1e-9));
    assertThat(c.pImprovement()).isCloseTo(0.9997950240285615, within(1e-9));
    assertThat(c.baselineCount()).isEqualTo(6);
    assertThat(c.candidateCount()).isEqualTo(5);
    double gb = Math.exp((Math.log(100) + Math.log(104) + Math.log(97) + Math.log(101)
        + Math.log(99) + Math.log(103.5)) / 6);
    assertThat(c.baseline()).isCloseTo(gb, within(1e-9));
    // tps lost: 1 - candidate/baseline.
    assertThat(c.regression()).isCloseTo(1 - c.candidate() / c.baseline(), within(1e-12));
    assertThat(c.change()).isCloseTo(-c.regression(), within(1e-12));
  }

  @Test
  void latencyIsWorseWhenHigher() {
    double[] baseline = {1000, 1010, 990, 1005};
    double[] candidate = {1300, 1310, 1290, 1305};
    Comparison c = WelchTest.compare(Metric.P99, baseline, candidate, 0.005);
    assertThat(c.regression()).isCloseTo(0.3, within(0.005));
    assertThat(c.pRegression()).isLessThan(1e-6);
    Comparison tps = WelchTest.compare(Metric.TPS, baseline, candidate, 0.005);
    assertThat(tps.regression()).isLessThan(0);
    assertThat(tps.pImprovement()).isLessThan(1e-6);
  }

  @Test
  void detectableShrinksWithMoreTrialsAndGrowsWithNoise() {
    double[] quiet = {100, 101, 99, 100.5, 99.5};
    double[] noisy = {100, 110, 90, 105, 95};
    double[] quietMore = {100, 101, 99, 100.5, 99.5, 100, 101, 99, 100.5, 99.5};
    double q = WelchTest.compare(Metric.TPS, quiet, quiet, 0.005).detectable();
    double n = WelchTest.compare(Metric.TPS, noisy, noisy, 0.005).detectable();
    double m = WelchTest.compare(Metric.TPS, quietMore, quietMore, 0.005).detectable();
    assertThat(n).isGreaterThan(q);
    assertThat(m).isLessThan(q);
    assertThat(q).isGreaterThan(0);
  }

  @Test
  void oneSamplePerSideCannotMeasureNoise() {
    Comparison c = WelchTest.compare(Metric.TPS, new double[] {100}, new double[] {50}, 0.005);
    assertThat(c.pRegression()).isNaN();
    assertThat(c.detectable()).isInfinite();
    assertThat(c.regression()).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void identicalValuesNeedNoDistribution() {
    double[] same = {100, 100, 100};
    Comparison equal = WelchTest.compare(Metric.TPS, same, same, 0.005);
    assertThat(equal.pRegression()).isEqualTo(0.5);
    assertThat(equal.detectable()).isZero();
    Comparison worse = WelchTest.compare(Metric.TPS, same, new double[] {80, 80}, 0.005);
    assertThat(worse.pRegression()).isZero();
  }

  @Test
  void refusesValuesThatAreNotPositive() {
    assertThatThrownBy(() -> WelchTest.compare(Metric.TPS, new double[] {1, 0}, new double[] {1, 2}, 0.01))
        .hasMessage("baseline sample 0.0 is not a positive number");
    assertThatThrownBy(() -> WelchTest.compare(Metric.TPS, new double[] {1, 2}, new double[0], 0.01))
        .hasMessage("no candidate samples");
  }
}
