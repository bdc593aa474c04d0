package io.github.pgperf.gate;

/**
 * Sequential stopping for one metric of one test in {@code pgperf:compare}: after each new
 * interleaved pair, whether the verdict is settled (a {@link Verdict#REGRESSION}, an {@link
 * Verdict#IMPROVEMENT} or a {@link Verdict#PASS}: "no regression of the minimum effect") so that
 * the test may stop getting pairs, or more pairs are needed, up to the cap; at the cap, an
 * unsettled metric is {@link Verdict#INCONCLUSIVE}, saying what its pairs could detect.
 *
 * <p><b>The looks: the mixture sequential t-test</b> (Lai 1976, "On confidence sequences"; the
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
 * 1/α} is at most {@code α}. Hence {@code 1 / max E_k} over the looks so far (the worse-looking
 * ones, {@code d̄ > 0}) is a p-value valid at <b>any</b> stopping time: stopped early because it
 * was clear, at the cap, or because another metric of the test still wanted pairs. The same
 * inequality on the shifted pairs {@code d − c} gives a confidence sequence for the mean worsening,
 * {@code d̄ ± c_k·s/√k} with {@code E_k(c_k²) = 1/α}, valid at all looks at once.
 *
 * <p><b>The cap: the fixed test.</b> An always-valid test pays for its freedom: at a given number
 * of pairs it needs a larger {@code t} than the fixed t-test (at 0.005/9, 7.4 against 4.4 at 12
 * pairs, 4.9 against 3.5 at 40). A change too small to settle early would be caught far less often
 * at the cap than by a fixed design of the cap's pairs. So the level of each comparison is split
 * ({@link #LOOKS_SHARE}): half for the looks, half for {@link PairedComparison}'s fixed test
 * (paired t, or signed rank when a pair is an outlier) on the cap's pairs, a number of pairs fixed
 * before any was run. The comparison's p-value is the smaller of the two, each divided by its share
 * (Bonferroni): valid whatever pair the test stopped at, since a test that stopped early never
 * reaches the fixed test and that only removes chances of a false alarm.
 *
 * <ul>
 *   <li><b>REGRESSION</b> (IMPROVEMENT) is settled when that p-value of "worse" ("better") is below
 *       this comparison's share of the build's level, {@code level / comparisons} (Holm's first and
 *       strictest step), and the mean change exceeds the minimum effect, as {@link Judge} asks of a
 *       fixed number of pairs.
 *   <li><b>PASS</b> is settled when the confidence sequence's upper bound on the regression is at
 *       most the minimum effect: the one-sided test of "the regression is at least the minimum
 *       effect" rejects at {@link #PASS_ERROR} (1 − {@link BuildComparison#POWER}). A regression of
 *       exactly the minimum effect passes at most 20% of the time, a larger one less often: the 80%
 *       power that the fixed design's PASS ("would have detected the minimum") promises. So a clean
 *       A/A test stops early too, on quiet pairs long before the cap. An improvement usually
 *       settles as a PASS before it is clear as an IMPROVEMENT: the build's outcome is the same,
 *       and the pairs are for regressions.
 *   <li>at the cap, the fixed test's verdict joins: PASS also when it could have detected the
 *       minimum effect, else INCONCLUSIVE, its {@link Comparison#detectable()} the smaller of what
 *       the cap's test could detect and the confidence sequence's bound (regressions above it are
 *       ruled out).
 * </ul>
 *
 * <p><b>Why this and not the alternatives.</b> A group-sequential design (Lan-DeMets spending of
 * the level over planned looks, O'Brien-Fleming) has a little more power, but its p-value is only
 * valid for the planned looks, and needs the stages' joint distribution under unknown variance; a
 * test that a sibling metric keeps running, or a loop that looks when a slice happens to end,
 * breaks the plan. The mSPRT with a plug-in variance (the normal mixture with σ estimated) is
 * always valid only asymptotically: with 3-40 pairs the estimated σ is often small by chance, which
 * is exactly when it would stop. The mixture t-test integrates σ out instead, so it is exact at
 * every number of pairs for normal log ratios and needs no plan of looks; the only planned look is
 * the cap. Its p-values are valid p-values of whatever pair each test stopped at: <b>Holm over the
 * build's tests applies to them unchanged</b> ({@link BuildFamily}), with tests that stopped at
 * different pairs. A test that settled at {@code level / comparisons} stays a regression under Holm
 * (its adjusted p-value is at most {@code comparisons} times its own); a test that ran to the cap
 * may still become one at Holm's later steps.
 *
 * <p>{@link #PRIOR_VARIANCE} {@code g = 1} (changes of about one noise standard deviation of a
 * pair) was chosen among 0.25-4 in a NumPy prototype of the looks (docs/gate.md): power at 40 pairs
 * hardly depends on it; larger {@code g} settles large changes sooner, smaller waits longer.
 *
 * <p>The normal log ratios are an assumption of the looks: a burst on one side of a pair inflates
 * {@code s} and delays a verdict (power), but a symmetric burst does not make false alarms
 * (measured in {@code SequentialPairsSimulationTest}); the cap's fixed test has the rank test for
 * outliers.
 */
final class SequentialPairs {

  /**
   * The variance {@code g} of the prior on the standardized change {@code δ = μ/σ}: changes of
   * about one noise standard deviation of a pair's log ratio weigh most.
   */
  static final double PRIOR_VARIANCE = 1;

  /** The chance that a regression of exactly the minimum effect is let through as a PASS. */
  static final double PASS_ERROR = 1 - BuildComparison.POWER;

  /**
   * The share of a comparison's level that the looks before the cap spend; the rest is the fixed
   * test at the cap ({@link PairedComparison} on all the cap's pairs). Half and half: the looks
   * lose little (their threshold grows with the log of the level), and a change too small to settle
   * early is still judged at the cap nearly as sharply as by a fixed design.
   */
  static final double LOOKS_SHARE = 0.5;

  /**
   * From this many pairs a metric may stop as futile ({@link #futile}): with fewer, its spread is
   * too uncertain to say what its cap would bring.
   */
  static final int FUTILE_FROM = 8;

  private final Metric metric;
  private final double single;
  private final double minimumEffect;
  private final int cap;

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
    this.ruledOut = new double[cap + 1];
    for (int k = 0; k <= cap; k++) {
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
    double evidenceWorse = Double.NEGATIVE_INFINITY;
    double evidenceBetter = Double.NEGATIVE_INFINITY;
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
      double evidence = logEvidence(k, t * t);
      if (mean > 0) {
        evidenceWorse = Math.max(evidenceWorse, evidence);
      } else if (mean < 0) {
        evidenceBetter = Math.max(evidenceBetter, evidence);
      }
      if (!Double.isInfinite(ruledOut[k])) {
        upper = Math.min(upper, mean + se * ruledOut[k]);
      }
    }
    boolean tested = PairedComparison.tests(n);
    double regression = BuildComparison.fraction(metric, mean);
    // Bonferroni over the two parts: the looks' always-valid p-value at their share, the cap's
    // fixed test at the rest; the smaller, scaled, is a valid p-value at whatever pair it stops.
    double pRegression = Math.min(1, Math.exp(-evidenceWorse) / LOOKS_SHARE);
    double pImprovement = Math.min(1, Math.exp(-evidenceBetter) / LOOKS_SHARE);
    // The largest regression not ruled out; none at all when the bound is below no change.
    double detectable = Math.max(0, BuildComparison.fraction(metric, upper));
    if (n == cap) {
      Comparison last =
          PairedComparison.compare(metric, base, candidate, (1 - LOOKS_SHARE) * single);
      pRegression = Math.min(pRegression, last.pRegression() / (1 - LOOKS_SHARE));
      pImprovement = Math.min(pImprovement, last.pImprovement() / (1 - LOOKS_SHARE));
      // What the cap's test could detect, or the bound if that is smaller: a pass either way.
      detectable = Math.min(detectable, last.detectable());
    }
    Verdict verdict;
    if (!tested) {
      verdict = Verdict.INCONCLUSIVE;
    } else if (pRegression < single && regression > minimumEffect) {
      verdict = Verdict.REGRESSION;
    } else if (pImprovement < single && -regression > minimumEffect) {
      verdict = Verdict.IMPROVEMENT;
    } else if (detectable <= minimumEffect) {
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
            detectable,
            n > 1 ? Math.sqrt(squares / (n - 1)) / Math.sqrt(2) : Double.NaN,
            1,
            1,
            Comparison.Method.SEQUENTIAL_T);
    return new Look(
        verdict,
        settled,
        !settled && n < cap && !futile(comparison, cap, minimumEffect),
        comparison);
  }

  /**
   * Whether more pairs, up to the cap, cannot be expected to settle this metric: its pairs show no
   * worsening at all (so no REGRESSION is under way), and their spread is so large that at the cap
   * the confidence sequence's bound would not rule out the minimum effect even for a change of zero
   * (so no PASS either). Such a metric stops wanting pairs: a p99 latency of short slices on a busy
   * machine can need hundreds of pairs for either verdict. Stopping for futility is non-binding in
   * the group-sequential sense: it only ever removes chances of a verdict, so the level holds as
   * before; it costs power only where a true regression's pairs showed no worsening by the time
   * they were looked at (measured in {@code SequentialPairsSimulationTest}). From {@link
   * #FUTILE_FROM} pairs on, and never at the cap, where the fixed test decides.
   *
   * @param look a sequential comparison ({@link Comparison.Method#SEQUENTIAL_T}) before the cap:
   *     its change, its detectable size the bound, its pairs
   * @param cap the test's cap in pairs
   * @param minimumEffect the smallest regression that matters, a fraction
   */
  static boolean futile(Comparison look, int cap, double minimumEffect) {
    int n = look.baselineCount();
    if (n < FUTILE_FROM || n >= cap || !(look.regression() <= 0)) {
      return false;
    }
    Metric m = look.metric();
    double mean = worseLog(m, look.regression());
    double upper = worseLog(m, look.detectable());
    if (!Double.isFinite(upper) || upper <= mean) {
      return false;
    }
    // The bound's half width c_k·s/√k, carried to the cap with the same spread s.
    double atCap =
        (upper - mean)
            * criticalT(cap, 1 / PASS_ERROR)
            / criticalT(n, 1 / PASS_ERROR)
            * Math.sqrt((double) n / cap);
    return atCap > worseLog(m, minimumEffect);
  }

  /** The log worsening of a fraction ({@link BuildComparison#fraction}'s inverse). */
  private static double worseLog(Metric metric, double fraction) {
    return metric.higherIsBetter() ? -Math.log1p(-fraction) : Math.log1p(fraction);
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
