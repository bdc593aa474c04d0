package io.github.pgperf.report;

import java.util.List;
import java.util.Locale;

/**
 * One metric of a comparison's pairs as inline SVG: a slot per pair in run order, in it the base's
 * run (grey) and the candidate's (blue) side by side in the order they ran (A B or B A), joined by
 * a line, and the pair's change (candidate over base) above it. The paired statistics judge those
 * changes, not the spread of either side: a machine that drifts moves both dots of a pair, and the
 * changes stay put, which is what the chart lets a reader see.
 *
 * @param title shown above the plot and read by screen readers
 * @param unit the unit of the values, for the axis
 * @param pairs the pairs, in run order
 */
record PairChart(String title, String unit, List<Pair> pairs) {

  static final int WIDTH = 640;
  static final int HEIGHT = 300;
  private static final int LEFT = 72;
  private static final int RIGHT = 20;
  private static final int TOP = 44;
  private static final int BOTTOM = 58;

  /** Horizontal distance of each run's dot from its pair's centre. */
  private static final double OFFSET = 7;

  /**
   * Above this ratio of largest to smallest value the axis is logarithmic: equal ratios, equal
   * heights.
   */
  private static final double LOG_SPREAD = 4;

  /**
   * One pair.
   *
   * @param number the pair's number (the runs' trial number)
   * @param baseFirst whether the base's run started first (A B)
   * @param base the base's value, in the unit
   * @param candidate the candidate's value, in the unit
   */
  record Pair(int number, boolean baseFirst, double base, double candidate) {

    /** {@code A B} when the base ran first, else {@code B A}. */
    String order() {
      return baseFirst ? "A B" : "B A";
    }

    /** The candidate's value over the base's, less one; NaN when either is unusable. */
    double change() {
      return base > 0 && Double.isFinite(base) && Double.isFinite(candidate)
          ? candidate / base - 1
          : Double.NaN;
    }
  }

  /** {@code +12.3%}, or {@code -} when there is no change to show. */
  static String change(double change) {
    return Double.isFinite(change) ? String.format(Locale.ROOT, "%+.1f%%", 100 * change) : "-";
  }

  String html() {
    StringBuilder out = new StringBuilder("<figure class=\"chart\">");
    LineChart.svgStart(out, "pair-chart", WIDTH, HEIGHT, title, LEFT);
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Pair p : pairs) {
      for (double v : new double[] {p.base(), p.candidate()}) {
        if (v > 0 && Double.isFinite(v)) {
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
      }
    }
    if (min > max) {
      out.append("<text class=\"no-data\" x=\"")
          .append(WIDTH / 2)
          .append("\" y=\"")
          .append(HEIGHT / 2)
          .append("\" text-anchor=\"middle\">no pairs</text></svg>");
      return out.append("</figure>").toString();
    }
    boolean log = max / min > LOG_SPREAD;
    double pad = log ? 0 : max > min ? (max - min) * 0.08 : max * 0.05;
    Scale ys =
        Scale.of(log, log ? min : Math.max(0, min - pad), max + pad, false, HEIGHT - BOTTOM, TOP);
    double slot = (double) (WIDTH - LEFT - RIGHT) / pairs.size();
    for (double t : ys.ticks()) {
      String py = Html.coordinate(ys.pixel(t));
      out.append("<line class=\"grid\" x1=\"")
          .append(LEFT)
          .append("\" x2=\"")
          .append(WIDTH - RIGHT)
          .append("\" y1=\"")
          .append(py)
          .append("\" y2=\"")
          .append(py)
          .append("\"/><text class=\"tick\" x=\"")
          .append(LEFT - 6)
          .append("\" y=\"")
          .append(py)
          .append("\" dy=\"0.32em\" text-anchor=\"end\">")
          .append(log ? Html.tick(t, Math.min(1, t)) : Html.tick(t, ys.step()))
          .append("</text>");
    }
    out.append("<rect class=\"frame\" x=\"")
        .append(LEFT)
        .append("\" y=\"")
        .append(TOP)
        .append("\" width=\"")
        .append(WIDTH - LEFT - RIGHT)
        .append("\" height=\"")
        .append(HEIGHT - TOP - BOTTOM)
        .append("\"/>");
    int midY = (TOP + HEIGHT - BOTTOM) / 2;
    out.append("<text class=\"axis-label\" x=\"14\" y=\"")
        .append(midY)
        .append("\" text-anchor=\"middle\" transform=\"rotate(-90 14 ")
        .append(midY)
        .append(")\">")
        .append(Html.text(unit + (log ? " (log scale)" : "")))
        .append("</text>");
    out.append("<text class=\"axis-label\" x=\"")
        .append((LEFT + WIDTH - RIGHT) / 2)
        .append("\" y=\"")
        .append(HEIGHT - 8)
        .append("\" text-anchor=\"middle\">")
        .append("pair and the order it ran in (A base, B candidate)</text>");
    // Twelve labels of a pair's change fit; beyond that every other one, so they never overlap.
    int every = (int) Math.ceil(pairs.size() / 12.0);
    for (int i = 0; i < pairs.size(); i++) {
      pair(out, pairs.get(i), LEFT + slot * (i + 0.5), ys, i % every == 0);
    }
    out.append("</svg><figcaption><ul class=\"legend\">")
        .append("<li><span class=\"swatch\" style=\"background:")
        .append(Palette.BASELINE)
        .append("\"></span>base</li><li><span class=\"swatch\" style=\"background:")
        .append(Palette.CANDIDATE)
        .append("\"></span>candidate</li>")
        .append("<li>above each pair: candidate against base</li></ul></figcaption>");
    return out.append("</figure>").toString();
  }

  private static void pair(StringBuilder out, Pair p, double centre, Scale ys, boolean label) {
    double baseX = centre + (p.baseFirst() ? -OFFSET : OFFSET);
    double candidateX = centre + (p.baseFirst() ? OFFSET : -OFFSET);
    boolean baseShown = p.base() > 0 && Double.isFinite(p.base());
    boolean candidateShown = p.candidate() > 0 && Double.isFinite(p.candidate());
    out.append("<g class=\"pair\"><title>pair ")
        .append(p.number())
        .append(" (")
        .append(p.order())
        .append("): base ")
        .append(Html.text(value(p.base())))
        .append(", candidate ")
        .append(Html.text(value(p.candidate())))
        .append(", ")
        .append(change(p.change()))
        .append("</title>");
    if (baseShown && candidateShown) {
      out.append("<path d=\"M")
          .append(Html.coordinate(baseX))
          .append(',')
          .append(Html.coordinate(ys.pixel(p.base())))
          .append(" L")
          .append(Html.coordinate(candidateX))
          .append(',')
          .append(Html.coordinate(ys.pixel(p.candidate())))
          .append("\" fill=\"none\" stroke=\"#999\" stroke-width=\"1.5\"/>");
    }
    dot(out, baseShown, baseX, p.base(), ys, Palette.BASELINE);
    dot(out, candidateShown, candidateX, p.candidate(), ys, Palette.CANDIDATE);
    if (label) {
      out.append("<text class=\"tick\" x=\"")
          .append(Html.coordinate(centre))
          .append("\" y=\"")
          .append(TOP - 6)
          .append("\" text-anchor=\"middle\">")
          .append(change(p.change()))
          .append("</text>");
    }
    out.append("<text class=\"tick\" x=\"")
        .append(Html.coordinate(centre))
        .append("\" y=\"")
        .append(HEIGHT - BOTTOM + 16)
        .append("\" text-anchor=\"middle\">")
        .append(p.number())
        .append("</text><text class=\"tick\" x=\"")
        .append(Html.coordinate(centre))
        .append("\" y=\"")
        .append(HEIGHT - BOTTOM + 30)
        .append("\" text-anchor=\"middle\">")
        .append(p.baseFirst() ? "AB" : "BA")
        .append("</text></g>");
  }

  private static void dot(
      StringBuilder out, boolean shown, double x, double value, Scale ys, String color) {
    if (shown) {
      out.append("<circle cx=\"")
          .append(Html.coordinate(x))
          .append("\" cy=\"")
          .append(Html.coordinate(ys.pixel(value)))
          .append("\" r=\"4\" fill=\"")
          .append(color)
          .append("\"/>");
    }
  }

  private static String value(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4g", v) : "-";
  }
}
