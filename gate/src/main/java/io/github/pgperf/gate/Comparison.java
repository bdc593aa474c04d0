package io.github.pgperf.gate;

/**
 * The statistics of one metric of one test: the baseline's builds against the candidate's, compared
 * on the means of each build's log values ({@link BuildComparison}), or the base revision's trials
 * against the candidate's, paired as they ran interleaved in one job ({@link PairedComparison});
 * method in {@code docs/gate.md}.
 *
 * @param metric the metric compared
 * @param baselineCount baseline samples (trials, over all its builds); for a paired comparison, the
 *     pairs
 * @param candidateCount candidate samples (trials); for a paired comparison, the pairs
 * @param baseline the baseline's geometric mean, in the metric's unit
 * @param candidate the candidate's geometric mean, in the metric's unit
 * @param regression how much worse the candidate is, as a fraction: for tps the fraction lost
 *     ({@code 0.2} = 20% fewer tps), for latency the fraction added ({@code 0.2} = 20% slower);
 *     negative when better; from the geometric means, but for {@link Method#SIGNED_RANK} the pairs'
 *     Hodges-Lehmann estimate (an outlier pair pulls the means)
 * @param pRegression one-sided p-value of "the candidate is worse": the probability of a difference
 *     at least this bad if nothing changed
 * @param pImprovement one-sided p-value of "the candidate is better"
 * @param detectable the smallest regression (same scale as {@code regression}) these builds and
 *     this noise detect with 80% probability at the configured level; infinite when the noise
 *     cannot be estimated (too few baseline builds); for {@link Method#SEQUENTIAL_T} the largest
 *     regression the pairs have not ruled out, or at the cap the fixed test's if smaller
 * @param noise the relative noise of one trial, between builds and within them together (standard
 *     deviation of the log values); for a paired comparison the part pairing does not cancel (the
 *     pairs' log ratios' standard deviation over √2); NaN when not estimated
 * @param baselineBuilds the builds the baseline samples came from
 * @param candidateBuilds the builds the candidate samples came from (usually 1)
 * @param method how the p-values were found
 */
public record Comparison(
    Metric metric,
    int baselineCount,
    int candidateCount,
    double baseline,
    double candidate,
    double regression,
    double pRegression,
    double pImprovement,
    double detectable,
    double noise,
    int baselineBuilds,
    int candidateBuilds,
    Method method) {

  /**
   * How a comparison's p-values were found. A closed set: the gate's verdicts and messages depend
   * on it (a paired comparison's advice is more pairs, a build comparison's more baseline builds).
   */
  public enum Method {
    /** Student's t on build means: {@code pgperf:check} against a stored baseline. */
    BUILD_MEANS,
    /**
     * Student's t on the log ratios of interleaved base/candidate pairs: {@code pgperf:compare}.
     */
    PAIRED_T,
    /**
     * Wilcoxon's signed-rank test on the pairs' log ratios, used instead of the paired t when a
     * pair is an outlier (docs/gate.md).
     */
    SIGNED_RANK,
    /**
     * Sequential stopping of interleaved pairs ({@link SequentialPairs}): p-values of the mixture
     * sequential t-test on the pairs' log ratios and, at the cap, of the fixed paired test, valid
     * at whatever pair the test stopped; the detectable size is the largest regression the pairs
     * have not ruled out (the confidence sequence's upper bound at {@code POWER}), or at the cap
     * what its fixed test could detect if smaller, so the gate's rule "pass when the detectable
     * size is within the minimum effect" is the sequential test's "no regression of the minimum
     * effect" (docs/gate.md).
     */
    SEQUENTIAL_T;

    /** Whether the trials were compared as base/candidate pairs. */
    public boolean paired() {
      return this != BUILD_MEANS;
    }

    /**
     * Whether the pairs came one look at a time until the verdict settled ({@code compareTime}).
     */
    public boolean sequential() {
      return this == SEQUENTIAL_T;
    }
  }

  /** A comparison of build means ({@link Method#BUILD_MEANS}). */
  public Comparison(
      Metric metric,
      int baselineCount,
      int candidateCount,
      double baseline,
      double candidate,
      double regression,
      double pRegression,
      double pImprovement,
      double detectable,
      double noise,
      int baselineBuilds,
      int candidateBuilds) {
    this(
        metric,
        baselineCount,
        candidateCount,
        baseline,
        candidate,
        regression,
        pRegression,
        pImprovement,
        detectable,
        noise,
        baselineBuilds,
        candidateBuilds,
        Method.BUILD_MEANS);
  }

  /** This comparison with other p-values (adjusted for a family, {@link Holm}). */
  Comparison withP(double pRegression, double pImprovement) {
    return new Comparison(
        metric,
        baselineCount,
        candidateCount,
        baseline,
        candidate,
        regression,
        pRegression,
        pImprovement,
        detectable,
        noise,
        baselineBuilds,
        candidateBuilds,
        method);
  }

  /** Candidate over baseline minus one (geometric means): +0.1 is 10% more, whatever the metric. */
  public double change() {
    return candidate / baseline - 1;
  }
}
