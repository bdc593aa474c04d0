package io.github.pgperf.report;

import io.github.pgperf.work.WaitCount;
import io.github.pgperf.work.WaitEvents;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a test's backends spent their time, as inline SVG: one horizontal bar per trial (and one
 * for all trials together), split into the share of wait samples of each {@code
 * wait_event_type:wait_event} and of {@link WaitEvents#CPU}. Every event keeps its colour across
 * the bars; the events beyond the most frequent few are drawn together as "other", so the legend
 * stays short (the table beside the chart lists each one).
 *
 * @param title shown above the plot and read by screen readers
 * @param bars the bars, top to bottom
 */
record WaitChart(String title, List<Bar> bars) {

  static final int WIDTH = 640;
  private static final int LEFT = 120;
  private static final int RIGHT = 20;
  private static final int TOP = 28;
  private static final int BAR = 22;
  private static final int GAP = 10;
  private static final int BOTTOM = 30;

  /** Events drawn in their own colour; the rest are "other". */
  static final int NAMED_EVENTS = 7;

  static final String OTHER = "other";
  private static final String OTHER_COLOR = "#BBBBBB";

  /**
   * One bar.
   *
   * @param name the trial's name, or {@code all trials}
   * @param waits its sampled wait events
   */
  record Bar(String name, WaitEvents waits) {}

  WaitChart {
    bars = List.copyOf(bars);
  }

  /** The events drawn in their own colour, most observations over all bars first. */
  List<String> named() {
    Map<String, Long> all = new LinkedHashMap<>();
    for (Bar b : bars) {
      for (WaitCount c : b.waits().counts()) {
        all.merge(c.event(), c.count(), Long::sum);
      }
    }
    return all.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey()))
        .limit(NAMED_EVENTS)
        .map(Map.Entry::getKey)
        .toList();
  }

  /** The colour of {@code event}, one of {@link #named()}'s or "other". */
  static String color(List<String> named, String event) {
    int i = named.indexOf(event);
    return i < 0 ? OTHER_COLOR : Palette.series(i);
  }

  String html() {
    List<String> named = named();
    int height = TOP + bars.size() * (BAR + GAP) + BOTTOM;
    StringBuilder out = new StringBuilder("<figure class=\"chart\">");
    LineChart.svgStart(out, "wait-chart", WIDTH, height, title, LEFT);
    Scale xs = Scale.of(false, 0, 100, true, LEFT, WIDTH - RIGHT);
    int bottom = TOP + bars.size() * (BAR + GAP);
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
          .append(bottom + 14)
          .append("\" text-anchor=\"middle\">")
          .append(Html.tick(t, xs.step()))
          .append("%</text>");
    }
    for (int i = 0; i < bars.size(); i++) {
      bar(out, bars.get(i), named, xs, TOP + i * (BAR + GAP) + GAP / 2);
    }
    out.append("</svg><figcaption><ul class=\"legend\">");
    List<String> legend = new ArrayList<>(named);
    if (bars.stream()
        .anyMatch(b -> b.waits().counts().stream().anyMatch(c -> !named.contains(c.event())))) {
      legend.add(OTHER);
    }
    for (String event : legend) {
      out.append("<li><span class=\"swatch block\" style=\"background:")
          .append(color(named, event))
          .append("\"></span>")
          .append(Html.text(event))
          .append("</li>");
    }
    return out.append("</ul></figcaption></figure>").toString();
  }

  private static void bar(StringBuilder out, Bar b, List<String> named, Scale xs, int top) {
    WaitEvents w = b.waits();
    long all = w.observations();
    out.append("<g class=\"wait-bar\"><title>")
        .append(Html.text(b.name()))
        .append(": ")
        .append(all)
        .append(" observations in ")
        .append(w.samples())
        .append(" samples</title>");
    out.append("<text class=\"row-label\" x=\"")
        .append(LEFT - 8)
        .append("\" y=\"")
        .append(Html.coordinate(top + BAR / 2.0))
        .append("\" dy=\"0.32em\" text-anchor=\"end\">")
        .append(Html.text(b.name()))
        .append("</text>");
    if (all == 0) {
      out.append("<text class=\"no-data\" x=\"")
          .append(LEFT + 6)
          .append("\" y=\"")
          .append(Html.coordinate(top + BAR / 2.0))
          .append("\" dy=\"0.32em\">no backend seen" + " active</text></g>");
      return;
    }
    // Named events in legend order, then the others together: the same order in every bar.
    Map<String, Long> parts = new LinkedHashMap<>();
    for (String event : named) {
      long n = w.count(event);
      if (n > 0) {
        parts.put(event, n);
      }
    }
    long other = all - parts.values().stream().mapToLong(Long::longValue).sum();
    if (other > 0) {
      parts.put(OTHER, other);
    }
    long before = 0;
    for (Map.Entry<String, Long> p : parts.entrySet()) {
      double x0 = xs.pixel(100.0 * before / all);
      double x1 = xs.pixel(100.0 * (before + p.getValue()) / all);
      before += p.getValue();
      out.append("<rect class=\"wait\" data-event=\"")
          .append(Html.text(p.getKey()))
          .append("\" data-share=\"")
          .append(share(p.getValue(), all))
          .append("\" x=\"")
          .append(Html.coordinate(x0))
          .append("\" y=\"")
          .append(top)
          .append("\" width=\"")
          .append(Html.coordinate(Math.max(0.5, x1 - x0)))
          .append("\" height=\"")
          .append(BAR)
          .append("\" fill=\"")
          .append(color(named, p.getKey()))
          .append("\"><title>")
          .append(Html.text(p.getKey()))
          .append(": ")
          .append(share(p.getValue(), all))
          .append("% (")
          .append(p.getValue())
          .append(")</title></rect>");
    }
    out.append("</g>");
  }

  /** A share in percent with one decimal: {@code 42.5}. */
  static String share(long count, long all) {
    return String.format(Locale.ROOT, "%.1f", 100.0 * count / all);
  }
}
