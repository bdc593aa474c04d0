package io.github.pgperf.assertj;

import io.github.pgperf.internal.output.RunSummary;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.threshold.Threshold;
import io.github.pgperf.threshold.ThresholdCheck;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Messages of failed thresholds: the measured figure, the limit and a summary of the run; for a
 * threshold that was not checked, why.
 */
final class ShouldMeetThresholds extends BasicErrorMessageFactory {

  private ShouldMeetThresholds(String format, Object... arguments) {
    super(format, arguments);
  }

  /** One threshold failed: {@code Expecting tps of run: ... to be at least: ... but was: ...}. */
  static ErrorMessageFactory shouldMeet(RunResult actual, ThresholdCheck failed) {
    if (!failed.checked()) {
      return new ShouldMeetThresholds(
          "%nExpecting %s of run:%n  %s%nto be %s:%n  %s%nbut %s was" + " not checked: %s",
          unquotedString(failed.threshold().metric()),
          unquotedString(RunSummary.of(actual)),
          unquotedString(failed.threshold().relation()),
          unquotedString(failed.limitText()),
          unquotedString(failed.threshold().text()),
          unquotedString(failed.note()));
    }
    return new ShouldMeetThresholds(
        "%nExpecting %s of run:%n  %s%nto be %s:%n  %s%nbut was:%n  %s",
        unquotedString(failed.threshold().metric()),
        unquotedString(RunSummary.of(actual)),
        unquotedString(failed.threshold().relation()),
        unquotedString(failed.limitText()),
        unquotedString(failed.measuredText()));
  }

  /** Some of several thresholds failed; lists each failed one with its figures. */
  static ErrorMessageFactory shouldMeet(
      RunResult actual, List<Threshold> all, List<ThresholdCheck> failed) {
    String thresholds = all.stream().map(Threshold::text).collect(Collectors.joining(", "));
    String failures =
        failed.stream()
            .map(
                v ->
                    "  "
                        + (v.checked()
                            ? v.threshold().text()
                                + ": "
                                + v.threshold().metric()
                                + " was "
                                + v.measuredText()
                                + ", expected "
                                + v.expectation()
                            : v.describe()))
            .collect(Collectors.joining(System.lineSeparator()));
    return new ShouldMeetThresholds(
        "%nExpecting run:%n  %s%nto meet:%n  %s%nbut %s failed:%n%s",
        unquotedString(RunSummary.of(actual)),
        unquotedString(thresholds),
        unquotedString(failed.size() == 1 ? "this one" : "these " + failed.size()),
        unquotedString(failures));
  }
}
