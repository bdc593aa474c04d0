package io.github.pgperf.gate;

/**
 * Sequential stopping for one metric of one test in {@code pgperf:compare}: after each new
 * interleaved pair, whether the verdict is settled (a {@link Verdict#REGRESSION}, an {@link
 * Verdict#IMPROVEMENT} or a {@link Verdict#PASS}: "no regression of the minimum effect") so that
 * the test may stop getting pairs, or more pairs are needed, up to the cap; at the cap, an
 * unsettled metric is {@link Verdict#INCONCLUSIVE}, saying which regressions its pairs could not
 * rule out.
 *
 * <p><b>The method: the mixture sequential t-test</b> (Lai 1976, "On confidence sequences"; the
 * scale-invariant Bayes factor of Rouder et al. 2009 with a normal prior on the standardized
 * change, which Pérez-Ortiz, Lardy, de Heide and Grünwald 2024 show is an e-process). On the pairs'
 * worsenings {@code d} ({@link PairedComparison#worsening}: positive when the candidate is worse),
 * with {@code k} pairs, mean {@code d̄}, standard deviation {@code s}, {@code t = d̄ / (s/√k)},
 * {@code ν = k − 1} and {@code a = 1 + k·g}:
 *
 * <pre>  E_k = a^(−1/2) · ((1 + t²/ν) / (1 + t²/(a·ν)))^(k/2)</pre>
 *
 * is the likelihood ratio of "the mean worsening is δ·σ, δ drawn from N(0, g)" against "it is 0",
 * with the unknown noise σ integrated out under its invariant prior 1/σ. When nothing changed,
 * whatever σ, {@code E_k} is a nonnegative martingale with mean 1 (in {@code k}, given the pairs'
 * ratios to each other), so by Ville's inequality the chance that it <b>ever</b> reaches {@code
 * 1/α} is at most {@code α}. Hence {@code p = 1 / max E_k} over the looks so far (the worse-looking
 * ones, {@code d̄ > 0}) is a p-value valid at <b>any</b> stopping time: stopped early because it
 * was clear, at the cap, or because another metric of the test still wanted pairs. The same
 * inequality on the shifted pairs {@code d − c} gives a confidence sequence for the mean worsening,
 * {@code d̄ ± c_k·s/√k} with {@code E_k(c_k²) = 1/α}, valid at all looks at once.
 *
 * <ul>
 *   <li><b>REGRESSION</b> (IMPROVEMENT) is settled when the always-valid p-value of "worse"
 *       ("better") is below this comparison's share of the build's level, {@code level /
 *       comparisons} (Holm's first and strictest step), and the mean change exceeds the minimum
 *       effect, as {@link Judge} asks of a fixed number of pairs.
 *   <li><b>PASS</b> is settled when the confidence sequence's upper bound on the regression is at
 *       most the minimum effect: the one-sided test of "the regression is at least the minimum
 *       effect" rejects at {@link #PASS_ERROR} (1 − {@link BuildComparison#POWER}). A regression of
 *       exactly the minimum effect passes at most 20% of the time, a larger one less often: the 80%
 *       power that the fixed design's PASS ("would have detected the minimum") promises. So a clean
 *       A/A test stops early too; on quiet pairs long before the cap.
 *   <li>at the cap, an unsettled metric is INCONCLUSIVE, and its {@link Comparison#detectable()} is
 *       the upper bound: the pairs rule out only regressions above it.
 * </ul>
 *
 * <p><b>Why this and not the alternatives.</b> A group-sequential design (Lan-DeMets spending of
 * the level over planned looks, O'Brien-Fleming) has a little more power at the cap, but its
 * p-value is only valid for the planned looks and the sample-space ordering of its stages; a test
 * that a sibling metric keeps running, or a loop that looks at irregular times, breaks it. The
 * mSPRT with a plug-in variance (the normal mixture with σ estimated) is always valid only
 * asymptotically: with 3-40 pairs the estimated σ is often small by chance, which is exactly when
 * it would stop. The mixture t-test integrates σ out instead, so it is exact at every number of
 * pairs for normal log ratios, needs no plan of looks, and its p-values are valid p-values of
 * whatever pair each test stopped at: <b>Holm over the build's tests applies to them unchanged</b>
 * ({@link BuildFamily}), with tests that stopped at different pairs. A test that stopped at {@code
 * level / comparisons} stays a regression under Holm (its adjusted p-value is at most {@code
 * comparisons} times its own); a test that ran to the cap may still become one at Holm's later
 * steps.
 *
 * <p>The price: at a given number of pairs the mixture t-test needs a larger {@code t} than the
 * fixed t-test (at 0.005/9, 7.4 against 4.4 at 12 pairs, 4.9 against 3.5 at 40), so at the cap it
 * catches less than a fixed design of the cap's pairs; it makes up by stopping clear cases early.
 * {@link #PRIOR_VARIANCE} {@code g = 1} (changes of about one noise standard deviation) was chosen
 * among 0.25-4 by the simulation in docs/gate.md: smaller {@code g} waits longer for small changes,
 * larger ones settle large changes sooner but small ones later.
 *
 * <p>The normal log ratios are an assumption: a burst on one side of a pair inflates {@code s} and
 * delays a verdict (power), but a symmetric burst does not make false alarms (measured in {@code
 * SequentialPairsSimulationTest}). Unlike {@link PairedComparison}, there is no rank test on the
 * outlier path.
 */
final class SequentialPairs {

  /**
   * The variance {@code g} of the prior on the standardized change {@code δ = μ/σ}: changes of
   * about one noise standard deviation of a pair's log ratio weigh most.
   */
  static final double PRIOR_VARIANCE = 1;

  /** The chance that a regression of exactly the minimum effect is let through as a PASS. */
  static final double PASS_ERROR = 1 - BuildComparison.POWER;

  private final Metric metric;
  private final double single;
  private final double minimumEffect;
  private final int cap;

  /** {@code c_k} for this comparison's level, by pairs {@code k}: infinite where unreachable. */
  private final double[] clear;

  /**
   * {@code c_k} for {@link #PASS_ERROR}, the confidence sequence's half width in standard errors.
   */
  private final double[] ruledOut;

  /**
   * What the pairs so far say.
   *
   * @param verdict the verdict on all pairs so far: REGRESSION, IMPROVEMENT or PASS when settled,
   *     else INCONCLUSIVE (what it is if no more pairs are run)
   * @param settled whether the verdict is settled: this metric needs no more pairs
   * @param more whether this metric wants another pair: not settled, and fewer pairs than the cap
   * @param comparison the figures for the build's family ({@link BuildFamily}) and {@link Judge}:
   *     always-valid p-values, the mean change, and as the detectable size the largest regression
   *     not ruled out ({@link Comparison.Method#SEQUENTIAL_T})
   */
  record Look(Verdict verdict, boolean settled, boolean more, Comparison comparison) {

    /** The pairs this look saw. */
    int pairs() {
      return comparison.baselineCount();
    }
  }

  /**
   * The stopping rule of one metric of one test.
   *
   * @param metric the metric, for the sign of a worsening (tps lower, latency higher)
   * @param level the build's family-wise level ({@link GateSettings#level()})
   * @param comparisons how many comparisons the build's family has (every test's metrics): each
   *     look tests at {@code level / comparisons}
   * @param minimumEffect the smallest regression that matters, a fraction
   * @param cap the most pairs this test will ever get ({@code pgperf.compareTime})
   * @throws IllegalArgumentException for a level outside (0, 0.5), no comparisons, a minimum effect
   *     outside [0, 1), or a cap below {@value PairedComparison#MINIMUM_PAIRS}
   */
  SequentialPairs(Metric metric, double level, int comparisons, double minimumEffect, int cap) {
    if (!(level > 0 && level < 0.5)) {
      throw new IllegalArgumentException("level must be above 0 and below 0.5, not " + level);
    }
    if (comparisons < 1) {
      throw new IllegalArgumentException("the family needs a comparison, not " + comparisons);
    }
    if (!(minimumEffect >= 0 && minimumEffect < 1)) {
      throw new IllegalArgumentException(
          "minimum effect must be at least 0 and below 1 (a fraction), not " + minimumEffect);
    }
    if (cap < PairedComparison.MINIMUM_PAIRS) {
      throw new IllegalArgumentException(
          "a cap of "
              + cap
              + " pairs, and at least "
              + PairedComparison.MINIMUM_PAIRS
              + " are needed");
    }
    this.metric = metric;
    this.single = level / comparisons;
    this.minimumEffect = minimumEffect;
    this.cap = cap;
    this.clear = new double[cap + 1];
    this.ruledOut = new double[cap + 1];
    for (int k = 0; k <= cap; k++) {
      clear[k] = criticalT(k, 1 / single);
      ruledOut[k] = criticalT(k, 1 / PASS_ERROR);
    }
  }

  /**
   * The look after the pairs so far: {@code base[i]} and {@code candidate[i]} ran side by side, in
   * pair order (the evidence is accumulated look by look, so the order is the order they ran).
   *
   * @throws IllegalArgumentException when there is no pair, more pairs than the cap, the sides
   *     differ in length, or a value is not positive and finite
   */
  Look look(double[] base, double[] candidate) {
    if (base.length != candidate.length) {
      throw new IllegalArgumentException(
          "the base has "
              + base.length
              + " trials and the candidate "
              + candidate.length
              + ": pairs need one of each");
    }
    int n = base.length;
    if (n == 0) {
      throw new IllegalArgumentException("no pairs");
    }
    if (n > cap) {
      throw new IllegalArgumentException(n + " pairs, more than the cap of " + cap);
    }
    double[] b = PairedComparison.logs(base, "base");
    double[] c = PairedComparison.logs(candidate, "candidate");
    // Every earlier look is part of this one: the p-values are the smallest 1/E_k so far and the
    // bound the smallest upper bound so far, which is what keeps them valid at any stop.
    double mean = 0;
    double squares = 0;
    double pRegression = 1;
    double pImprovement = 1;
    double upper = Double.POSITIVE_INFINITY;
    for (int k = 1; k <= n; k++) {
      double d = PairedComparison.worsening(metric, b[k - 1], c[k - 1]);
      double delta = d - mean;
      mean += delta / k;
      squares += delta * (d - mean);
      if (!PairedComparison.tests(k)) {
        continue;
      }
      double se = Math.sqrt(squares / (k - 1) / k);
      double t = se > 0 ? mean / se : mean == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, mean);
      double p = Math.min(1, Math.exp(-logEvidence(k, t * t)));
      if (mean > 0) {
        pRegression = Math.min(pRegression, p);
      } else if (mean < 0) {
        pImprovement = Math.min(pImprovement, p);
      }
      if (!Double.isInfinite(ruledOut[k])) {
        upper = Math.min(upper, mean + se * ruledOut[k]);
      }
    }
    boolean tested = PairedComparison.tests(n);
    double regression = BuildComparison.fraction(metric, mean);
    double bound = BuildComparison.fraction(metric, upper);
    Verdict verdict;
    if (!tested) {
      verdict = Verdict.INCONCLUSIVE;
    } else if (pRegression < single && regression > minimumEffect) {
      verdict = Verdict.REGRESSION;
    } else if (pImprovement < single && -regression > minimumEffect) {
      verdict = Verdict.IMPROVEMENT;
    } else if (bound <= minimumEffect) {
      verdict = Verdict.PASS;
    } else {
      verdict = Verdict.INCONCLUSIVE;
    }
    boolean settled = verdict != Verdict.INCONCLUSIVE;
    Comparison comparison =
        new Comparison(
            metric,
            n,
            n,
            Math.exp(BuildComparison.mean(b)),
            Math.exp(BuildComparison.mean(c)),
            regression,
            tested ? pRegression : Double.NaN,
            tested ? pImprovement : Double.NaN,
            bound,
            n > 1 ? Math.sqrt(squares / (n - 1)) / Math.sqrt(2) : Double.NaN,
            1,
            1,
            Comparison.Method.SEQUENTIAL_T);
    return new Look(verdict, settled, !settled && n < cap, comparison);
  }

  /**
   * {@code ln E_k}: the log of the mixture t-test's evidence after {@code k} pairs with the squared
   * t statistic {@code t2} (infinite when the pairs have no spread; {@code E_k} is then its
   * supremum {@code a^(ν/2)}).
   */
  static double logEvidence(int k, double t2) {
    int nu = k - 1;
    double a = 1 + k * PRIOR_VARIANCE;
    if (Double.isInfinite(t2)) {
      return nu / 2.0 * Math.log(a);
    }
    return -0.5 * Math.log(a) + k / 2.0 * (Math.log1p(t2 / nu) - Math.log1p(t2 / (a * nu)));
  }

  /**
   * The |t| at which the evidence after {@code k} pairs reaches {@code evidence}: solving {@code
   * E_k = evidence} for {@code x = t²/ν}, {@code (1 + x) / (1 + x/a) = R} with {@code R =
   * (evidence·√a)^(2/k)}. Infinite when even pairs without spread (the supremum {@code a^(ν/2)})
   * cannot reach it, or with fewer than {@value PairedComparison#MINIMUM_PAIRS} pairs.
   */
  static double criticalT(int k, double evidence) {
    if (!PairedComparison.tests(k)) {
      return Double.POSITIVE_INFINITY;
    }
    int nu = k - 1;
    double a = 1 + k * PRIOR_VARIANCE;
    double logR = 2 * (Math.log(evidence) + 0.5 * Math.log(a)) / k;
    if (logR >= Math.log(a)) {
      return Double.POSITIVE_INFINITY;
    }
    double r = Math.exp(logR);
    return Math.sqrt(nu * (r - 1) / (1 - r / a));
  }
}
