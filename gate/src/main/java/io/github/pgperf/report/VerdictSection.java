package io.github.pgperf.report;

import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.Cells;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.Comparison;
import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.Gate;
import io.github.pgperf.gate.Metric;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.gate.Sample;
import io.github.pgperf.gate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The candidate against the baseline: the gate's own findings (so the verdicts are {@code
 * pgperf:check}'s), their sentences, and each compared metric's samples as a strip (a work
 * regression's figure too: {@link WorkSection#findingStrip}).
 */
final class VerdictSection {

  private VerdictSection() {}

  static String html(
      CheckReport check, Baseline baseline, String baselineFailure, ResultFiles results) {
    StringBuilder out = new StringBuilder("<section id=\"baseline\"><h2>Against the baseline</h2>");
    if (check == null) {
      out.append("<p class=\"verdict FAIL\">The baseline could not be read: ")
          .append(Html.text(baselineFailure))
          .append("</p></section>");
      return out.toString();
    }
    out.append("<p>Baseline: ")
        .append(Html.text(check.baseline()))
        .append(". Level ")
        .append(Html.text(String.format(Locale.ROOT, "%s", check.settings().level())))
        .append(", minimum effect ")
        .append(
            Html.text(String.format(Locale.ROOT, "%.1f%%", 100 * check.settings().minimumEffect())))
        .append(". Method: docs/gate.md.</p>");
    List<Finding> findings = findings(out, check);
    out.append("<div class=\"charts\">");
    for (Finding f : findings) {
      if (f.comparison() != null) {
        out.append(strip(f, f.comparison(), baseline, results));
      } else if (f.verdict() == Verdict.WORK_REGRESSION && f.work() != null) {
        // The work the gate failed on, beside the timing: what the database did more of.
        String strip =
            WorkSection.findingStrip(
                f.key(),
                f.work().what(),
                results.samples().getOrDefault(f.key(), List.of()),
                baseline.samples().getOrDefault(f.key(), List.of()));
        out.append(strip == null ? "" : strip);
      }
    }
    return out.append("</div></section>").toString();
  }

  /**
   * The gate's table and its sentences, the findings that fail the build first (highlighted: a
   * regression is the first row read), as check.md lists them.
   *
   * @return the findings in that order
   */
  static List<Finding> findings(StringBuilder out, CheckReport check) {
    List<Finding> findings = check.byUrgency();
    List<List<String>> rows = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    for (Finding f : findings) {
      rows.add(Cells.of(f));
      classes.add("finding " + f.action().name());
    }
    out.append(
        new Table("Verdicts (" + check.summary() + ")", Cells.HEADERS, rows, classes).html());
    out.append("<ul class=\"findings\">");
    for (Finding f : findings) {
      out.append("<li class=\"verdict ")
          .append(f.action().name())
          .append("\"><strong>")
          .append(Html.text(f.verdict().text()))
          .append("</strong> ")
          .append(Html.text(Cells.message(f)));
      if (!f.items().isEmpty()) {
        // Everything the finding stands for: its sentence names the first few.
        out.append("<details><summary>All ")
            .append(f.items().size())
            .append("</summary><ul class=\"items\">");
        f.items()
            .forEach(
                item -> out.append("<li><code>").append(Html.text(item)).append("</code></li>"));
        out.append("</ul></details>");
      }
      out.append("</li>");
    }
    out.append("</ul>");
    return findings;
  }

  private static String strip(Finding f, Comparison c, Baseline baseline, ResultFiles results) {
    Metric m = c.metric();
    List<Sample> now = results.samples().getOrDefault(f.key(), List.of());
    List<Sample> before =
        now.isEmpty()
            ? List.of()
            : Gate.sameSetup(
                baseline.samples().getOrDefault(f.key(), List.of()), now.get(0).fingerprint());
    double scale = m == Metric.TPS ? 1 : 1e-3;
    String unit = m == Metric.TPS ? "tps" : m.label() + " latency, ms";
    String title =
        f.key()
            + " "
            + m.label()
            + ": "
            + f.verdict().text()
            + " ("
            + String.format(Locale.ROOT, "%+.1f%%", 100 * c.change())
            + ")";
    return new StripChart(
            title,
            unit,
            List.of(
                new StripChart.Row(
                    "baseline", Palette.BASELINE, values(before, m, scale), c.baseline() * scale),
                new StripChart.Row(
                    "candidate", Palette.CANDIDATE, values(now, m, scale), c.candidate() * scale)))
        .html();
  }

  private static double[] values(List<Sample> samples, Metric m, double scale) {
    // The same samples the gate counts: positive, finite values only.
    return samples.stream()
        .mapToDouble(s -> s.value(m))
        .filter(v -> v > 0 && Double.isFinite(v))
        .map(v -> v * scale)
        .toArray();
  }
}
