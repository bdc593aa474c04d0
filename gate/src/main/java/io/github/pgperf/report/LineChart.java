package io.github.pgperf.report;

import java.util.List;
import java.util.Objects;
import java.util.function.DoubleFunction;

/**
 * A line chart as inline SVG with its legend as HTML: axes with ticks and grid lines, one path per
 * series (a new path segment after a missing value), optional point markers. Everything it prints
 * from its input is escaped.
 *
 * @param title shown above the plot and read by screen readers
 * @param x the horizontal axis
 * @param y the vertical axis
 * @param series the lines, drawn in order
 */
record LineChart(String title, Axis x, Axis y, List<Series> series) {

  static final int WIDTH = 640;
  static final int HEIGHT = 300;
  private static final int LEFT = 72;
  private static final int RIGHT = 20;
  private static final int TOP = 30;
  private static final int BOTTOM = 46;

  /**
   * An axis.
   *
   * @param label what it measures, with the unit
   * @param log whether it is logarithmic (only positive values are drawn)
   * @param fromZero whether a linear axis starts at zero
   * @param tickLabel the text of a tick, or {@code null} for the number itself
   */
  record Axis(String label, boolean log, boolean fromZero, DoubleFunction<String> tickLabel) {
    static Axis linear(String label) {
      return new Axis(label, false, true, null);
    }
  }

  /**
   * One line.
   *
   * @param name the legend's text
   * @param color a CSS colour
   * @param xs horizontal values
   * @param ys vertical values, as many as {@code xs}; NaN leaves a gap
   * @param markers whether each point gets a dot (for lines of few points)
   * @param faint whether the line is drawn thin and translucent (one trial among many)
   */
  record Series(
      String name, String color, double[] xs, double[] ys, boolean markers, boolean faint) {
    Series {
      Objects.requireNonNull(name, "name");
      if (xs.length != ys.length) {
        throw new IllegalArgumentException(
            "series " + name + ": " + xs.length + " x values but " + ys.length + " y values");
      }
    }
  }

  /** Average advance of the title's 13px bold characters, generously estimated. */
  private static final double TITLE_CHAR_WIDTH = 7.6;

  /**
   * The visible title, kept inside the chart: the SVG lets text run past its edge (overflow is
   * visible, for tick labels), so a long test key would run across the chart beside it. Above the
   * plot when it fits; moved to the left edge when not; squeezed to the width as a last resort.
   */
  static void titleText(StringBuilder out, String title, int left, int width) {
    double estimated = title.length() * TITLE_CHAR_WIDTH;
    int x = estimated <= width - left - 4 ? left : 4;
    out.append("<text class=\"chart-title\" x=\"").append(x).append("\" y=\"18\"");
    if (estimated > width - 8) {
      out.append(" textLength=\"").append(width - 8).append("\" lengthAdjust=\"spacingAndGlyphs\"");
    }
    out.append('>').append(Html.text(title)).append("</text>");
  }

  /**
   * Opens a chart's SVG element of class {@code cssClass}, its accessible name and tooltip the
   * title, and draws the title ({@link #titleText}).
   */
  static void svgStart(
      StringBuilder out, String cssClass, int width, int height, String title, int left) {
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"")
        .append(cssClass)
        .append("\" role=\"img\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\" aria-label=\"")
        .append(Html.text(title))
        .append("\"><title>")
        .append(Html.text(title))
        .append("</title>");
    titleText(out, title, left, width);
  }

  /** The chart: an SVG element followed by the legend. */
  String html() {
    StringBuilder out = new StringBuilder();
    out.append("<figure class=\"chart\">");
    svgStart(out, "line-chart", WIDTH, HEIGHT, title, LEFT);
    double[] xr = range(x, true);
    double[] yr = range(y, false);
    if (xr == null || yr == null) {
      out.append("<text class=\"no-data\" x=\"")
          .append(WIDTH / 2)
          .append("\" y=\"")
          .append(HEIGHT / 2)
          .append("\" text-anchor=\"middle\">no data to draw</text></svg>");
      return out.append("</figure>").toString();
    }
    Scale xs = Scale.of(x.log(), xr[0], xr[1], x.fromZero(), LEFT, WIDTH - RIGHT);
    Scale ys = Scale.of(y.log(), yr[0], yr[1], y.fromZero(), HEIGHT - BOTTOM, TOP);
    grid(out, xs, ys);
    out.append("<g class=\"plot\">");
    for (Series s : series) {
      line(out, s, xs, ys);
    }
    out.append("</g></svg>");
    out.append("<figcaption><ul class=\"legend\">");
    for (Series s : series) {
      if (s.faint()
          && series.stream()
              .anyMatch(
                  o ->
                      o != s
                          && o.name().equals(s.name())
                          && series.indexOf(o) < series.indexOf(s))) {
        continue; // one legend entry for the trials drawn under one name
      }
      out.append("<li><span class=\"swatch\" style=\"background:")
          .append(Html.text(s.color()))
          .append("\"></span>")
          .append(Html.text(s.name()))
          .append("</li>");
    }
    return out.append("</ul></figcaption></figure>").toString();
  }

  private double[] range(Axis axis, boolean horizontal) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      for (int i = 0; i < s.xs().length; i++) {
        double xv = s.xs()[i];
        double yv = s.ys()[i];
        if (!drawable(xv, x) || !drawable(yv, y)) {
          continue;
        }
        double v = horizontal ? xv : yv;
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    return min > max ? null : new double[] {min, max};
  }

  private static boolean drawable(double v, Axis axis) {
    return Double.isFinite(v) && (!axis.log() || v > 0);
  }

  private void grid(StringBuilder out, Scale xs, Scale ys) {
    out.append("<g class=\"axes\">");
    for (double t : xs.ticks()) {
      String px = Html.coordinate(xs.pixel(t));
      out.append("<line class=\"grid\" x1=\"")
          .append(px)
          .append("\" x2=\"")
          .append(px)
          .append("\" y1=\"")
          .append(TOP)
          .append("\" y2=\"")
          .append(HEIGHT - BOTTOM)
          .append("\"/>");
      out.append("<text class=\"tick\" x=\"")
          .append(px)
          .append("\" y=\"")
          .append(HEIGHT - BOTTOM + 16)
          .append("\" text-anchor=\"middle\">")
          .append(Html.text(label(x, t, xs)))
          .append("</text>");
    }
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
          .append("\"/>");
      out.append("<text class=\"tick\" x=\"")
          .append(LEFT - 6)
          .append("\" y=\"")
          .append(py)
          .append("\" dy=\"0.32em\" text-anchor=\"end\">")
          .append(Html.text(label(y, t, ys)))
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
    out.append("<text class=\"axis-label\" x=\"")
        .append((LEFT + WIDTH - RIGHT) / 2)
        .append("\" y=\"")
        .append(HEIGHT - 8)
        .append("\" text-anchor=\"middle\">")
        .append(Html.text(x.label()))
        .append("</text>");
    int midY = (TOP + HEIGHT - BOTTOM) / 2;
    out.append("<text class=\"axis-label\" x=\"14\" y=\"")
        .append(midY)
        .append("\" text-anchor=\"middle\" transform=\"rotate(-90 14 ")
        .append(midY)
        .append(")\">")
        .append(Html.text(y.label()))
        .append("</text>");
    out.append("</g>");
  }

  private static String label(Axis axis, double value, Scale scale) {
    return axis.tickLabel() != null
        ? axis.tickLabel().apply(value)
        : scale.log() ? Html.tick(value, Math.min(1, value)) : Html.tick(value, scale.step());
  }

  private void line(StringBuilder out, Series s, Scale xs, Scale ys) {
    StringBuilder d = new StringBuilder();
    StringBuilder dots = new StringBuilder();
    boolean pen = false;
    int points = 0;
    String lastX = "";
    String lastY = "";
    for (int i = 0; i < s.xs().length; i++) {
      double xv = s.xs()[i];
      double yv = s.ys()[i];
      if (!drawable(xv, x) || !drawable(yv, y)) {
        pen = false;
        continue;
      }
      String px = Html.coordinate(xs.pixel(xv));
      String py = Html.coordinate(ys.pixel(yv));
      d.append(pen ? " L" : (d.length() == 0 ? "M" : " M")).append(px).append(',').append(py);
      pen = true;
      points++;
      lastX = px;
      lastY = py;
      if (s.markers()) {
        dots.append("<circle cx=\"")
            .append(px)
            .append("\" cy=\"")
            .append(py)
            .append("\" r=\"3.5\" fill=\"")
            .append(Html.text(s.color()))
            .append("\"/>");
      }
    }
    if (points == 1 && !s.markers()) {
      // A lone point draws no line: mark it so that it shows.
      dots.append("<circle cx=\"")
          .append(lastX)
          .append("\" cy=\"")
          .append(lastY)
          .append("\" r=\"3.5\" fill=\"")
          .append(Html.text(s.color()))
          .append("\"/>");
    }
    out.append("<g class=\"series\"><title>").append(Html.text(s.name())).append("</title>");
    if (d.length() > 0) {
      out.append("<path d=\"")
          .append(d)
          .append("\" fill=\"none\" stroke=\"")
          .append(Html.text(s.color()))
          .append("\" stroke-width=\"")
          .append(s.faint() ? "1.2" : "2")
          .append('"')
          .append(s.faint() ? " stroke-opacity=\"0.6\"" : "")
          .append(" stroke-linejoin=\"round\"/>");
    }
    out.append(dots).append("</g>");
  }
}
