package io.github.pgperf.gate;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of the gate's report: a test (and metric), the outcome, what it does to the build, and a
 * sentence a person understands.
 *
 * @param key the test key (the result file name without its trial number; see docs/gate.md)
 * @param metric the metric, or {@code null} for outcomes about the whole test (missing baseline,
 *     unreadable results ...)
 * @param verdict the outcome
 * @param action what it does to the build, as configured
 * @param message which test, which metric, by how much, how sure
 * @param comparison the figures, when timing samples were compared
 * @param work the figures, when work was compared
 * @param detail lines printed below the table (a changed plan beside the baseline's); empty when
 *     none
 * @param items everything a finding that stands for many things names (the statements new since the
 *     baseline): its sentence names the first few, check.json and the report all of them; empty for
 *     a finding about one thing
 */
public record Finding(
    String key,
    Metric metric,
    Verdict verdict,
    Action action,
    String message,
    Comparison comparison,
    WorkChange work,
    List<String> detail,
    List<String> items) {

  public Finding {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(message, "message");
    detail = List.copyOf(detail);
    items = List.copyOf(items);
  }

  /** A finding about one thing, with its figures and detail. */
  public Finding(
      String key,
      Metric metric,
      Verdict verdict,
      Action action,
      String message,
      Comparison comparison,
      WorkChange work,
      List<String> detail) {
    this(key, metric, verdict, action, message, comparison, work, detail, List.of());
  }

  /** A finding without work figures or detail. */
  public Finding(
      String key,
      Metric metric,
      Verdict verdict,
      Action action,
      String message,
      Comparison comparison) {
    this(key, metric, verdict, action, message, comparison, null, List.of());
  }

  /** This finding with {@code more} added to its sentence. */
  Finding withMessage(String more) {
    return new Finding(
        key, metric, verdict, action, message + more, comparison, work, detail, items);
  }

  /** The figures, when samples were compared. */
  public Optional<Comparison> figures() {
    return Optional.ofNullable(comparison);
  }

  /** {@code key} or {@code key tps}: the test and metric, as printed. */
  public String subject() {
    if (work != null) {
      return key + " " + work.what();
    }
    return metric == null ? key : key + " " + metric.label();
  }
}
