package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules from comparison to verdict, at their edges. */
class VerdictTest {

  private static final GateSettings DEFAULTS = GateSettings.defaults();

  private static Comparison comparison(Metric m, double regression, double p, double detectable) {
    double change = m.higherIsBetter() ? -regression : regression;
    return new Comparison(
        m, 10, 10, 100, 100 * (1 + change), regression, p, 1 - p, detectable, 0.05, 5, 1);
  }

  @Test
  void regressionNeedsBothClarityAndSize() {
    assertThat(Judge.verdict(comparison(Metric.TPS, 0.30, 0.001, 0.04), DEFAULTS))
        .isEqualTo(Verdict.REGRESSION);
    // Clear but below the minimum effect: not a regression, and not a pass either.
    assertThat(Judge.verdict(comparison(Metric.TPS, 0.04, 0.0001, 0.03), DEFAULTS))
        .isEqualTo(Verdict.SMALL_REGRESSION);
    // Not clear, and the data could see 5%: a pass.
    assertThat(Judge.verdict(comparison(Metric.TPS, 0.04, 0.2, 0.03), DEFAULTS))
        .isEqualTo(Verdict.PASS);
    // Large but not clear: the data cannot tell.
    assertThat(Judge.verdict(comparison(Metric.TPS, 0.30, 0.02, 0.4), DEFAULTS))
        .isEqualTo(Verdict.INCONCLUSIVE);
    // p exactly at the level is not below it.
    assertThat(Judge.verdict(comparison(Metric.TPS, 0.30, 0.005, 0.04), DEFAULTS))
        .isNotEqualTo(Verdict.REGRESSION);
  }

  @Test
  void aClearRegressionWithinTheMinimumIsAWarningThatSaysWhy() {
    GateSettings thirty =
        new GateSettings(GateSettings.DEFAULT_LEVEL, 0.30, GateSettings.DEFAULT_METRICS, Map.of());
    Finding f = Judge.judge("Ledger-transfer", comparison(Metric.TPS, 0.165, 0.0001, 0.16), thirty);

    assertThat(f.verdict()).isEqualTo(Verdict.SMALL_REGRESSION);
    assertThat(f.action()).isEqualTo(Action.WARN);
    assertThat(f.message())
        .startsWith("Ledger-transfer: tps regressed by 16.5% (")
        .endsWith(
            "; p = 0.0001, below the level 0.0050, but not more than the minimum of 30.0%"
                + " (pgperf.minimumEffect): a warning");
    GateSettings failing =
        new GateSettings(
            GateSettings.DEFAULT_LEVEL,
            0.30,
            GateSettings.DEFAULT_METRICS,
            Map.of(Verdict.SMALL_REGRESSION, Action.FAIL));
    assertThat(Judge.judge("t", comparison(Metric.TPS, 0.165, 0.0001, 0.16), failing).action())
        .isEqualTo(Action.FAIL);
  }

  @Test
  void noClearChangePassesOnlyWhenTheMinimumWasDetectable() {
    assertThat(Judge.verdict(comparison(Metric.P99, 0.01, 0.3, 0.049), DEFAULTS))
        .isEqualTo(Verdict.PASS);
    assertThat(Judge.verdict(comparison(Metric.P99, 0.01, 0.3, 0.051), DEFAULTS))
        .isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void improvementIsClearAndLargeTheOtherWay() {
    Comparison faster = comparison(Metric.P50, -0.2, 0.9999, 0.04);
    assertThat(Judge.verdict(faster, DEFAULTS)).isEqualTo(Verdict.IMPROVEMENT);
    Comparison moreTps = comparison(Metric.TPS, -0.2, 0.9999, 0.04);
    assertThat(Judge.verdict(moreTps, DEFAULTS)).isEqualTo(Verdict.IMPROVEMENT);
  }

  private static java.util.List<double[]> builds(double... oneTrialEach) {
    return java.util.Arrays.stream(oneTrialEach).mapToObj(v -> new double[] {v}).toList();
  }

  @Test
  void messagesSayWhichTestMetricHowMuchAndHowSure() {
    Comparison c =
        BuildComparison.compare(
            Metric.TPS,
            builds(1000, 1010, 990, 1005, 995),
            java.util.List.of(new double[] {700, 707, 693}),
            0.005,
            3);
    Finding f = Judge.judge("OrdersIT.insert", c, DEFAULTS);
    assertThat(f.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(f.action()).isEqualTo(Action.FAIL);
    assertThat(f.message())
        .startsWith(
            "OrdersIT.insert: tps regressed by 30.0% (baseline 1000.0 tps"
                + " from 5 builds (5 trials), candidate 700.0 tps from 3 trials, change -30.0%); p = <0.0001,"
                + " below the level 0.0050, and more than the minimum of 5.0%");
    Finding few =
        Judge.judge(
            "k",
            BuildComparison.compare(Metric.P99, builds(1, 1.1), builds(2), 0.005, 3),
            DEFAULTS);
    assertThat(few.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(few.message())
        .contains("inconclusive: the baseline holds 2 builds, and at least 3" + " are needed")
        .contains("record more with mvn verify pgperf:baseline");
    Finding noisy =
        Judge.judge(
            "k",
            BuildComparison.compare(Metric.P99, builds(100, 130, 80), builds(110), 0.005, 3),
            DEFAULTS);
    assertThat(noisy.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(noisy.message())
        .contains("inconclusive: these builds could only detect a regression" + " of > 1000%");
  }

  @Test
  void detectableSizesAreCappedButChangesAreNot() {
    assertThat(Judge.detectable(38800235.797)).isEqualTo("> 1000%");
    assertThat(Judge.detectable(9.5)).isEqualTo("950.0%");
    assertThat(Judge.detectable(Double.POSITIVE_INFINITY)).isEqualTo("∞");
    assertThat(Judge.percent(11.299)).isEqualTo("1129.9%");
  }

  @Test
  void actionsAreConfigurableButPassIsNot() {
    GateSettings warnOnly =
        new GateSettings(
            0.01,
            0.1,
            List.of(Metric.TPS),
            Map.of(Verdict.REGRESSION, Action.WARN, Verdict.MISSING_BASELINE, Action.FAIL));
    assertThat(warnOnly.action(Verdict.REGRESSION)).isEqualTo(Action.WARN);
    assertThat(warnOnly.action(Verdict.MISSING_BASELINE)).isEqualTo(Action.FAIL);
    assertThat(warnOnly.action(Verdict.EMPTY_RESULTS)).isEqualTo(Action.FAIL);
    assertThat(warnOnly.action(Verdict.INCONCLUSIVE)).isEqualTo(Action.WARN);
    assertThat(warnOnly.action(Verdict.PASS)).isEqualTo(Action.PASS);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                new GateSettings(0.01, 0.1, List.of(Metric.TPS), Map.of(Verdict.PASS, Action.FAIL)))
        .hasMessage("PASS cannot be configured to FAIL");
  }

  @Test
  void settingsTextForms() {
    assertThat(GateSettings.parseFraction("5%", "x")).isEqualTo(0.05);
    assertThat(GateSettings.parseFraction(" 0.1 ", "x")).isEqualTo(0.1);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> GateSettings.parseFraction("five", "pgperf.minimumEffect"))
        .hasMessage("pgperf.minimumEffect must be a number such as 0.05 or 5%, not \"five\"");
    assertThat(GateSettings.parseMetrics("tps, P99 ,p99.9,tps"))
        .containsExactly(Metric.TPS, Metric.P99, Metric.P99_9);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> GateSettings.parseMetrics("tps,p42"))
        .hasMessage(
            "unknown metric \"p42\" (known: tps, mean, p50, p90, p95, p99, p99.9, cpu, clientCpu,"
                + " alloc, lockWait)");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Action.parse("maybe", "pgperf.onRegression"))
        .hasMessage("pgperf.onRegression must be \"fail\" or \"warn\", not \"maybe\"");
  }
}
