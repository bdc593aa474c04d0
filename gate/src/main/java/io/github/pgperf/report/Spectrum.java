package io.github.pgperf.report;

import io.github.pgperf.result.Latencies;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A latency distribution as HdrHistogram plots it: the percentile spectrum, latency against {@code
 * 1/(1-p)} on a log axis, so that 90%, 99%, 99.9% ... are equally far apart and the tail is as
 * visible as the median.
 *
 * @param inverse {@code 1/(1-p)} of each point (1 at the 0th percentile, 100 at the 99th)
 * @param micros the latency at that percentile, µs
 */
record Spectrum(double[] inverse, double[] micros) {

  /** Points per halving of the distance to 100%, as HdrHistogram's percentile output uses. */
  private static final int TICKS_PER_HALF = 5;

  /** The spectrum of {@code latency}; empty when it holds no latency. */
  static Spectrum of(Latencies latency) {
    List<double[]> points = new ArrayList<>();
    if (latency.count() > 0) {
      Histogram h = latency.histogram();
      for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF)) {
        double p = v.getPercentileLevelIteratedTo() / 100;
        if (p >= 1) {
          break; // 100% lies at infinity on this axis
        }
        // The histogram's bucket top can lie above the exact maximum; the maximum is exact.
        double value =
            Math.min(h.highestEquivalentValue(v.getValueIteratedTo()), latency.maxMicros());
        points.add(new double[] {1 / (1 - p), value});
      }
    }
    double[] xs = new double[points.size()];
    double[] ys = new double[points.size()];
    for (int i = 0; i < xs.length; i++) {
      xs[i] = points.get(i)[0];
      ys[i] = points.get(i)[1];
    }
    return new Spectrum(xs, ys);
  }

  /** The percentile at {@code inverse = 1/(1-p)}, as a tick label: 0%, 90%, 99%, 99.9% ... */
  static String percentileLabel(double inverse) {
    double p = 100 * (1 - 1 / inverse);
    if (p < 1e-9) {
      return "0%";
    }
    String text =
        String.format(Locale.ROOT, "%.6f", p).replaceAll("0+$", "").replaceAll("\\.$", "");
    return text + "%";
  }
}
