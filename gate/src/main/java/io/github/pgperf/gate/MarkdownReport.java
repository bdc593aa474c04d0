package io.github.pgperf.gate;

import java.util.List;
import java.util.Locale;

/** The report as Markdown ({@code check.md}, and GitHub's job summary). */
final class MarkdownReport {

  private MarkdownReport() {}

  /** The whole Markdown text, ending with a newline. */
  static String of(CheckReport report) {
    GateSettings s = report.settings();
    StringBuilder out = new StringBuilder();
    out.append("## pgperf check: ").append(escape(report.headline().text())).append("\n\n");
    out.append("Results: `").append(report.results())
        .append("`; ").append(report.baseline()).append(".\n\n");
    out.append(String.format(Locale.ROOT,
        "A regression fails only when it is larger than %s and statistically clear"
            + " (one-sided t-test on log values, p < %s for the build's tests and metrics"
            + " together: docs/gate.md).%n%n",
        Judge.percent(s.minimumEffect()), s.level()));
    out.append(row(Cells.HEADERS));
    out.append(row(Cells.HEADERS.stream().map(h -> "---").toList()));
    // Findings that fail the build first, in bold: a regression is the first row anyone reads.
    for (Finding f : report.byUrgency()) {
      List<String> cells = Cells.of(f);
      out.append(row(f.action() == Action.FAIL
          ? cells.stream().map(c -> "**" + c + "**").toList() : cells));
    }
    List<Finding> notable = report.byUrgency().stream()
        .filter(f -> f.action() != Action.PASS).toList();
    if (!notable.isEmpty()) {
      out.append('\n');
      for (Finding f : notable) {
        out.append("- **").append(f.verdict().text()).append("** ")
            .append(escape(Cells.message(f))).append('\n');
      }
    }
    for (Finding f : report.byUrgency()) {
      if (!f.detail().isEmpty()) {
        // A plan diff is columns: a code block keeps them aligned.
        out.append("\n**").append(f.verdict().text()).append("** ")
            .append(escape(f.detail().get(0))).append("\n\n```text\n");
        f.detail().subList(1, f.detail().size())
            .forEach(d -> out.append(d.replace("```", "'''")).append('\n'));
        out.append("```\n");
      }
    }
    return out.toString();
  }

  private static String row(List<String> cells) {
    StringBuilder out = new StringBuilder("|");
    for (String c : cells) {
      out.append(' ').append(escape(c)).append(" |");
    }
    return out.append('\n').toString();
  }

  private static String escape(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
