package io.github.pgperf.gate;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

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

  /**
   * Both as one statement's: calls (and calls per transaction) added, each per-call figure the mean
   * of both weighted by their calls (a figure only one holds is that one's).
   */
  public StatementFigures plus(StatementFigures o) {
    Map<String, Double> both = new TreeMap<>();
    for (String label : union(perCall, o.perCall)) {
      Double a = perCall.get(label);
      Double b = o.perCall.get(label);
      if (a == null || b == null) {
        both.put(label, a == null ? b : a);
      } else if (label.equals(WorkMetric.CALLS_PER_TRANSACTION.label())) {
        both.put(label, Work.round(a + b));
      } else if (calls + o.calls == 0) {
        both.put(label, Work.round((a + b) / 2));
      } else {
        both.put(label, Work.round((a * calls + b * o.calls) / (calls + o.calls)));
      }
    }
    return new StatementFigures(calls + o.calls, both);
  }

  private static Set<String> union(Map<String, Double> a, Map<String, Double> b) {
    Set<String> labels = new TreeSet<>(a.keySet());
    labels.addAll(b.keySet());
    return labels;
  }

  /** The value of {@code m}; NaN when not held. */
  public double value(WorkMetric m) {
    return perCall.getOrDefault(m.label(), Double.NaN);
  }
}
