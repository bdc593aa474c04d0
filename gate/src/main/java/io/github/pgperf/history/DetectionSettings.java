package io.github.pgperf.history;

/**
 * How change points are found: Apache Otava's settings, with its defaults.
 *
 * @param window how many values each pass of E-divisive looks at (Otava's {@code --window}, default
 *     {@value #DEFAULT_WINDOW}); windows start every half window
 * @param maxPValue the largest p-value a change point may have (Otava's {@code -P}, default {@value
 *     #DEFAULT_MAX_P_VALUE}); the windows' first pass accepts ten times more (twice for levels from
 *     0.05, the level itself from 0.5) and the merge keeps only what meets this one
 * @param minMagnitude the smallest relative change kept (Otava's {@code -M}, default 0): a change
 *     point whose {@link Segments#magnitude} is not above it is merged away
 */
public record DetectionSettings(int window, double maxPValue, double minMagnitude) {

  /** Otava's default window. */
  public static final int DEFAULT_WINDOW = 50;

  /** Otava's default largest p-value. */
  public static final double DEFAULT_MAX_P_VALUE = 0.001;

  public DetectionSettings {
    if (window < 2) {
      throw new IllegalArgumentException("the window must hold at least 2 values, not " + window);
    }
    if (!(maxPValue > 0 && maxPValue <= 1)) {
      throw new IllegalArgumentException(
          "the largest p-value must be above 0 and at most 1, not " + maxPValue);
    }
    if (!(minMagnitude >= 0) || Double.isInfinite(minMagnitude)) {
      throw new IllegalArgumentException(
          "the smallest change must be 0 or more (a fraction), not " + minMagnitude);
    }
  }

  /** Otava's defaults: window 50, p-value 0.001, no smallest change. */
  public static DetectionSettings defaults() {
    return new DetectionSettings(DEFAULT_WINDOW, DEFAULT_MAX_P_VALUE, 0);
  }

  /** The windows' first-pass p-value, as Otava relaxes it. */
  double firstPassPValue() {
    if (maxPValue < 0.05) {
      return maxPValue * 10;
    }
    return maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
  }
}
