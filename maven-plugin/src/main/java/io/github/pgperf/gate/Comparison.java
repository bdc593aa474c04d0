package io.github.pgperf.gate;

/**
 * The statistics of one metric of one test: the baseline's builds against the candidate's,
 * compared on the means of each build's log values ({@link BuildComparison}, {@code docs/gate.md}).
 *
 * @param metric the metric compared
 * @param baselineCount baseline samples (trials, over all its builds)
 * @param candidateCount candidate samples (trials)
 * @param baseline the baseline's geometric mean, in the metric's unit
 * @param candidate the candidate's geometric mean, in the metric's unit
 * @param regression how much worse the candidate is, as a fraction: for tps the fraction lost
 *     ({@code 0.2} = 20% fewer tps), for latency the fraction added ({@code 0.2} = 20% slower);
 *     negative when better
 * @param pRegression one-sided p-value of "the candidate is worse": the probability of a
 *     difference at least this bad if nothing changed
 * @param pImprovement one-sided p-value of "the candidate is better"
 * @param detectable the smallest regression (same scale as {@code regression}) these builds and
 *     this noise detect with 80% probability at the configured level; infinite when the noise
 *     cannot be estimated (too few baseline builds)
 * @param noise the relative noise of one trial, between builds and within them together
 *     (standard deviation of the log values); NaN when not estimated
 * @param baselineBuilds the builds the baseline samples came from
 * @param candidateBuilds the builds the candidate samples came from (usually 1)
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
    int candidateBuilds) {

  /** Candidate over baseline minus one (geometric means): +0.1 is 10% more, whatever the metric. */
  public double change() {
    return candidate / baseline - 1;
  }
}
