package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.List;

/**
 * The report as a fixed-width text table, for the build log. Findings that fail the build come
 * first and are marked {@code >>} in a gutter (the log has no colours to rely on), so a regression
 * is not lost among a long table's passes. Bounded ({@link OutputLimits}): a long report's rows
 * beyond the limits are counted in a line below the table.
 */
public final class ConsoleTable {

  /** Marks the rows of findings that fail the build. */
  static final String MARK = ">>";

  private ConsoleTable() {}

  /**
   * The table's lines: header, rule, one row per finding, those that fail first, within {@link
   * OutputLimits}, and a line on the rows left out; then each finding's detail (a changed plan
   * beside the baseline's), after a blank line.
   */
  public static List<String> lines(CheckReport report) {
    OutputLimits.Table table = OutputLimits.table(report.byUrgency());
    List<Finding> findings = table.rows();
    boolean marked = findings.stream().anyMatch(f -> f.action() == Action.FAIL);
    List<List<String>> rows = new ArrayList<>();
    rows.add(gutter(marked, "", Cells.HEADERS));
    findings.forEach(
        f -> rows.add(gutter(marked, f.action() == Action.FAIL ? MARK : "", Cells.of(f))));
    int columns = rows.get(0).size();
    int[] width = new int[columns];
    for (List<String> row : rows) {
      for (int i = 0; i < width.length; i++) {
        width[i] = Math.max(width[i], row.get(i).length());
      }
    }
    List<String> lines = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      lines.add(line(rows.get(r), width));
      if (r == 0) {
        List<String> rule = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
          rule.add(marked && i == 0 ? "" : "-".repeat(width[i]));
        }
        lines.add(line(rule, width));
      }
    }
    if (!table.leftOut().isEmpty()) {
      lines.add(table.leftOut());
    }
    List<Finding> detailed =
        report.byUrgency().stream().filter(f -> !f.detail().isEmpty()).toList();
    for (Finding f : detailed.subList(0, Math.min(OutputLimits.DETAILS, detailed.size()))) {
      List<String> detail = OutputLimits.detail(f.detail());
      lines.add("");
      lines.add(f.verdict().text() + " " + detail.get(0));
      detail.subList(1, detail.size()).forEach(d -> lines.add("  " + d));
    }
    if (detailed.size() > OutputLimits.DETAILS) {
      lines.add("");
      lines.add(
          (detailed.size() - OutputLimits.DETAILS)
              + " more findings' detail is in"
              + " check.json");
    }
    return lines;
  }

  /** The row with a first column for the mark, when any row is marked. */
  private static List<String> gutter(boolean marked, String mark, List<String> cells) {
    if (!marked) {
      return cells;
    }
    List<String> row = new ArrayList<>();
    row.add(mark);
    row.addAll(cells);
    return row;
  }

  private static String line(List<String> cells, int[] width) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String cell = cells.get(i);
      out.append(cell).append(" ".repeat(width[i] - cell.length()));
      if (i < cells.size() - 1) {
        out.append("  ");
      }
    }
    return out.toString().stripTrailing();
  }
}
