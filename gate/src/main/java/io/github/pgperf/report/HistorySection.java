package io.github.pgperf.report;

import io.github.pgperf.gate.Verdict;
import io.github.pgperf.history.ChangePoint;
import io.github.pgperf.history.HistoryCheck;
import io.github.pgperf.history.HistoryRecord;
import io.github.pgperf.history.Series;
import java.util.List;
import java.util.Locale;

/**
 * The history of builds (docs/history.md): per test and metric, the series on this build's
 * fingerprint with its levels between change points drawn as a step line, so each change point is
 * where the step moves, and a table of the change points with their builds and commit ranges
 * (linked to the repository's comparison of those commits when {@link HistoryCharts} knows it).
 */
final class HistorySection {

  private HistorySection() {}

  static String html(HistoryCharts charts) {
    List<HistoryCheck.Judged> judged = charts.series();
    if (judged.isEmpty()) {
      return "";
    }
    StringBuilder out =
        new StringBuilder(
            "<section id=\"history\"><h2>History</h2>"
                + "<p>Each point is one build's median; the step line is the level between change points"
                + " (E-divisive with Student's t, as Apache Otava finds them).</p><div class=\"charts\">");
    StringBuilder rows = new StringBuilder();
    List<String> constant = new java.util.ArrayList<>();
    for (HistoryCheck.Judged j : judged) {
      Series s = j.series();
      double[] values = s.values();
      if (java.util.Arrays.stream(values).distinct().count() == 1) {
        constant.add(s.test() + " " + s.metric().words());
        continue; // a flat line says less than its name in the list below
      }
      double[] builds = new double[values.length];
      for (int i = 0; i < builds.length; i++) {
        builds[i] = i + 1;
      }
      String unit =
          s.metric().unit().isEmpty() || s.metric().unit().equals(s.metric().words())
              ? ""
              : ", " + s.metric().unit();
      out.append(
          new LineChart(
                  s.test() + ": " + s.metric().words(),
                  LineChart.Axis.linear("build"),
                  LineChart.Axis.linear(s.metric().words() + unit),
                  List.of(
                      new LineChart.Series(
                          s.metric().words(), Palette.CANDIDATE, builds, values, true, false),
                      new LineChart.Series(
                          "level between change points",
                          Palette.BASELINE,
                          builds,
                          levels(values, j.changePoints()),
                          false,
                          false)))
              .html());
      for (ChangePoint c : j.changePoints()) {
        HistoryRecord first = s.points().get(c.index());
        boolean reported =
            j.finding().verdict() == Verdict.CHANGE_POINT
                && c == j.changePoints().get(j.changePoints().size() - 1);
        String link =
            charts.compare(s.points().get(c.index() - 1).build().commit(), first.build().commit());
        String range = Html.text(s.commitRange(c.index()));
        rows.append(reported ? "<tr class=\"finding WARN\">" : "<tr>")
            .append(cell(s.test()))
            .append(cell(s.metric().words()))
            .append("<td class=\"num\">")
            .append(c.index() + 1)
            .append("</td>")
            .append(cell(first.build().build()))
            .append("<td><code>")
            .append(link == null ? range : "<a href=\"" + Html.text(link) + "\">" + range + "</a>")
            .append("</code></td>")
            .append(
                cell(
                    s.metric().format(c.segments().meanBefore())
                        + " -> "
                        + s.metric().format(c.segments().meanAfter())))
            .append(cell(String.format(Locale.ROOT, "%+.1f%%", 100 * c.segments().forwardChange())))
            .append(
                cell(
                    c.pValue() < 0.0001
                        ? "< 0.0001"
                        : String.format(Locale.ROOT, "%.4f", c.pValue())))
            .append(cell(reported ? "CHANGE_POINT" : ""))
            .append("</tr>");
      }
    }
    out.append("</div>");
    if (!constant.isEmpty()) {
      out.append("<p>The same in every build, not drawn: ")
          .append(Html.text(String.join(", ", constant)))
          .append(".</p>");
    }
    out.append(
        "<table><caption>Change points (build: its number in the series; commits: the last"
            + " build's before the change .. the first's at the new level)</caption><thead><tr>");
    for (String h :
        List.of(
            "test",
            "metric",
            "build",
            "build id",
            "commits",
            "level",
            "change",
            "p",
            "reported now")) {
      out.append("<th scope=\"col\">").append(h).append("</th>");
    }
    out.append("</tr></thead><tbody>").append(rows).append("</tbody></table>");
    return out.append("</section>").toString();
  }

  private static String cell(String text) {
    return "<td>" + Html.text(text) + "</td>";
  }

  /** Each value's segment mean: the level the series holds between its change points. */
  static double[] levels(double[] values, List<ChangePoint> changePoints) {
    double[] levels = new double[values.length];
    int from = 0;
    for (int k = 0; k <= changePoints.size(); k++) {
      int to = k < changePoints.size() ? changePoints.get(k).index() : values.length;
      double sum = 0;
      for (int i = from; i < to; i++) {
        sum += values[i];
      }
      for (int i = from; i < to; i++) {
        levels[i] = sum / (to - from);
      }
      from = to;
    }
    return levels;
  }
}
