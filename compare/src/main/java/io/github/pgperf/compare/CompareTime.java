package io.github.pgperf.compare;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a sequential comparison ({@code pgperf.alternate=slice} without {@code pgperf.pairs})
 * may measure each test class: {@code pgperf.compareTime}, turned into the cap of pairs each class
 * may get. A class gets {@link #FIRST_PAIRS} pairs, then {@link #STEP} more at a time until its
 * timing verdicts settle or it reaches its cap.
 *
 * <p>The cap is fixed before the first pair ran, from the settings and how many timed runs a slice
 * of the class holds, never from what its pairs measured: the gate's fixed test at the cap is valid
 * only at a number of pairs chosen in advance. The time counts the slices' measured load, both
 * sides'; what a slice costs around its load (connections, the launcher's call, the server's
 * counters: about a quarter more here) comes on top.
 *
 * @param limit the measured load each class may get, both sides together
 * @param slice how long each timed run of a slice lasts
 */
record CompareTime(Duration limit, Duration slice) {

  /**
   * The pairs every class gets before its first look: two blocks of {@link SliceOrder}, each side
   * first twice; the first pairs at which a PASS can settle.
   */
  static final int FIRST_PAIRS = 4;

  /** The pairs a class gets at a time after the first: one block, each side first once. */
  static final int STEP = 2;

  /** The setting, named in messages. */
  static final String PROPERTY = "pgperf.compareTime";

  /** The default of {@code pgperf.compareTime}. */
  static final String DEFAULT = "5min";

  CompareTime {
    Objects.requireNonNull(limit, "limit");
    Objects.requireNonNull(slice, "slice");
    if (limit.isNegative() || limit.isZero() || slice.isNegative() || slice.isZero()) {
      throw new IllegalArgumentException(
          "pgperf.compareTime and pgperf.sliceDuration must be positive, not "
              + limit
              + " and "
              + slice);
    }
  }

  /**
   * The most pairs a class whose slice holds {@code runs} timed runs may get: as many whole blocks
   * as the limit's load allows, at least {@link #FIRST_PAIRS}.
   */
  int cap(int runs) {
    long pairLoad = 2L * Math.max(1, runs) * slice.toMillis();
    long pairs = limit.toMillis() / pairLoad;
    return (int) Math.max(FIRST_PAIRS, Math.min(Integer.MAX_VALUE - 1, pairs) / STEP * STEP);
  }
}
