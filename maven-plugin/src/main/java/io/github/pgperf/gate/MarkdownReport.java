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
    out.append("## pgperf check: ").append(report.failed() ? "failed" : "passed").append("\n\n");
    out.append(report.summary()).append(". Results: `").append(report.results())
        .append("`; ").append(report.baseline()).append(".\n\n");
    out.append(String.format(Locale.ROOT,
        "A regression fails only when it is larger than %s and statistically clear"
            + " (one-sided Welch t-test on log values, p < %s).%n%n",
        Judge.percent(s.minimumEffect()), s.level()));
    out.append(row(Cells.HEADERS));
    out.append(row(Cells.HEADERS.stream().map(h -> "---").toList()));
    report.findings().forEach(f -> out.append(row(Cells.of(f))));
    List<Finding> notable = report.findings().stream()
        .filter(f -> f.action() != Action.PASS).toList();
    if (!notable.isEmpty()) {
      out.append('\n');
      for (Finding f : notable) {
        out.append("- **").append(f.verdict().text()).append("** ")
            .append(escape(f.message())).append('\n');
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
