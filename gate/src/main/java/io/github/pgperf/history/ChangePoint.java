package io.github.pgperf.history;

/**
 * A change point of a series: the index of the first value after the change, with the stretches on
 * either side as the detection last compared them (up to the neighbouring change points).
 *
 * @param index the first index of the new level, from 1
 * @param segments the stretches before and after, their means and the p-value of the change
 */
public record ChangePoint(int index, Segments segments) {

  /** The p-value of the change. */
  public double pValue() {
    return segments.pValue();
  }
}
