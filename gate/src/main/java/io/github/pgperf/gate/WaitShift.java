package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A wait event whose share of the run's backend observations moved beyond what the baseline's own
 * samples spread: every trial of this build is on one side of every baseline sample, by more than
 * {@link #FLOOR}. Extremes, as for the work counters ({@link WorkGate}): the baseline's samples
 * show how far its shares wander between runs, and a shift that every trial shows beyond them is
 * one the log should name beside a timing finding.
 *
 * @param event {@code wait_event_type:wait_event} or {@code CPU}
 * @param baseline the event's mean share over the baseline's samples, 0 to 1
 * @param candidate its mean share over this build's trials
 */
record WaitShift(String event, double baseline, double candidate) {

  /**
   * The least gap between the two sides' ranges that counts, as a share: a few samples more or less
   * of an event in a run of some hundred samples is sampling, not a shift.
   */
  static final double FLOOR = 0.05;

  /** At most this many shifts are printed, the largest first. */
  static final int SHOWN = 3;

  /**
   * The shifts between the samples' wait shares, largest move first, at most {@link #SHOWN}.
   *
   * @param baseline each baseline sample's shares by event (an event a sample did not see is 0
   *     there)
   * @param candidate each of this build's trials' shares
   * @return empty when either side has no samples or nothing moved
   */
  static List<WaitShift> between(
      List<Map<String, Double>> baseline, List<Map<String, Double>> candidate) {
    if (baseline.isEmpty() || candidate.isEmpty()) {
      return List.of();
    }
    TreeSet<String> events = new TreeSet<>();
    baseline.forEach(s -> events.addAll(s.keySet()));
    candidate.forEach(s -> events.addAll(s.keySet()));
    List<WaitShift> shifts = new ArrayList<>();
    for (String event : events) {
      DoubleSummaryStatistics b = shares(baseline, event);
      DoubleSummaryStatistics c = shares(candidate, event);
      boolean up = c.getMin() - b.getMax() > FLOOR;
      boolean down = b.getMin() - c.getMax() > FLOOR;
      if (up || down) {
        shifts.add(new WaitShift(event, b.getAverage(), c.getAverage()));
      }
    }
    shifts.sort(
        Comparator.comparingDouble((WaitShift s) -> -Math.abs(s.candidate - s.baseline))
            .thenComparing(WaitShift::event));
    return List.copyOf(shifts.subList(0, Math.min(SHOWN, shifts.size())));
  }

  /** {@code Lock:transactionid 4% -> 61%}. */
  String text() {
    return event + " " + percent(baseline) + " -> " + percent(candidate);
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f%%", 100 * share);
  }

  /** The event's shares over {@code samples}, 0 where a sample did not see it. */
  private static DoubleSummaryStatistics shares(List<Map<String, Double>> samples, String event) {
    return samples.stream().mapToDouble(s -> s.getOrDefault(event, 0.0)).summaryStatistics();
  }
}
