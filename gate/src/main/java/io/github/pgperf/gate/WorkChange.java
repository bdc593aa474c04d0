package io.github.pgperf.gate;

import java.util.Objects;

/**
 * The figures of a work finding, or of a history series' change ({@code pgperf:history}: the levels
 * before and after the newest change point), as its table row shows them.
 *
 * @param what the metric's words ({@code shared blocks per call}), {@code plan}, {@code statement}
 *     or {@code work}
 * @param baseline the baseline's value as printed ({@code 4}, a plan's hash, {@code -})
 * @param candidate this build's value as printed
 * @param change the change as printed ({@code +47700.0%}, {@code new}, {@code -})
 * @param summary the change in a few words, beside the test's timing findings ({@code shared blocks
 *     per call 4 -> 1,912}); empty for a pass
 */
public record WorkChange(
    String what, String baseline, String candidate, String change, String summary) {

  public WorkChange {
    Objects.requireNonNull(what, "what");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(candidate, "candidate");
    Objects.requireNonNull(change, "change");
    Objects.requireNonNull(summary, "summary");
  }
}
