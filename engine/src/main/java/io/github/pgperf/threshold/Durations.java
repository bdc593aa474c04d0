package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.Latencies;
import java.time.Duration;

/** The one rule for latency limits: positive and no longer than the longest latency recorded. */
final class Durations {

  private static final Duration LONGEST = Duration.ofNanos(Latencies.HIGHEST_MICROS * 1_000);

  private Durations() {}

  /** {@code limit}, checked for the threshold called {@code name}. */
  static Duration positive(String name, Duration limit) {
    if (limit == null) {
      throw new InvalidThresholdException(name + " needs a duration, was null");
    }
    if (limit.isZero() || limit.isNegative()) {
      throw new InvalidThresholdException(
          name + " must be a positive duration, was " + (limit.isZero() ? "0" : describe(limit)));
    }
    if (limit.compareTo(LONGEST) > 0) {
      throw new InvalidThresholdException(
          name
              + " must be at most 1 hour (latencies are recorded"
              + " up to 1 hour), was "
              + describe(limit));
    }
    return limit;
  }

  private static String describe(Duration limit) {
    // Durations too long for nanoseconds are shown as java.time writes them.
    return limit.getSeconds() > 86_400L * 365 || limit.getSeconds() < -86_400L * 365
        ? limit.toString()
        : Figures.duration(limit);
  }
}
