package io.github.pgperf.gate;

import java.util.Objects;
import java.util.Optional;

/**
 * One line of the gate's report: a test (and metric), the outcome, what it does to the build, and
 * a sentence a person understands.
 *
 * @param key the test key (the result file name without its trial number; see docs/gate.md)
 * @param metric the metric, or {@code null} for outcomes about the whole test (missing baseline,
 *     unreadable results ...)
 * @param verdict the outcome
 * @param action what it does to the build, as configured
 * @param message which test, which metric, by how much, how sure
 * @param comparison the figures, when samples were compared
 */
public record Finding(
    String key, Metric metric, Verdict verdict, Action action, String message,
    Comparison comparison) {

  public Finding {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(message, "message");
  }

  /** The figures, when samples were compared. */
  public Optional<Comparison> figures() {
    return Optional.ofNullable(comparison);
  }

  /** {@code key} or {@code key tps}: the test and metric, as printed. */
  public String subject() {
    return metric == null ? key : key + " " + metric.label();
  }
}
