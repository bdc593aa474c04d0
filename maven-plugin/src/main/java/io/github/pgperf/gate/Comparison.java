package io.github.pgperf.gate;

/**
 * The statistics of one metric of one test: baseline samples against candidate samples, compared
 * as Welch's t-test on the logarithms of the values (see {@code docs/gate.md}).
 *
 * @param metric the metric compared
 * @param baselineCount baseline samples
 * @param candidateCount candidate samples
 * @param baseline the baseline's geometric mean, in the metric's unit
 * @param candidate the candidate's geometric mean, in the metric's unit
 * @param regression how much worse the candidate is, as a fraction: for tps the fraction lost
 *     ({@code 0.2} = 20% fewer tps), for latency the fraction added ({@code 0.2} = 20% slower);
 *     negative when better
 * @param pRegression one-sided p-value of "the candidate is worse": the probability of a
 *     difference at least this bad if nothing changed
 * @param pImprovement one-sided p-value of "the candidate is better"
 * @param detectable the smallest regression (same scale as {@code regression}) these sample sizes
 *     and this noise detect with 80% probability at the configured level; infinite when the noise
 *     cannot be estimated (fewer than two samples on a side)
 * @param noise the pooled relative run-to-run noise (standard deviation of the log values)
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
    double noise) {

  /** Candidate over baseline minus one (geometric means): +0.1 is 10% more, whatever the metric. */
  public double change() {
    return candidate / baseline - 1;
  }
}
