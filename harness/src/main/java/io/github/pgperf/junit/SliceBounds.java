package io.github.pgperf.junit;

import java.time.Duration;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What {@code pgperf:compare}'s slices ({@code pgperf.alternate=slice}) impose on every run of a
 * slice, however its test set its load: a timed run measures the slice's length ({@code
 * pgperf.slice.duration}), and its warm-up is the slice's ({@code pgperf.slice.warmup}). They win
 * over {@code @Load}, every configuration key and a load built in code ({@link
 * LoadRunner#duration}, {@link LoadRunner#warmup}), since a slice that one test stretches is no
 * longer a slice, and both sides of a pair get the same. A run of a number of transactions ({@code
 * transactionsPerClient}) keeps its number: it has no length to bound.
 *
 * @param duration the measured length of a timed run; {@code null}: the test's own
 * @param warmup the warm-up before it, zero for none; {@code null}: the test's own
 */
record SliceBounds(Duration duration, Duration warmup) {

  /** Outside a slice: every run as its test asks. */
  static final SliceBounds NONE = new SliceBounds(null, null);

  /**
   * The bounds the launcher call of {@code context} was given, read from the test's own context as
   * the trial is: a warm JVM's slices each get their own.
   */
  static SliceBounds of(ExtensionContext context) {
    return new SliceBounds(
        Options.SLICE_DURATION.configured(context).orElse(null),
        Options.SLICE_WARMUP.configured(context).orElse(null));
  }

  /** {@code spec} bounded: its length, when timed, and its warm-up replaced by the slice's. */
  LoadSpec bound(LoadSpec spec) {
    LoadSpec bounded = spec;
    if (duration != null && spec.duration() != null) {
      bounded = bounded.withDuration(duration);
    }
    if (warmup != null) {
      bounded = bounded.withWarmup(warmup.isZero() ? null : warmup);
    }
    return bounded;
  }
}
