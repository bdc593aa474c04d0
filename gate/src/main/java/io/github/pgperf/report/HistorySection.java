package io.github.pgperf.report;

import io.github.pgperf.gate.Verdict;
import io.github.pgperf.history.ChangePoint;
import io.github.pgperf.history.HistoryCheck;
import io.github.pgperf.history.HistoryRecord;
import io.github.pgperf.history.Series;
import java.util.ArrayList;
import java.util.List;

/**
 * The history of builds (docs/history.md): per test and metric, the series on this build's
 * fingerprint with its levels between change points drawn as a step line, so each change point is
 * where the step moves, and a table of the change points with their builds and commit ranges.
 */
final class HistorySection {

  private HistorySection() {}

  static String html(List<HistoryCheck.Judged> judged) {
    if (judged.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("<section id=\"history\"><h2>History</h2>"
        + "<p>Each point is one build's median; the step line is the level between change points"
        + " (E-divisive with Student's t, as Apache Otava finds them).</p><div class=\"charts\">");
    List<List<String>> rows = new ArrayList<>();
    for (HistoryCheck.Judged j : judged) {
      Series s = j.series();
      double[] values = s.values();
      double[] builds = new double[values.length];
      for (int i = 0; i < builds.length; i++) {
        builds[i] = i + 1;
      }
      String unit = s.metric().unit().isEmpty() ? "" : ", " + s.metric().unit();
      out.append(new LineChart(s.test() + ": " + s.metric().words(),
          LineChart.Axis.linear("build"), LineChart.Axis.linear(s.metric().words() + unit),
          List.of(new LineChart.Series(s.metric().words(), Palette.CANDIDATE, builds, values, true,
                  false),
              new LineChart.Series("level between change points", Palette.BASELINE, builds,
                  levels(values, j.changePoints()), false, false))).html());
      for (ChangePoint c : j.changePoints()) {
        HistoryRecord first = s.points().get(c.index());
        boolean reported = j.finding().verdict() == Verdict.CHANGE_POINT
            && c == j.changePoints().get(j.changePoints().size() - 1);
        rows.add(List.of(s.test(), s.metric().words(), Integer.toString(c.index() + 1),
            first.build().build(), s.commitRange(c.index()),
            s.metric().format(c.segments().meanBefore()) + " -> "
                + s.metric().format(c.segments().meanAfter()),
            String.format(java.util.Locale.ROOT, "%+.1f%%", 100 * c.segments().forwardChange()),
            c.pValue() < 0.0001 ? "< 0.0001" : String.format(java.util.Locale.ROOT, "%.4f",
                c.pValue()),
            reported ? "CHANGE_POINT" : ""));
      }
    }
    out.append("</div>");
    out.append(new Table("Change points (build: its number in the series; commits: the last"
        + " build's before the change .. the first's at the new level)",
        List.of("test", "metric", "build", "build id", "commits", "level", "change", "p",
            "reported now"), rows).html());
    return out.append("</section>").toString();
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
