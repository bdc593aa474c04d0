package io.github.pgperf.report;

/**
 * The report's colours: the Okabe-Ito palette, told apart by readers with colour blindness, and
 * fixed colours for the figures that recur (tps, failures, each latency percentile).
 */
final class Palette {

  static final String TPS = "#0072B2";
  static final String FAILURES = "#D55E00";
  static final String P50 = "#0072B2";
  static final String P99 = "#E69F00";
  static final String MAX = "#D55E00";
  static final String MEAN = "#009E73";
  static final String BASELINE = "#6B6B6B";
  static final String CANDIDATE = "#0072B2";

  private static final String[] SERIES = {
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#999933"
  };

  private Palette() {}

  /** The colour of the {@code i}th of several series (repeating after eight). */
  static String series(int i) {
    return SERIES[Math.floorMod(i, SERIES.length)];
  }
}
