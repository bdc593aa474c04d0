package io.github.pgperf.gate;

import java.util.List;
import java.util.Locale;

/**
 * The report as Markdown ({@code check.md}, and GitHub's job summary), bounded as {@link
 * OutputLimits} says: at most {@value OutputLimits#MARKDOWN} characters, which a pull request
 * comment and a job summary take.
 */
final class MarkdownReport {

  private MarkdownReport() {}

  /** The whole Markdown text, ending with a newline. */
  static String of(CheckReport report) {
    return of(report, null);
  }

  /**
   * The whole Markdown text led by {@code lead} (a paragraph, or {@code null}), ending with a
   * newline; cut at a line's end to stay under {@value OutputLimits#MARKDOWN} characters, saying
   * so, should its parts (each bounded) still add up to more.
   */
  static String of(CheckReport report, String lead) {
    String text = (lead == null ? "" : lead + "\n\n") + body(report);
    if (text.length() <= OutputLimits.MARKDOWN) {
      return text;
    }
    String note =
        "\n_check.md stops here, at "
            + OutputLimits.MARKDOWN
            + " characters (a pull"
            + " request comment takes 65,536): every finding is in check.json._\n";
    String fence = "```\n";
    int end = text.lastIndexOf('\n', OutputLimits.MARKDOWN - note.length() - fence.length() - 1);
    String cut = text.substring(0, Math.max(0, end + 1));
    // An open code block would swallow the note.
    if (cut.split("```", -1).length % 2 == 0) {
      cut += fence;
    }
    return cut + note;
  }

  private static String body(CheckReport report) {
    GateSettings s = report.settings();
    StringBuilder out = new StringBuilder();
    out.append("## pgperf check: ").append(escape(report.headline().text())).append("\n\n");
    out.append("Results: `")
        .append(report.results())
        .append("`; ")
        .append(report.baseline())
        .append(".\n\n");
    out.append(
        String.format(
            Locale.ROOT,
            "A regression fails only when it is larger than %s and statistically clear"
                + " (one-sided t-test on log values, p < %s for the build's tests and metrics"
                + " together: docs/gate.md).%n%n",
            Judge.percent(s.minimumEffect()),
            s.level()));
    out.append(row(Cells.HEADERS));
    out.append(row(Cells.HEADERS.stream().map(h -> "---").toList()));
    // Findings that fail the build first, in bold: a regression is the first row anyone reads.
    OutputLimits.Table table = OutputLimits.table(report.byUrgency());
    for (Finding f : table.rows()) {
      List<String> cells = Cells.of(f);
      out.append(
          row(
              f.action() == Action.FAIL
                  ? cells.stream().map(c -> "**" + c + "**").toList()
                  : cells));
    }
    if (!table.leftOut().isEmpty()) {
      out.append("\n").append(escape(table.leftOut())).append(".\n");
    }
    List<String> notable =
        report.byUrgency().stream()
            .filter(f -> f.action() != Action.PASS)
            .map(f -> "- **" + f.verdict().text() + "** " + escape(Cells.message(f)))
            .toList();
    if (!notable.isEmpty()) {
      out.append('\n');
      OutputLimits.sentences(notable, "findings").forEach(l -> out.append(l).append('\n'));
    }
    List<Finding> detailed =
        report.byUrgency().stream().filter(f -> !f.detail().isEmpty()).toList();
    for (Finding f : detailed.subList(0, Math.min(OutputLimits.DETAILS, detailed.size()))) {
      List<String> detail = OutputLimits.detail(f.detail());
      // A plan diff is columns: a code block keeps them aligned.
      out.append("\n**")
          .append(f.verdict().text())
          .append("** ")
          .append(escape(detail.get(0)))
          .append("\n\n```text\n");
      detail
          .subList(1, detail.size())
          .forEach(d -> out.append(d.replace("```", "'''")).append('\n'));
      out.append("```\n");
    }
    if (detailed.size() > OutputLimits.DETAILS) {
      out.append('\n')
          .append(detailed.size() - OutputLimits.DETAILS)
          .append(" more findings' detail is in check.json.\n");
    }
    return out.toString();
  }

  private static String row(List<String> cells) {
    StringBuilder out = new StringBuilder("|");
    for (String c : cells) {
      out.append(' ').append(escape(OutputLimits.line(c))).append(" |");
    }
    return out.append('\n').toString();
  }

  /**
   * Text as a table cell or list item shows it: {@code |} would end the cell, a line break the row,
   * and {@code <name>} (a statement's shape) would be taken for an HTML tag and vanish.
   */
  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace("|", "\\|").replace("\n", " ");
  }
}
