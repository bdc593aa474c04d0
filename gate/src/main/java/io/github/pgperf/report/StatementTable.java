package io.github.pgperf.report;

import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.StatementFigures;
import io.github.pgperf.gate.Work;
import io.github.pgperf.gate.WorkMetric;
import io.github.pgperf.work.StatementWork;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A test's top statements: the {@value #TOP} that took the most execution time over all its trials,
 * with what each call cost the server, and beside each per-call figure the baseline keeps (shared
 * blocks, rows, temp blocks) the baseline's range, marked when this build's is beyond it as the
 * gate counts a change ({@link WorkMetric#regressed}: every trial's value past the baseline's
 * extreme by more than the tolerance and the metric's floor). Statement text is the user's: it is
 * escaped, and a long one is cut with the whole text folded below.
 *
 * @param statements the trials' statements added by text, most execution time first
 * @param trials each trial's work as the gate reads it
 * @param baseline the baseline samples' work of the same work fingerprint; empty when none
 */
record StatementTable(List<StatementWork> statements, List<Work> trials, List<Work> baseline) {

  /** Rows shown; the rest are counted in a line below. */
  static final int TOP = 10;

  /** Statement text longer than this is cut in its cell. */
  static final int CELL_TEXT = 80;

  StatementTable {
    statements = List.copyOf(statements);
    trials = List.copyOf(trials);
    baseline = List.copyOf(baseline);
  }

  String html(String caption) {
    boolean withBaseline = baseline.stream().anyMatch(w -> w.statements() != null);
    StringBuilder out = new StringBuilder("<div class=\"wide\"><table class=\"statements\">");
    out.append("<caption>").append(Html.text(caption)).append("</caption><thead><tr>");
    for (String h :
        List.of(
            "statement",
            "calls",
            "shared blocks per call (hit + read)",
            "rows per call",
            "temp blocks per call",
            "WAL bytes per call",
            "mean ms",
            "total ms")) {
      out.append("<th scope=\"col\">").append(Html.text(h)).append("</th>");
    }
    out.append("</tr></thead><tbody>");
    for (StatementWork s : statements.subList(0, Math.min(TOP, statements.size()))) {
      row(out, s, withBaseline);
    }
    out.append("</tbody></table></div>");
    if (statements.size() > TOP) {
      List<StatementWork> rest = statements.subList(TOP, statements.size());
      double all = statements.stream().mapToDouble(StatementWork::totalExecMillis).sum();
      double restTime = rest.stream().mapToDouble(StatementWork::totalExecMillis).sum();
      out.append("<p class=\"caption more-statements\">and ")
          .append(rest.size())
          .append(rest.size() == 1 ? " more statement" : " more statements")
          .append(
              all > 0
                  ? String.format(
                      Locale.ROOT, " (%.1f%% of the execution time)", 100 * restTime / all)
                  : "")
          .append(", not listed.</p>");
    }
    if (withBaseline) {
      out.append(
              "<p class=\"caption\">Under each per-call figure the baseline keeps, its range"
                  + " over the baseline's samples. <span class=\"worse\">▲</span> marks a figure every"
                  + " trial has more than ")
          .append(Html.text(percent(GateSettings.WORK_TOLERANCE)))
          .append(
              " and its floor above the baseline's largest (what the gate calls a work"
                  + " regression), <span class=\"better\">▼</span> as far below its smallest;"
                  + " statements called fewer than ")
          .append(GateSettings.WORK_MINIMUM_CALLS)
          .append(" times in a run are not compared.</p>");
    }
    return out.toString();
  }

  private void row(StringBuilder out, StatementWork s, boolean withBaseline) {
    boolean known =
        !withBaseline
            || baseline.stream()
                .anyMatch(
                    w ->
                        w.statements(s.nested()) != null
                            && w.statements(s.nested()).containsKey(s.query()));
    out.append("<tr><td class=\"sql\">");
    statementText(out, s.query());
    if (s.nested()) {
      // Its work is also in the statement that ran it: a row to read, not to add.
      out.append(
          " <span class=\"tag\" title=\"run by a trigger or function; its work is also in"
              + " the statement that ran it\">nested</span>");
    }
    if (!known) {
      out.append(" <span class=\"tag\">new since the baseline</span>");
    }
    out.append("</td>");
    cell(out, Long.toString(s.calls()));
    compared(
        out, s, WorkMetric.SHARED_BLOCKS_PER_CALL, s.sharedBlocksPerCall(), known && withBaseline);
    compared(out, s, WorkMetric.ROWS_PER_CALL, s.rowsPerCall(), known && withBaseline);
    compared(
        out,
        s,
        WorkMetric.TEMP_BLOCKS_PER_CALL,
        s.calls() == 0 ? 0 : (double) s.blocks().temp() / s.calls(),
        known && withBaseline);
    cell(out, WorkMetric.format(s.calls() == 0 ? 0 : (double) s.wal().bytes() / s.calls()));
    cell(out, String.format(Locale.ROOT, "%.3f", s.meanExecMillis()));
    cell(out, String.format(Locale.ROOT, "%.1f", s.totalExecMillis()));
    out.append("</tr>");
  }

  /** The text, whole when short, else cut on one line with the whole text folded below. */
  static void statementText(StringBuilder out, String query) {
    String line = query.strip().replaceAll("\\s+", " ");
    if (line.length() <= CELL_TEXT && line.equals(query)) {
      out.append("<code>").append(Html.text(query)).append("</code>");
      return;
    }
    String cut = line.length() <= CELL_TEXT ? line : line.substring(0, cutAt(line)) + "…";
    out.append("<details><summary><code>")
        .append(Html.text(cut))
        .append("</code></summary><pre>")
        .append(Html.text(query))
        .append("</pre></details>");
  }

  /** Where to cut: not between the two halves of a surrogate pair. */
  private static int cutAt(String line) {
    int end = CELL_TEXT - 1;
    return Character.isHighSurrogate(line.charAt(end - 1)) ? end - 1 : end;
  }

  private static void cell(StringBuilder out, String text) {
    out.append("<td class=\"num\">").append(Html.text(text)).append("</td>");
  }

  private void compared(
      StringBuilder out, StatementWork s, WorkMetric m, double value, boolean withBaseline) {
    out.append("<td class=\"num\">").append(Html.text(WorkMetric.format(value)));
    if (withBaseline) {
      double[] before = range(baseline, s.query(), s.nested(), m);
      double[] now = range(trials, s.query(), s.nested(), m);
      if (before == null) {
        out.append("<br><span class=\"was\">baseline: too few calls</span>");
      } else {
        out.append("<br><span class=\"was\">baseline ")
            .append(
                Html.text(
                    before[0] == before[1]
                        ? WorkMetric.format(before[0])
                        : WorkMetric.format(before[0]) + "–" + WorkMetric.format(before[1])))
            .append("</span>");
        if (now != null && m.regressed(before[1], now[0])) {
          out.append(" <span class=\"worse\" title=\"more than the baseline\">▲</span>");
        } else if (now != null && m.regressed(now[1], before[0])) {
          out.append(" <span class=\"better\" title=\"less than the baseline\">▼</span>");
        }
      }
    }
    out.append("</td>");
  }

  /**
   * The smallest and largest value of {@code m} for statement {@code text} (nested or the clients')
   * over {@code works}, counting only runs that called it often enough for the gate; {@code null}
   * when none did.
   */
  static double[] range(List<Work> works, String text, boolean nested, WorkMetric m) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Work w : works) {
      Map<String, StatementFigures> figures = w.statements(nested);
      StatementFigures f = figures == null ? null : figures.get(text);
      if (f == null || f.calls() < GateSettings.WORK_MINIMUM_CALLS) {
        continue;
      }
      double v = f.value(m);
      if (Double.isFinite(v)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    return min > max ? null : new double[] {min, max};
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f%%", 100 * share);
  }

  /**
   * The statements of several runs added by text (a nested one apart from the clients' of the same
   * text), most execution time first.
   */
  static List<StatementWork> added(List<List<StatementWork>> runs) {
    Map<String, StatementWork> byText = new LinkedHashMap<>();
    for (List<StatementWork> run : runs) {
      for (StatementWork s : run) {
        byText.merge((s.nested() ? "nested " : "top ") + s.query(), s, StatementWork::plus);
      }
    }
    List<StatementWork> out = new ArrayList<>(byText.values());
    out.sort(
        Comparator.comparingDouble(StatementWork::totalExecMillis)
            .reversed()
            .thenComparing(StatementWork::query)
            .thenComparing(StatementWork::nested));
    return out;
  }
}
