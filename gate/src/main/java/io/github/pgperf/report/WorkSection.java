package io.github.pgperf.report;

import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.Sample;
import io.github.pgperf.gate.Work;
import io.github.pgperf.gate.WorkFingerprint;
import io.github.pgperf.gate.WorkMetric;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.WaitEvents;
import io.github.pgperf.work.WorkPart;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * One test's database work (the results' {@code serverWork}, docs/server-work.md): the work per
 * transaction as strips of the baseline's samples against this build's trials, the top statements
 * with their per-call work, the wait events as a chart, and the plans. A part no trial captured
 * says "not measured" with the harness's reason; results without server work (schema 1 and 2,
 * counters off) say so once.
 */
final class WorkSection {

  /** Statements drawn as strips of shared blocks per call: the top ones the baseline also has. */
  static final int STATEMENT_STRIPS = 3;

  /** Statement text longer than this is cut in a chart's title (the table has it whole). */
  static final int TITLE_TEXT = 40;

  static final String NO_WORK =
      "not measured: the result files carry no server work (written"
          + " before result schema 3, or with the counters off: pgperf.serverCounters=false, or the"
          + " command line without --server-counters)";

  private WorkSection() {}

  /**
   * The section.
   *
   * @param test the test's trials
   * @param baselineSamples the baseline's samples of this test (any fingerprint); empty without
   * @param findings the gate's findings of this test; empty without a baseline
   */
  static String html(TestRuns test, List<Sample> baselineSamples, List<Finding> findings) {
    StringBuilder out = new StringBuilder("<div class=\"work\"><h3>Database work</h3>");
    List<TestRuns.Trial> with =
        test.trials().stream().filter(t -> t.result().serverWork() != null).toList();
    if (with.isEmpty()) {
      return out.append("<p class=\"note\">")
          .append(Html.text(NO_WORK))
          .append("</p></div>")
          .toString();
    }
    List<String> without =
        test.trials().stream()
            .filter(t -> t.result().serverWork() == null)
            .map(TestRuns.Trial::file)
            .toList();
    if (!without.isEmpty()) {
      out.append("<p class=\"note\">")
          .append(Html.text(String.join(", ", without)))
          .append(
              ": not measured (no server work in the file); the figures below are the other"
                  + " trials'.</p>");
    }
    List<String> incomplete =
        with.stream()
            .filter(t -> t.result().serverWork().statementsIncomplete())
            .map(t -> t.file() + " (" + t.result().serverWork().statementEvictions() + ")")
            .toList();
    if (!incomplete.isEmpty()) {
      out.append("<p class=\"note\">Statement counters incomplete in ")
          .append(Html.text(String.join(", ", incomplete)))
          .append(
              ": pg_stat_statements evicted"
                  + " its least-used entries during the run (how many times, in parentheses): more"
                  + " distinct statements ran than pg_stat_statements.max keeps. The statements'"
                  + " figures and the work per transaction below may be short, and the gate does not"
                  + " compare them; raise pg_stat_statements.max.</p>");
    }
    List<Work> trials = with.stream().map(t -> Work.of(t.result())).toList();
    List<Work> baseline =
        comparable(out, trials.get(trials.size() - 1).fingerprint(), baselineSamples);
    List<List<StatementWork>> runs =
        with.stream()
            .map(t -> t.result().serverWork().statements())
            .filter(Objects::nonNull)
            .toList();
    List<StatementWork> added = StatementTable.added(runs);
    strips(out, test.key(), trials, baseline, added);
    statements(out, with, runs, added, trials, baseline);
    waits(out, test.key(), with);
    plans(out, with, baseline, findings);
    return out.append("</div>").toString();
  }

  /**
   * The baseline samples' work of {@code print}, oldest first, as the gate compares them; says why
   * when the baseline has work of other setups only.
   */
  private static List<Work> comparable(
      StringBuilder out, WorkFingerprint print, List<Sample> samples) {
    List<Sample> withWork =
        samples.stream()
            .filter(s -> s.work() != null)
            .sorted(Comparator.comparing(Sample::startedAt).thenComparing(Sample::source))
            .toList();
    List<Work> same =
        withWork.stream().map(Sample::work).filter(w -> w.fingerprint().equals(print)).toList();
    if (samples.isEmpty()) {
      out.append(
          "<p class=\"caption\">No baseline samples of this test: this build's work"
              + " alone.</p>");
    } else if (withWork.isEmpty()) {
      out.append(
          "<p class=\"caption\">The baseline's samples of this test hold no work (recorded"
              + " before work was kept, or with the counters off): this build's work alone.</p>");
    } else if (same.isEmpty()) {
      out.append(
              "<p class=\"note\">The baseline's work was recorded on another setup, so it is"
                  + " not compared: ")
          .append(
              Html.text(
                  String.join(
                      "; ",
                      print.differences(withWork.get(withWork.size() - 1).work().fingerprint()))))
          .append(".</p>");
    }
    return same;
  }

  private static void strips(
      StringBuilder out,
      String key,
      List<Work> trials,
      List<Work> baseline,
      List<StatementWork> top) {
    out.append("<h4>Work per transaction and per call</h4>");
    if (trials.stream().allMatch(w -> w.perTransaction() == null)) {
      out.append(
          "<p class=\"note\">not measured: per-transaction work comes from"
              + " pg_stat_statements (see Top statements below).</p>");
      return;
    }
    List<List<String>> rows = new ArrayList<>();
    List<String> zero = new ArrayList<>();
    StringBuilder charts = new StringBuilder();
    for (WorkMetric m : WorkMetric.PER_TRANSACTION) {
      double[] now =
          trials.stream().mapToDouble(w -> w.value(m)).filter(Double::isFinite).toArray();
      double[] before =
          baseline.stream().mapToDouble(w -> w.value(m)).filter(Double::isFinite).toArray();
      if (now.length == 0 && before.length == 0 && !m.required()) {
        continue; // a figure added later, which neither side holds
      }
      rows.add(List.of(m.words(), range(before), range(now)));
      if (allZero(now) && allZero(before)) {
        zero.add(m.words());
        continue;
      }
      charts.append(strip(key + ": " + m.words(), m.words(), before, now));
    }
    // The top statements' shared blocks per call: where a per-transaction change comes from.
    WorkMetric perCall = WorkMetric.SHARED_BLOCKS_PER_CALL;
    int drawn = 0;
    for (StatementWork s : top) {
      if (drawn == STATEMENT_STRIPS) {
        break;
      }
      double[] now = values(trials, s.query(), s.nested(), perCall);
      double[] before = values(baseline, s.query(), s.nested(), perCall);
      if (now.length == 0 || before.length == 0 || allZero(now) && allZero(before)) {
        continue;
      }
      drawn++;
      String cut = (s.nested() ? "nested " : "") + cut(s.query());
      charts.append(strip(key + ": " + perCall.words() + ", " + cut, perCall.words(), before, now));
      rows.add(List.of(perCall.words() + ": " + cut, range(before), range(now)));
    }
    out.append("<div class=\"charts\">")
        .append(charts)
        .append(
            new Table(
                    "Work figures (smallest–largest; n runs)",
                    List.of("figure", "baseline", "this build"),
                    rows)
                .html())
        .append("</div>");
    if (!zero.isEmpty()) {
      out.append("<p class=\"caption\">")
          .append(Html.text(String.join(", ", zero)))
          .append(": 0 in every run, not drawn.</p>");
    }
    out.append(
        "<p class=\"caption\">Each dot a run: the baseline's samples of the same work"
            + " setup (grey) and this build's trials (blue). The bold ticks are what the gate"
            + " compares: the baseline's largest and this build's smallest.</p>");
  }

  /** Baseline's samples against this build's trials; the bold ticks at what the gate compares. */
  static String strip(String title, String unit, double[] before, double[] now) {
    List<StripChart.Row> rows = new ArrayList<>();
    if (before.length > 0) {
      rows.add(new StripChart.Row("baseline", Palette.BASELINE, before, max(before)));
    }
    rows.add(new StripChart.Row("this build", Palette.CANDIDATE, now, min(now)));
    return new StripChart(title, unit, rows).html();
  }

  /**
   * The strip of a work finding's figure, beside the timing strips: {@code what} is the finding's
   * {@code WorkChange.what} (a metric's words, or {@code words: statement} cut as the gate cuts
   * it); {@code null} when it names no figure of these samples.
   */
  static String findingStrip(
      String key, String what, List<Sample> candidate, List<Sample> baselineSamples) {
    List<Work> now = candidate.stream().map(Sample::work).filter(Objects::nonNull).toList();
    if (now.isEmpty()) {
      return null;
    }
    WorkFingerprint print =
        candidate.stream()
            .filter(s -> s.work() != null)
            .max(Comparator.comparing(Sample::startedAt).thenComparing(Sample::source))
            .orElseThrow()
            .work()
            .fingerprint();
    List<Work> before =
        baselineSamples.stream()
            .map(Sample::work)
            .filter(w -> w != null && w.fingerprint().equals(print))
            .toList();
    List<Work> compared = now.stream().filter(w -> w.fingerprint().equals(print)).toList();
    for (WorkMetric m : WorkMetric.values()) {
      if (!m.perCall() && what.equals(m.words())) {
        return strip(
            key + " " + m.words() + ": WORK_REGRESSION",
            m.words(),
            before.stream().mapToDouble(w -> w.value(m)).filter(Double::isFinite).toArray(),
            compared.stream().mapToDouble(w -> w.value(m)).filter(Double::isFinite).toArray());
      }
      if (m.perCall() && what.startsWith(m.words() + ": ")) {
        String named = what.substring(m.words().length() + 2);
        // The gate names a nested statement "nested <text>": no SQL text starts so.
        boolean nested = named.startsWith("nested ");
        String cut = nested ? named.substring("nested ".length()) : named;
        String text =
            compared.stream()
                .filter(w -> w.statements(nested) != null)
                .flatMap(w -> w.statements(nested).keySet().stream())
                .filter(t -> cut(t).equals(cut))
                .findFirst()
                .orElse(null);
        if (text == null) {
          return null;
        }
        return strip(
            key + " " + m.words() + ", " + named + ": WORK_REGRESSION",
            m.words(),
            values(before, text, nested, m),
            values(compared, text, nested, m));
      }
    }
    return null;
  }

  /** A statement's text on one line, cut to {@value #TITLE_TEXT} characters for a chart title. */
  static String cut(String text) {
    String line = text.strip().replaceAll("\\s+", " ");
    return line.length() <= TITLE_TEXT ? line : line.substring(0, TITLE_TEXT - 1) + "…";
  }

  /**
   * A statement's (nested or the clients') per-call figure in each of {@code works} that ran it.
   */
  static double[] values(List<Work> works, String text, boolean nested, WorkMetric m) {
    return works.stream()
        .filter(w -> w.statements(nested) != null && w.statements(nested).containsKey(text))
        .mapToDouble(w -> w.statements(nested).get(text).value(m))
        .filter(Double::isFinite)
        .toArray();
  }

  private static void statements(
      StringBuilder out,
      List<TestRuns.Trial> with,
      List<List<StatementWork>> runs,
      List<StatementWork> added,
      List<Work> trials,
      List<Work> baseline) {
    out.append("<h4>Top statements</h4>");
    if (runs.isEmpty()) {
      out.append("<p class=\"note\">not measured: ")
          .append(Html.text(reason(with, WorkPart.STATEMENTS)))
          .append("</p>");
      return;
    }
    if (added.isEmpty()) {
      out.append(
          "<p class=\"caption\">pg_stat_statements counted no statement in the measured"
              + " window.</p>");
      return;
    }
    String of = runs.size() == 1 ? "the run" : "all " + runs.size() + " trials";
    out.append(
        new StatementTable(added, trials, baseline)
            .html(
                "Top statements by execution"
                    + " time over "
                    + of
                    + " (pg_stat_statements; per call: all calls of "
                    + of
                    + ")"));
  }

  private static void waits(StringBuilder out, String key, List<TestRuns.Trial> with) {
    out.append("<h4>Wait events</h4>");
    List<WaitChart.Bar> bars = new ArrayList<>();
    List<List<String>> rows = new ArrayList<>();
    WaitEvents all = null;
    boolean addable = true;
    for (TestRuns.Trial t : with) {
      WaitEvents w = t.result().serverWork().waits();
      if (w == null) {
        out.append("<p class=\"note\">")
            .append(Html.text(t.file()))
            .append(": not measured: ")
            .append(Html.text(reason(List.of(t), WorkPart.WAITS)))
            .append("</p>");
        continue;
      }
      bars.add(new WaitChart.Bar(with.size() == 1 ? "the run" : "trial " + t.number(), w));
      if (all == null) {
        all = w;
      } else if (addable && all.intervalMillis() == w.intervalMillis()) {
        all = all.plus(w);
      } else {
        addable = false;
      }
      rows.add(
          List.of(
              with.size() == 1 ? "the run" : "trial " + t.number(),
              Integer.toString(w.intervalMillis()),
              Long.toString(w.samples()),
              Long.toString(w.observations()),
              w.observations() == 0
                  ? "-"
                  : w.top() + " " + WaitChart.share(w.count(w.top()), w.observations()) + "%"));
    }
    if (bars.isEmpty()) {
      return;
    }
    if (bars.size() > 1 && addable) {
      bars.add(new WaitChart.Bar("all trials", all));
    }
    WaitChart chart = new WaitChart(key + ": wait events, share of samples", bars);
    out.append("<div class=\"charts\">")
        .append(chart.html())
        .append(
            new Table(
                    "Wait sampling",
                    List.of("run", "every ms", "samples", "observations", "most seen"),
                    rows)
                .html())
        .append("</div>");
    List<List<String>> events = new ArrayList<>();
    WaitEvents total = bars.get(bars.size() - 1).waits();
    total
        .counts()
        .forEach(
            c ->
                events.add(
                    List.of(
                        c.event(),
                        Long.toString(c.count()),
                        total.observations() == 0
                            ? "-"
                            : WaitChart.share(c.count(), total.observations()) + "%")));
    out.append("<details><summary>Every wait event (")
        .append(events.size())
        .append(")</summary>")
        .append(
            new Table(
                    "Wait events of " + bars.get(bars.size() - 1).name(),
                    List.of("wait_event_type:wait_event", "observations", "share"),
                    events)
                .html())
        .append("</details>");
    out.append(
        "<p class=\"caption\">The run's backends, read from pg_stat_activity at each"
            + " sample: an active backend waiting for nothing counts as CPU; Client:ClientRead is a"
            + " backend waiting for its client's next statement.</p>");
  }

  private static void plans(
      StringBuilder out, List<TestRuns.Trial> with, List<Work> baseline, List<Finding> findings) {
    out.append("<h4>Plans</h4>");
    if (with.stream().allMatch(t -> t.result().serverWork().plans() == null)) {
      out.append("<p class=\"note\">not measured: ")
          .append(Html.text(reason(with, WorkPart.PLANS)))
          .append("</p>");
      return;
    }
    out.append(new PlanView(with, baseline, findings).html());
    String partly =
        with.stream()
            .map(t -> t.result().serverWork())
            .filter(w -> w.plans() != null)
            .map(w -> w.whyUnavailable(WorkPart.PLANS))
            .filter(Objects::nonNull)
            .findFirst()
            .orElse(null);
    if (partly != null) {
      out.append("<p class=\"caption\">").append(Html.text(partly)).append("</p>");
    }
  }

  /** The first trial's reason for {@code part}, as the harness gave it. */
  private static String reason(List<TestRuns.Trial> trials, WorkPart part) {
    return trials.stream()
        .map(t -> t.result().serverWork().whyUnavailable(part))
        .filter(Objects::nonNull)
        .findFirst()
        .orElse("no reason recorded");
  }

  private static String range(double[] values) {
    if (values.length == 0) {
      return "-";
    }
    String lo = WorkMetric.format(min(values));
    String hi = WorkMetric.format(max(values));
    return (lo.equals(hi) ? lo : lo + "–" + hi) + " (n=" + values.length + ")";
  }

  private static boolean allZero(double[] values) {
    for (double v : values) {
      if (v != 0) {
        return false;
      }
    }
    return true;
  }

  private static double min(double[] values) {
    double m = Double.POSITIVE_INFINITY;
    for (double v : values) {
      m = Math.min(m, v);
    }
    return m;
  }

  private static double max(double[] values) {
    double m = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      m = Math.max(m, v);
    }
    return m;
  }
}
