package io.github.pgperf.gate;

import java.util.Map;

/**
 * One statement's work in one run, as the gate compares it.
 *
 * @param calls executions in the measured window
 * @param perCall each {@link WorkMetric#PER_CALL} metric's value, by its label
 */
public record StatementFigures(long calls, Map<String, Double> perCall) {

  public StatementFigures {
    perCall = Map.copyOf(perCall);
  }

  /** The value of {@code m}; NaN when not held. */
  public double value(WorkMetric m) {
    return perCall.getOrDefault(m.label(), Double.NaN);
  }
}
