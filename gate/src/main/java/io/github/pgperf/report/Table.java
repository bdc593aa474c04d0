package io.github.pgperf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A text table beside a chart, so that the figures can be read without the chart (screen readers,
 * CI logs, copying). Cells are escaped.
 *
 * @param caption what the table holds
 * @param headers the column names
 * @param rows the cells, as many per row as headers
 * @param rowClasses a CSS class per row (empty for none), to highlight rows; or an empty list
 */
record Table(
    String caption, List<String> headers, List<List<String>> rows, List<String> rowClasses) {

  Table(String caption, List<String> headers, List<List<String>> rows) {
    this(caption, headers, rows, List.of());
  }

  Table {
    rowClasses = List.copyOf(rowClasses);
    if (!rowClasses.isEmpty() && rowClasses.size() != rows.size()) {
      throw new IllegalArgumentException(
          caption + ": " + rowClasses.size() + " row classes for " + rows.size() + " rows");
    }
    headers = List.copyOf(headers);
    List<List<String>> copy = new ArrayList<>();
    for (List<String> row : rows) {
      if (row.size() != headers.size()) {
        throw new IllegalArgumentException(
            caption + ": row of " + row.size() + " cells for " + headers.size() + " columns");
      }
      copy.add(List.copyOf(row));
    }
    rows = List.copyOf(copy);
  }

  String html() {
    StringBuilder out = new StringBuilder("<table>");
    if (caption != null && !caption.isEmpty()) {
      out.append("<caption>").append(Html.text(caption)).append("</caption>");
    }
    out.append("<thead><tr>");
    for (String h : headers) {
      out.append("<th scope=\"col\">").append(Html.text(h)).append("</th>");
    }
    out.append("</tr></thead><tbody>");
    for (int r = 0; r < rows.size(); r++) {
      List<String> row = rows.get(r);
      String css = rowClasses.isEmpty() ? "" : rowClasses.get(r);
      out.append(css.isEmpty() ? "<tr>" : "<tr class=\"" + Html.text(css) + "\">");
      for (String cell : row) {
        out.append(numeric(cell) ? "<td class=\"num\">" : "<td>")
            .append(Html.text(cell))
            .append("</td>");
      }
      out.append("</tr>");
    }
    return out.append("</tbody></table>").toString();
  }

  /** A figure (right-aligned): a number, maybe signed, with a percent sign, unit or count. */
  private static final Pattern FIGURE =
      Pattern.compile("[-+]?\\d[\\d.]*%?( (tps|µs|ms)( \\(n=\\d+\\))?)?");

  static boolean numeric(String cell) {
    return FIGURE.matcher(cell).matches();
  }
}
