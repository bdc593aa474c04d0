package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The gate's promise on synthetic samples, with the default settings and the default number of
 * trials per side ({@link GateSettings#DEFAULT_TRIALS}) and 10% run-to-run noise: at most 1% false
 * alarms on A/A comparisons, at least 95% of 20% regressions caught, over 1000 seeded simulations.
 */
class SimulationTest {

  private static final int SIMULATIONS = 1000;
  private static final int N = GateSettings.DEFAULT_TRIALS;
  private static final GateSettings DEFAULTS = GateSettings.defaults();

  /** 10% lognormal noise: the value times exp(0.1 Z). */
  private static final Noise LOGNORMAL = (r, v) -> v * Math.exp(0.1 * Fixtures.gaussian(r));
  /** 10% normal noise: the value times (1 + 0.1 Z). */
  private static final Noise NORMAL = (r, v) -> v * (1 + 0.1 * Fixtures.gaussian(r));

  interface Noise {
    double apply(SplittableRandom random, double value);
  }

  private static int count(Metric metric, Noise noise, DoubleUnaryOperator candidateShift,
      Verdict wanted, long seedBase) {
    int hits = 0;
    for (int s = 0; s < SIMULATIONS; s++) {
      SplittableRandom random = new SplittableRandom(seedBase + s);
      double[] baseline = new double[N];
      double[] candidate = new double[N];
      for (int i = 0; i < N; i++) {
        baseline[i] = noise.apply(random, 1000);
        candidate[i] = noise.apply(random, candidateShift.applyAsDouble(1000));
      }
      Comparison c = WelchTest.compare(metric, baseline, candidate, DEFAULTS.level());
      if (Judge.verdict(c, DEFAULTS) == wanted) {
        hits++;
      }
    }
    return hits;
  }

  @Test
  void aaComparisonsRaiseAtMostOnePercentFalseAlarms() {
    for (Noise noise : new Noise[] {LOGNORMAL, NORMAL}) {
      for (Metric m : new Metric[] {Metric.TPS, Metric.P99}) {
        int alarms = count(m, noise, v -> v, Verdict.REGRESSION, 1_000_000);
        assertThat(alarms).as("false alarms of %s", m).isLessThanOrEqualTo(SIMULATIONS / 100);
        // Improvements claimed on A/A are false alarms too, of the other kind.
        assertThat(count(m, noise, v -> v, Verdict.IMPROVEMENT, 1_000_000))
            .isLessThanOrEqualTo(SIMULATIONS / 100);
      }
    }
  }

  @Test
  void twentyPercentRegressionsAreCaughtAtLeast95PercentOfTheTime() {
    for (Noise noise : new Noise[] {LOGNORMAL, NORMAL}) {
      // 20% fewer tps, and 20% more latency.
      assertThat(count(Metric.TPS, noise, v -> v * 0.8, Verdict.REGRESSION, 2_000_000))
          .isGreaterThanOrEqualTo(950);
      assertThat(count(Metric.P99, noise, v -> v * 1.2, Verdict.REGRESSION, 3_000_000))
          .isGreaterThanOrEqualTo(950);
    }
  }

  @Test
  void withTenPercentNoiseFivePercentIsNotDetectableSoAaIsInconclusiveNotPass() {
    // The honest answer: 14 trials a side cannot see a 5% change through 10% noise.
    int inconclusive = count(Metric.TPS, LOGNORMAL, v -> v, Verdict.INCONCLUSIVE, 4_000_000);
    assertThat(inconclusive).isGreaterThan(950);
    // With 1% noise they can, and A/A passes.
    Noise quiet = (r, v) -> v * Math.exp(0.01 * Fixtures.gaussian(r));
    assertThat(count(Metric.TPS, quiet, v -> v, Verdict.PASS, 5_000_000)).isGreaterThan(990);
  }

  @Test
  void sameInputsSameVerdictWhateverTheOrder() {
    SplittableRandom random = new SplittableRandom(42);
    double[] baseline = new double[N];
    double[] candidate = new double[N];
    for (int i = 0; i < N; i++) {
      baseline[i] = LOGNORMAL.apply(random, 1000);
      candidate[i] = LOGNORMAL.apply(random, 880);
    }
    Comparison first = WelchTest.compare(Metric.TPS, baseline, candidate, DEFAULTS.level());
    for (int round = 0; round < 50; round++) {
      shuffle(baseline, random);
      shuffle(candidate, random);
      Comparison again = WelchTest.compare(Metric.TPS, baseline, candidate, DEFAULTS.level());
      // Bit for bit, not just the same verdict: sums are taken in sorted order.
      assertThat(again).isEqualTo(first);
      assertThat(Judge.judge("k", again, DEFAULTS)).isEqualTo(Judge.judge("k", first, DEFAULTS));
    }
  }

  private static void shuffle(double[] values, SplittableRandom random) {
    for (int i = values.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      double t = values[i];
      values[i] = values[j];
      values[j] = t;
    }
  }
}
