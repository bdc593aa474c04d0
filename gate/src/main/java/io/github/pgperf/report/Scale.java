package io.github.pgperf.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Maps data values onto a span of pixels, linearly or by powers of ten, and chooses the ticks a
 * reader can read: steps of 1, 2 or 5 times a power of ten, or each power of ten on a log scale.
 *
 * @param log whether the scale is logarithmic (base 10)
 * @param low the smallest value shown
 * @param high the largest value shown
 * @param from the pixel of {@code low}
 * @param to the pixel of {@code high}
 * @param ticks the values that get a grid line and a label
 * @param step the distance between linear ticks (for their labels' decimals); 0 on a log scale
 */
record Scale(
    boolean log, double low, double high, double from, double to, List<Double> ticks, double step) {

  /**
   * A scale that shows {@code min..max}; a linear one starting at zero when {@code fromZero} and
   * every value is positive.
   */
  static Scale of(boolean log, double min, double max, boolean fromZero, double from, double to) {
    if (log) {
      double lo = Math.floor(Math.log10(min));
      double hi = Math.ceil(Math.log10(max));
      if (hi <= lo) {
        hi = lo + 1;
      }
      List<Double> ticks = new ArrayList<>();
      for (double e = lo; e <= hi + 1e-9; e++) {
        ticks.add(Math.pow(10, e));
      }
      return new Scale(true, Math.pow(10, lo), Math.pow(10, hi), from, to, ticks, 0);
    }
    double lo = fromZero && min >= 0 ? 0 : min;
    double hi = max;
    if (!(hi > lo)) {
      double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
      lo = fromZero && lo >= 0 ? Math.max(0, lo - pad) : lo - pad;
      hi = hi + pad;
    }
    double step = niceStep((hi - lo) / 5);
    lo = Math.floor(lo / step + 1e-9) * step;
    hi = Math.ceil(hi / step - 1e-9) * step;
    List<Double> ticks = new ArrayList<>();
    for (double v = lo; v <= hi + step / 1e6; v += step) {
      ticks.add(Math.abs(v) < step / 1e6 ? 0 : v);
    }
    return new Scale(false, lo, hi, from, to, ticks, step);
  }

  /** The pixel of {@code value}. */
  double pixel(double value) {
    double f =
        log
            ? (Math.log10(value) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))
            : (value - low) / (high - low);
    return from + f * (to - from);
  }

  /** 1, 2 or 5 times a power of ten, the first at least {@code rough}. */
  static double niceStep(double rough) {
    double power = Math.pow(10, Math.floor(Math.log10(rough)));
    double f = rough / power;
    double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
    return nice * power;
  }
}
