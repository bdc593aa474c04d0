package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.List;

/** The report as a fixed-width text table, for the build log. */
public final class ConsoleTable {

  private ConsoleTable() {}

  /** The table's lines: header, rule, one row per finding. */
  public static List<String> lines(CheckReport report) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(Cells.HEADERS);
    report.findings().forEach(f -> rows.add(Cells.of(f)));
    int[] width = new int[Cells.HEADERS.size()];
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
        for (int w : width) {
          rule.add("-".repeat(w));
        }
        lines.add(line(rule, width));
      }
    }
    return lines;
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
