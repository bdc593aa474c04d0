package io.github.pgperf.threshold;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.Latencies;
import java.time.Duration;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.apiguardian.api.API;

/**
 * The immutable outcome of checking a {@link Threshold}: whether it passed, the measured figure and
 * the limit in one unit.
 *
 * @param threshold what was checked
 * @param passed whether the figure met the limit
 * @param measured the measured figure in {@code unit}; {@code NaN} when there was nothing to
 *     measure (see {@code note})
 * @param limit the threshold's limit in {@code unit}
 * @param unit {@code tps}, {@code ms}, {@code %}, {@code blocks}, {@code B}, or empty for a count
 *     (failed transactions, temporary blocks, statements)
 * @param note what else explains the figure (for example {@code 3 of 1000 transactions failed},
 *     {@code no transaction was processed}); empty when nothing; when not {@code checked}, why
 * @param checked whether the figure could be measured at all; a threshold that was not checked (the
 *     server's work it limits was not captured) has not passed
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record ThresholdCheck(
    Threshold threshold,
    boolean passed,
    double measured,
    double limit,
    String unit,
    String note,
    boolean checked) {

  public ThresholdCheck {
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(note, "note");
    if (!checked && (passed || note.isEmpty())) {
      throw new IllegalArgumentException("a threshold not checked has not passed, and says why");
    }
  }

  /** A verdict on a figure that was measured (or found missing, as {@code note} says). */
  public ThresholdCheck(
      Threshold threshold,
      boolean passed,
      double measured,
      double limit,
      String unit,
      String note) {
    this(threshold, passed, measured, limit, unit, note, true);
  }

  /**
   * The verdict of a threshold that could not be checked because what it limits was not measured:
   * it has failed, and {@code why} says what was missing.
   */
  public static ThresholdCheck notChecked(
      Threshold threshold, double limit, String unit, String why) {
    return new ThresholdCheck(threshold, false, Double.NaN, limit, unit, why, false);
  }

  /**
   * The verdict of a latency ceiling: fails a run that processed nothing (an empty run must never
   * pass), else compares the measured figure with the limit.
   */
  static ThresholdCheck ofLatency(
      Threshold threshold,
      Latencies latency,
      Duration limit,
      ToDoubleFunction<Latencies> measuredMicros) {
    double limitMillis = Figures.millis(limit);
    if (latency.count() == 0) {
      return new ThresholdCheck(
          threshold, false, Double.NaN, limitMillis, "ms", "no transaction was processed");
    }
    double micros = measuredMicros.applyAsDouble(latency);
    return new ThresholdCheck(
        threshold, micros * 1_000 <= limit.toNanos(), micros / 1e3, limitMillis, "ms", "");
  }

  /**
   * The measured figure with its unit and note: {@code 412.3 tps}, {@code 0.3% (3 of 1000 ...)}.
   */
  public String measuredText() {
    if (!checked) {
      return "not checked: " + note;
    }
    String figure = figure(measured, decimals());
    if (!passed && decimals() > 0 && figure.equals(figure(limit, decimals()))) {
      // A figure just over the limit must not read as equal to it.
      figure = figure(measured, 9);
    }
    return note.isEmpty() ? figure : figure + " (" + note + ")";
  }

  /** The limit with its unit: {@code 500.0 tps}, {@code 20.0 ms}. */
  public String limitText() {
    return figure(limit, decimals());
  }

  /** The expectation in words: {@code at least 500.0 tps}. */
  public String expectation() {
    return threshold.relation() + " " + limitText();
  }

  /**
   * One line: {@code p99<=20ms failed: p99 latency 23.4 ms, expected at most 20.0 ms}, or {@code
   * seqscan(entry)=0 not checked: <why>}.
   */
  public String describe() {
    if (!checked) {
      return threshold.text() + " not checked: " + note;
    }
    return threshold.text()
        + (passed ? " passed: " : " failed: ")
        + threshold.metric()
        + " "
        + measuredText()
        + ", expected "
        + expectation();
  }

  @Override
  public String toString() {
    return describe();
  }

  private int decimals() {
    return switch (unit) {
      case "%" -> 4;
      case "" -> 0;
      default -> 3;
    };
  }

  private String figure(double value, int decimals) {
    String number =
        decimals == 0 && Double.isFinite(value)
            ? Long.toString(Math.round(value))
            : Figures.decimal(value, decimals);
    if (unit.isEmpty() || Double.isNaN(value)) {
      return number;
    }
    return unit.equals("%") ? number + "%" : number + " " + unit;
  }
}
