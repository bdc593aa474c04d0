package io.github.pgperf.history;

import io.github.pgperf.gate.Metric;
import io.github.pgperf.gate.WorkMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A figure kept for each build and test: the gate's timing metrics and the work per transaction.
 * Timing depends on the runner, so its series is one timing {@link
 * io.github.pgperf.gate.Fingerprint}'s; work does not, so its series is one {@link
 * io.github.pgperf.gate.WorkFingerprint}'s, whatever machine ran it.
 *
 * @param label the name in the store and in settings: {@code tps}, {@code p99}, {@code
 *     sharedBlocksPerTransaction} ...
 * @param words as printed: {@code tps}, {@code p99}, {@code shared blocks per transaction}
 * @param higherIsBetter whether a rise is an improvement (tps) rather than a regression (latency,
 *     work)
 * @param work whether it is a work counter (compared on the work fingerprint)
 * @param floor the smallest absolute change alerted on (a work counter's {@link WorkMetric#floor}:
 *     a move from 0.1 to 0.3 temp blocks per transaction is no news); 0 for timing
 * @param unit {@code tps}, {@code µs} or empty for a count
 */
public record HistoryMetric(
    String label, String words, boolean higherIsBetter, boolean work, double floor, String unit) {

  /** Every metric kept: the timing metrics, then the work per transaction. */
  public static final List<HistoryMetric> ALL = all();

  /** The metric of a timing {@link Metric}. */
  public static HistoryMetric of(Metric m) {
    return new HistoryMetric(m.label(), m.label(), m.higherIsBetter(), false, 0, m.unit());
  }

  /** The metric of a per-transaction {@link WorkMetric}. */
  public static HistoryMetric of(WorkMetric m) {
    return new HistoryMetric(m.label(), m.words(), false, true, m.floor(), "");
  }

  /** The metric named {@code label}, if kept. */
  public static Optional<HistoryMetric> named(String label) {
    return ALL.stream().filter(m -> m.label.equals(label)).findFirst();
  }

  /** Whether a change from {@code before} to {@code after} is for the worse. */
  public boolean worse(double before, double after) {
    return higherIsBetter ? after < before : after > before;
  }

  /** {@code 1,912 tps}, {@code 516 µs}, {@code 22.78}: a value with its unit. */
  public String format(double value) {
    String number = WorkMetric.format(value);
    return unit.isEmpty() ? number : number + " " + unit;
  }

  private static List<HistoryMetric> all() {
    List<HistoryMetric> all = new ArrayList<>();
    for (Metric m : Metric.values()) {
      all.add(of(m));
    }
    for (WorkMetric m : WorkMetric.PER_TRANSACTION) {
      all.add(of(m));
    }
    return List.copyOf(all);
  }
}
