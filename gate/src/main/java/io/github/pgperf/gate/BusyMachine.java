package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleBinaryOperator;

/**
 * Whether this build ran on a machine other jobs kept busier than in every baseline build, from
 * each run's share of the machine's CPU that neither pgperf nor the server used ({@link
 * Sample#othersShare()}). Such a build's timing is slower for reasons that are not in the code: on
 * a 2-core runner, two busy loops beside the tests cut tps by 85% in A/A builds of the example,
 * which the baseline's builds, whatever their spread, cannot tell from a regression. Its timing
 * REGRESSIONs (and the resources', but for lock waits) are then reported as INCONCLUSIVE, with the
 * figures; work findings are not touched (they do not depend on the machine), and a build that
 * passes on a busier machine passes.
 *
 * @param candidateLeast the least share others took in any of this build's trials
 * @param baselineMost the most they took in any baseline sample of the same setup
 */
public record BusyMachine(double candidateLeast, double baselineMost) {

  /**
   * How much more of the machine others must have taken in every trial than in any baseline sample:
   * a fifth of the machine, several times the spread between quiet builds.
   */
  public static final double BUSIER_BY = 0.20;

  /** The shares of {@code now} and {@code before}; NaN where any sample does not know its own. */
  static BusyMachine of(List<Sample> now, List<Sample> before) {
    return new BusyMachine(extreme(now, Math::min), extreme(before, Math::max));
  }

  /** Whether every trial of this build was busier than every baseline sample, by the margin. */
  boolean busier() {
    return !Double.isNaN(candidateLeast)
        && !Double.isNaN(baselineMost)
        && candidateLeast > baselineMost + BUSIER_BY;
  }

  /** {@code timing}, each REGRESSION made INCONCLUSIVE when the machine was busier. */
  List<Finding> judge(String key, List<Finding> timing, GateSettings settings) {
    if (!busier()) {
      return timing;
    }
    List<Finding> out = new ArrayList<>();
    for (Finding f : timing) {
      // Lock waits stay: clients blocked on a lock leave their cores to whatever else runs, so a
      // lock-wait regression itself makes the machine look busier (a hot row under busy loops:
      // others took 54% of the CPU in the baseline's runs, 76% in the candidate's).
      if (f.verdict() != Verdict.REGRESSION || f.metric() == Metric.LOCK_WAIT) {
        out.add(f);
        continue;
      }
      String measured =
          f.message().startsWith(key + ": ")
              ? f.message().substring(key.length() + 2)
              : f.message();
      String message =
          String.format(
              Locale.ROOT,
              "%s: %s inconclusive: the machine was busier"
                  + " than in every baseline build (other processes took at least %.0f%% of its CPU in"
                  + " this build's trials, at most %.0f%% in the baseline's), so a slowdown cannot be told"
                  + " from the machine's; measured: %s; compare with the base revision on the same"
                  + " machine with mvn verify pgperf:compare",
              key,
              f.metric() == null ? "timing" : f.metric().label(),
              100 * candidateLeast,
              100 * baselineMost,
              measured);
      out.add(
          new Finding(
              key,
              f.metric(),
              Verdict.INCONCLUSIVE,
              settings.action(Verdict.INCONCLUSIVE),
              message,
              f.comparison(),
              f.work(),
              f.detail(),
              f.items()));
    }
    return out;
  }

  /**
   * The least or the most share of the machine other processes took over {@code samples} ({@code
   * pick} is {@link Math#min} or {@link Math#max}); NaN when there is none or a sample did not
   * measure it.
   */
  private static double extreme(List<Sample> samples, DoubleBinaryOperator pick) {
    if (samples.isEmpty()) {
      return Double.NaN;
    }
    double extreme = samples.get(0).othersShare();
    for (Sample s : samples) {
      if (Double.isNaN(s.othersShare())) {
        return Double.NaN;
      }
      extreme = pick.applyAsDouble(extreme, s.othersShare());
    }
    return extreme;
  }
}
