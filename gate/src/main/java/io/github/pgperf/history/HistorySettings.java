package io.github.pgperf.history;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.Metric;
import io.github.pgperf.gate.Verdict;
import io.github.pgperf.gate.WorkMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How the history is judged.
 *
 * @param detection how change points are found (Otava's settings; its {@code minMagnitude} is
 *     pgperf's smallest change)
 * @param metrics the series judged per test: by default the gate's metrics and the work per
 *     transaction
 * @param onChangePoint what a new change point for the worse does: warn (default) or fail
 */
public record HistorySettings(
    DetectionSettings detection, List<HistoryMetric> metrics, Action onChangePoint) {

  public HistorySettings {
    Objects.requireNonNull(detection, "detection");
    Objects.requireNonNull(onChangePoint, "onChangePoint");
    if (metrics.isEmpty()) {
      throw new IllegalArgumentException("at least one metric must be judged");
    }
    if (onChangePoint == Action.PASS) {
      throw new IllegalArgumentException("a change point warns or fails the build");
    }
    metrics = List.copyOf(metrics);
  }

  /** Otava's detection, the gate's default metrics and the work per transaction, warnings. */
  public static HistorySettings defaults() {
    return new HistorySettings(
        DetectionSettings.defaults(), metrics(GateSettings.DEFAULT_METRICS), Action.WARN);
  }

  /** The gate's timing {@code metrics} and every work metric per transaction. */
  public static List<HistoryMetric> metrics(List<Metric> timing) {
    List<HistoryMetric> all = new ArrayList<>();
    timing.forEach(m -> all.add(HistoryMetric.of(m)));
    WorkMetric.PER_TRANSACTION.forEach(m -> all.add(HistoryMetric.of(m)));
    return all;
  }

  /**
   * The gate settings the history's report is written with: the p-value as the level, the smallest
   * change as the minimum effect, the timing metrics, and the change point's action.
   */
  GateSettings gateSettings() {
    List<Metric> timing =
        metrics.stream().filter(m -> !m.work()).map(m -> Metric.parse(m.label())).toList();
    double level = Math.min(detection.maxPValue(), 0.499);
    double effect = Math.min(detection.minMagnitude(), 0.999);
    return new GateSettings(
        level,
        effect,
        timing.isEmpty() ? GateSettings.DEFAULT_METRICS : timing,
        Map.of(Verdict.CHANGE_POINT, onChangePoint));
  }
}
