package io.github.pgperf.report;

import java.util.Arrays;
import java.util.List;

/**
 * One metric's samples side by side as inline SVG: a row per side (baseline, candidate), each
 * sample a dot, the middle half of the samples a box, and the geometric mean the gate compares a
 * bold tick. The axis spans the samples, not zero, so that a change of a few percent shows.
 *
 * @param title shown above the plot and read by screen readers
 * @param unit the unit of the values, for the axis
 * @param rows the sides, top to bottom
 */
record StripChart(String title, String unit, List<Row> rows) {

  static final int WIDTH = 640;
  private static final int LEFT = 92;
  private static final int RIGHT = 20;
  private static final int TOP = 28;
  private static final int ROW = 38;
  private static final int BOTTOM = 40;

  /**
   * One side.
   *
   * @param name {@code baseline} or {@code candidate}
   * @param color a CSS colour
   * @param values the samples, in the unit
   * @param center the geometric mean, in the unit
   */
  record Row(String name, String color, double[] values, double center) {}

  String html() {
    int height = TOP + ROW * rows.size() + BOTTOM;
    StringBuilder out = new StringBuilder("<figure class=\"chart\">");
    LineChart.svgStart(out, "strip-chart", WIDTH, height, title, LEFT);
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Row r : rows) {
      for (double v : r.values()) {
        if (Double.isFinite(v)) {
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
      }
    }
    if (min > max) {
      out.append("<text class=\"no-data\" x=\"")
          .append(WIDTH / 2)
          .append("\" y=\"")
          .append(height / 2)
          .append("\" text-anchor=\"middle\">no samples</text></svg>");
      return out.append("</figure>").toString();
    }
    double pad = max > min ? (max - min) * 0.05 : Math.abs(max) * 0.05 + 1e-9;
    // Latencies and tps are never negative: the padding must not make the axis say they could be.
    double low = min >= 0 ? Math.max(0, min - pad) : min - pad;
    Scale xs = Scale.of(false, low, max + pad, false, LEFT, WIDTH - RIGHT);
    int bottom = TOP + ROW * rows.size();
    for (double t : xs.ticks()) {
      String px = Html.coordinate(xs.pixel(t));
      out.append("<line class=\"grid\" x1=\"")
          .append(px)
          .append("\" x2=\"")
          .append(px)
          .append("\" y1=\"")
          .append(TOP)
          .append("\" y2=\"")
          .append(bottom)
          .append("\"/>");
      out.append("<text class=\"tick\" x=\"")
          .append(px)
          .append("\" y=\"")
          .append(bottom + 16)
          .append("\" text-anchor=\"middle\">")
          .append(Html.tick(t, xs.step()))
          .append("</text>");
    }
    out.append("<text class=\"axis-label\" x=\"")
        .append((LEFT + WIDTH - RIGHT) / 2)
        .append("\" y=\"")
        .append(height - 6)
        .append("\" text-anchor=\"middle\">")
        .append(Html.text(unit))
        .append("</text>");
    for (int i = 0; i < rows.size(); i++) {
      row(out, rows.get(i), xs, TOP + ROW * i);
    }
    return out.append("</svg></figure>").toString();
  }

  private static void row(StringBuilder out, Row r, Scale xs, int top) {
    double mid = top + ROW / 2.0;
    String color = Html.text(r.color());
    out.append("<g class=\"strip\"><title>")
        .append(Html.text(r.name()))
        .append(": ")
        .append(r.values().length)
        .append(" samples</title>");
    out.append("<text class=\"row-label\" x=\"")
        .append(LEFT - 8)
        .append("\" y=\"")
        .append(Html.coordinate(mid))
        .append("\" dy=\"0.32em\" text-anchor=\"end\">")
        .append(Html.text(r.name()))
        .append("</text>");
    double[] sorted = Arrays.stream(r.values()).filter(Double::isFinite).sorted().toArray();
    if (sorted.length >= 4) {
      double q1 = quantile(sorted, 0.25);
      double q3 = quantile(sorted, 0.75);
      out.append("<rect class=\"box\" x=\"")
          .append(Html.coordinate(xs.pixel(q1)))
          .append("\" y=\"")
          .append(Html.coordinate(mid - 11))
          .append("\" width=\"")
          .append(Html.coordinate(Math.max(1, xs.pixel(q3) - xs.pixel(q1))))
          .append("\" height=\"22\" fill=\"")
          .append(color)
          .append("\" fill-opacity=\"0.15\" stroke=\"")
          .append(color)
          .append("\"/>");
    }
    for (int i = 0; i < sorted.length; i++) {
      // A fixed spread across the row keeps equal values apart without randomness.
      double dy = ((i % 5) - 2) * 3.5;
      out.append("<circle cx=\"")
          .append(Html.coordinate(xs.pixel(sorted[i])))
          .append("\" cy=\"")
          .append(Html.coordinate(mid + dy))
          .append("\" r=\"3.5\" fill=\"")
          .append(color)
          .append("\" fill-opacity=\"0.8\"/>");
    }
    if (Double.isFinite(r.center())) {
      String px = Html.coordinate(xs.pixel(r.center()));
      out.append("<line class=\"center\" x1=\"")
          .append(px)
          .append("\" x2=\"")
          .append(px)
          .append("\" y1=\"")
          .append(Html.coordinate(mid - 15))
          .append("\" y2=\"")
          .append(Html.coordinate(mid + 15))
          .append("\" stroke=\"")
          .append(color)
          .append("\" stroke-width=\"3\"/>");
    }
    out.append("</g>");
  }

  /** The {@code q} quantile of sorted values, interpolated between neighbours. */
  static double quantile(double[] sorted, double q) {
    double pos = q * (sorted.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
  }
}
