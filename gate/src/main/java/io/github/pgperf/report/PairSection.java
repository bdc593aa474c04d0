package io.github.pgperf.report;

import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.Comparison;
import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.Metric;
import io.github.pgperf.gate.PairedGate;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.gate.Sample;
import io.github.pgperf.gate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The candidate against the base revision ({@code pgperf:compare}): the verdicts the comparison
 * gave (its own report, handed in, so the page and the build agree, confirmation included), their
 * sentences, and each compared metric's pairs as {@link PairChart}s with a table of the pairs
 * beside each; a work regression's figure as {@link WorkSection#findingStrip} draws it, the base's
 * trials in the baseline's place.
 */
final class PairSection {

  private PairSection() {}

  static String html(CheckReport check, Against.TheBase base, ResultFiles candidate) {
    StringBuilder out =
        new StringBuilder("<section id=\"")
            .append(base.anchor())
            .append("\"><h2>")
            .append(base.section())
            .append("</h2>");
    // The lead line heads the page already; here, how to read what follows.
    out.append(
            "<p>A pair is one trial of the base and one of the candidate, run one after the"
                + " other in the order shown (A the base, B the candidate). Level ")
        .append(Html.text(String.format(Locale.ROOT, "%s", check.settings().level())))
        .append(", minimum effect ")
        .append(
            Html.text(String.format(Locale.ROOT, "%.1f%%", 100 * check.settings().minimumEffect())))
        .append(
            "; timing is judged on each pair's change (paired statistics: docs/gate.md)."
                + " In each test's database work below, the baseline is the base revision's trials"
                + " and this build the candidate's.</p>");
    List<Finding> findings = VerdictSection.findings(out, check);
    Map<String, List<PairedGate.Pair>> pairs = PairedGate.pairs(base.results(), candidate);
    for (Finding f : findings) {
      Comparison c = f.comparison();
      if (c != null) {
        out.append(pairs(f, c, pairs.getOrDefault(f.key(), List.of())));
      } else if (f.verdict() == Verdict.WORK_REGRESSION && f.work() != null) {
        String strip =
            WorkSection.findingStrip(
                f.key(),
                f.work().what(),
                candidate.samples().getOrDefault(f.key(), List.of()),
                base.samples(f.key()));
        out.append(strip == null ? "" : "<div class=\"charts\">" + strip + "</div>");
      }
    }
    return out.append("</section>").toString();
  }

  /** One metric's pairs: the chart and, beside it, the table of the same figures. */
  private static String pairs(Finding f, Comparison c, List<PairedGate.Pair> all) {
    Metric m = c.metric();
    // The verdict counted the first pairs by trial number; more of them ran when another test of
    // the class was being confirmed, and this finding did not look at those.
    List<PairedGate.Pair> counted = all.subList(0, Math.min(all.size(), c.baselineCount()));
    double scale = m == Metric.TPS ? 1 : 1e-3;
    String unit = m == Metric.TPS ? "tps" : m.label() + " latency, ms";
    List<PairChart.Pair> drawn = new ArrayList<>();
    List<List<String>> rows = new ArrayList<>();
    for (PairedGate.Pair p : counted) {
      Sample b = p.base();
      Sample cand = p.candidate();
      PairChart.Pair pair =
          new PairChart.Pair(
              p.number(),
              !b.startedAt().isAfter(cand.startedAt()),
              b.value(m) * scale,
              cand.value(m) * scale);
      drawn.add(pair);
      rows.add(
          List.of(
              Integer.toString(p.number()),
              pair.order(),
              figure(m, b.value(m)),
              figure(m, cand.value(m)),
              PairChart.change(pair.change())));
    }
    rows.add(
        List.of(
            "all " + counted.size(),
            "",
            figure(m, c.baseline()),
            figure(m, c.candidate()),
            PairChart.change(c.change())));
    String title =
        f.key()
            + " "
            + m.label()
            + ": "
            + f.verdict().text()
            + " ("
            + PairChart.change(c.change())
            + ")";
    StringBuilder out = new StringBuilder("<div class=\"charts\">");
    out.append(new PairChart(title, unit, drawn).html());
    out.append(
        new Table(
                f.key()
                    + " "
                    + m.label()
                    + " by pair ("
                    + unit
                    + "; all: the geometric means the verdict compares)",
                List.of("pair", "order", "base", "candidate", "change"),
                rows)
            .html());
    if (all.size() > counted.size()) {
      out.append("<p class=\"caption\">")
          .append(all.size() - counted.size())
          .append(
              " later pairs ran to confirm another test of the class: not in this"
                  + " verdict.</p>");
    }
    return out.append("</div>").toString();
  }

  private static String figure(Metric m, double value) {
    return m == Metric.TPS ? Html.tps(value) : Html.millis(value);
  }
}
