package io.github.pgperf.report;

import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.Sample;
import io.github.pgperf.result.Interval;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One test's part of the report: its run settings, its trials, tps and latency over time from each
 * trial's timeline (or a sentence saying there is none), its latency percentile spectrum, and the
 * database's work ({@link WorkSection}).
 */
final class TestSection {

  /** Runs with fewer timeline intervals (drawn ones) are tabled, not drawn over time. */
  static final int MIN_INTERVALS = 3;

  /** Above this many trials, the timeline draws every trial in one colour, thin. */
  private static final int DISTINCT_TRIALS = 6;

  private TestSection() {}

  /**
   * The test's section.
   *
   * @param baselineSamples the baseline's samples of the test, for its work; empty without
   * @param findings the gate's findings of the test; empty without a baseline
   */
  static String html(
      TestRuns test, String anchor, List<Sample> baselineSamples, List<Finding> findings) {
    return html(test, null, anchor, baselineSamples, findings);
  }

  /**
   * The test's section in a comparison: {@code base}, the base revision's runs of the test, are
   * drawn in its latency distribution beside the candidate's.
   *
   * @param base the base's runs of the test; {@code null} outside a comparison or when the base has
   *     no such test
   */
  static String html(
      TestRuns test,
      TestRuns base,
      String anchor,
      List<Sample> baselineSamples,
      List<Finding> findings) {
    StringBuilder out = new StringBuilder();
    out.append("<section class=\"test\" id=\"")
        .append(anchor)
        .append("\"><h2>")
        .append(Html.text(test.key()))
        .append("</h2>");
    settings(out, test);
    out.append(trials(test).html());
    timeline(out, test);
    spectrum(out, test, base);
    out.append(WorkSection.html(test, baselineSamples, findings));
    return out.append("</section>").toString();
  }

  /** The run settings; one table per distinct setting among the trials (normally one). */
  private static void settings(StringBuilder out, TestRuns test) {
    Map<RunSettings, List<String>> distinct = new LinkedHashMap<>();
    for (TestRuns.Trial t : test.trials()) {
      distinct.computeIfAbsent(t.result().settings(), k -> new ArrayList<>()).add(t.file());
    }
    for (Map.Entry<RunSettings, List<String>> e : distinct.entrySet()) {
      RunSettings w = e.getKey();
      List<List<String>> rows = new ArrayList<>();
      rows.add(
          List.of(
              "scripts",
              w.scripts().stream()
                  .map(s -> s.name() + (w.scripts().size() > 1 ? " @" + s.weight() : ""))
                  .collect(Collectors.joining(", "))));
      rows.add(List.of("clients, threads", w.clients() + ", " + w.threads()));
      rows.add(List.of("length", length(w.length())));
      // Query mode and scale are pgbench scripts' settings: Java code ignores them.
      if (!javaOnly(w)) {
        rows.add(List.of("query mode", w.queryMode().name().toLowerCase(Locale.ROOT)));
        rows.add(
            List.of(
                "scale",
                Integer.toString(w.scale())
                    + (w.partitioning() == null
                        ? ""
                        : ", "
                            + w.partitioning().count()
                            + " "
                            + w.partitioning().method()
                            + " partitions")));
      }
      if (w.rate() > 0) {
        rows.add(List.of("rate (-R)", Html.tps(w.rate()) + " tps"));
      }
      if (w.latencyLimitMicros() > 0) {
        rows.add(List.of("latency limit (-L)", Html.millis(w.latencyLimitMicros()) + " ms"));
      }
      rows.add(
          List.of("max tries", w.maxTries() == 0 ? "unlimited" : Integer.toString(w.maxTries())));
      if (w.connectPerTransaction()) {
        rows.add(List.of("connection", "new one per transaction (-C)"));
      }
      if (w.label() != null) {
        rows.add(List.of("label", w.label()));
      }
      String caption =
          distinct.size() == 1
              ? "Run settings"
              : "Run settings of " + String.join(", ", e.getValue());
      out.append(new Table(caption, List.of("setting", "value"), rows).html());
    }
  }

  /**
   * Whether every item of the workload is Java code ({@code LoadRunner.transaction}) rather than a
   * pgbench script. Results record only the items' names: a pgbench script is named {@code
   * <builtin: …>} or by its file (a path or a name with an extension), a Java transaction by the
   * word its test gave it. A Java transaction named like a file is shown as a script: the worst
   * that does is show settings it ignored.
   */
  static boolean javaOnly(RunSettings w) {
    return !w.scripts().isEmpty()
        && w.scripts().stream()
            .map(RunSettings.Script::name)
            .noneMatch(
                n ->
                    n.startsWith("<builtin:")
                        || n.contains(".")
                        || n.contains("/")
                        || n.contains("\\"));
  }

  static String length(RunLength length) {
    if (length instanceof RunLength.Timed t) {
      return t.seconds() + " s (-T)";
    }
    return ((RunLength.PerClient) length).transactions() + " transactions per client (-t)";
  }

  private static Table trials(TestRuns test) {
    List<List<String>> rows = new ArrayList<>();
    for (TestRuns.Trial t : test.trials()) {
      RunResult r = t.result();
      Latencies l = r.total().latency();
      rows.add(
          List.of(
              Integer.toString(t.number()),
              t.file(),
              r.startedAt().toString(),
              String.format(Locale.ROOT, "%.1f", r.benchSeconds()),
              Html.tps(r.tps()),
              Long.toString(r.totalCounts().processed()),
              Long.toString(r.totalCounts().failed()),
              Html.millis(l.meanMicros()),
              Html.millis(l.percentileMicros(50)),
              Html.millis(l.percentileMicros(99)),
              Html.millis(l.maxMicros()),
              r.timeline().isEmpty() ? "none" : Integer.toString(r.timeline().size()),
              r.aborted() ? "ABORTED" : "no"));
    }
    return new Table(
        "Trials in run order (latency in ms)",
        List.of(
            "trial",
            "result file",
            "started (UTC)",
            "seconds",
            "tps",
            "processed",
            "failed",
            "mean",
            "p50",
            "p99",
            "max",
            "timeline intervals",
            "aborted"),
        rows);
  }

  private static void timeline(StringBuilder out, TestRuns test) {
    out.append("<h3>Over time</h3>");
    List<TestRuns.Trial> recorded =
        test.trials().stream().filter(t -> !t.result().timeline().isEmpty()).toList();
    // A line through one or two points shows no course over time, only a misleading slope.
    List<TestRuns.Trial> with =
        recorded.stream()
            .filter(t -> drawn(t.result().timeline()).size() >= MIN_INTERVALS)
            .toList();
    for (TestRuns.Trial t : test.trials()) {
      if (t.result().timeline().isEmpty()) {
        out.append("<p class=\"note\">")
            .append(Html.text(t.file()))
            .append(
                ": no timeline was"
                    + " recorded for this run, so it is not drawn over time (the harness records one unless"
                    + " its timeline interval is 0: <code>--timeline-interval</code> on the command"
                    + " line).</p>");
      }
    }
    List<String> tooShort =
        recorded.stream().filter(t -> !with.contains(t)).map(TestRuns.Trial::file).toList();
    if (!tooShort.isEmpty()) {
      out.append("<p class=\"note\">")
          .append(Html.text(String.join(", ", tooShort)))
          .append(tooShort.size() == 1 ? ": the run was" : ": the runs were")
          .append(" shorter than ")
          .append(MIN_INTERVALS)
          .append(
              " timeline intervals, too short"
                  + " to draw over time; the per-interval figures are in the table"
                  + (tooShort.size() == 1 ? "" : "s")
                  + " below.</p>");
    }
    if (with.isEmpty()) {
      intervalTables(out, recorded);
      return;
    }
    boolean distinct = with.size() <= DISTINCT_TRIALS;
    List<LineChart.Series> tps = new ArrayList<>();
    List<LineChart.Series> latency = new ArrayList<>();
    boolean anyFailures = false;
    boolean leftOut = false;
    for (int i = 0; i < with.size(); i++) {
      TestRuns.Trial t = with.get(i);
      List<Interval> timeline = drawn(t.result().timeline());
      leftOut |= timeline.size() < t.result().timeline().size();
      int n = timeline.size();
      double[] xs = new double[n];
      double[] tpsValues = new double[n];
      double[] failures = new double[n];
      double[] p50 = new double[n];
      double[] p99 = new double[n];
      double[] max = new double[n];
      for (int k = 0; k < n; k++) {
        Interval iv = timeline.get(k);
        xs[k] = (iv.startMicros() + iv.lengthMicros()) / 1e6;
        tpsValues[k] = iv.tps();
        failures[k] = iv.failed() * 1e6 / iv.lengthMicros();
        anyFailures |= iv.failed() > 0;
        boolean none = iv.stats().counts().processed() == 0;
        p50[k] = none ? Double.NaN : iv.p50() / 1000.0;
        p99[k] = none ? Double.NaN : iv.p99() / 1000.0;
        max[k] = none ? Double.NaN : iv.max() / 1000.0;
      }
      String trial = with.size() == 1 ? "" : " " + t.file();
      tps.add(
          new LineChart.Series(
              distinct ? "tps" + trial : "tps (each trial)",
              distinct ? Palette.series(i) : Palette.TPS,
              xs,
              tpsValues,
              false,
              !distinct));
      if (failures.length > 0 && hasPositive(failures)) {
        tps.add(
            new LineChart.Series(
                "failures/s" + (distinct ? trial : " (each trial)"),
                Palette.FAILURES,
                xs,
                failures,
                false,
                !distinct));
      }
      boolean faint = with.size() > 1;
      latency.add(
          new LineChart.Series(
              "p50" + (faint ? " (each trial)" : ""), Palette.P50, xs, p50, false, faint));
      latency.add(
          new LineChart.Series(
              "p99" + (faint ? " (each trial)" : ""), Palette.P99, xs, p99, false, faint));
      latency.add(
          new LineChart.Series(
              "max" + (faint ? " (each trial)" : ""), Palette.MAX, xs, max, false, faint));
    }
    out.append("<div class=\"charts\">");
    out.append(
        new LineChart(
                test.key() + ": tps" + (anyFailures ? " and failures" : "") + " over time",
                LineChart.Axis.linear("seconds since the benchmark start"),
                LineChart.Axis.linear(anyFailures ? "transactions per second" : "tps"),
                tps)
            .html());
    out.append(
        new LineChart(
                test.key() + ": latency over time",
                LineChart.Axis.linear("seconds since the benchmark start"),
                LineChart.Axis.linear("latency, ms"),
                latency)
            .html());
    out.append("</div>");
    if (leftOut) {
      out.append(
          "<p class=\"caption\">A run's last interval, when shorter than half the others,"
              + " holds only the transactions that ended after the run stopped starting new ones: it is"
              + " in the tables below, not drawn.</p>");
    }
    intervalTables(out, recorded);
  }

  /** Each trial's timeline as a table, folded away. */
  private static void intervalTables(StringBuilder out, List<TestRuns.Trial> trials) {
    for (TestRuns.Trial t : trials) {
      List<List<String>> rows = new ArrayList<>();
      for (Interval iv : t.result().timeline()) {
        rows.add(
            List.of(
                String.format(Locale.ROOT, "%.3f", iv.startMicros() / 1e6),
                String.format(Locale.ROOT, "%.3f", iv.lengthMicros() / 1e6),
                Html.tps(iv.tps()),
                Long.toString(iv.failed()),
                Html.millis(iv.p50()),
                Html.millis(iv.p99()),
                Html.millis(iv.max())));
      }
      out.append("<details><summary>Timeline of ")
          .append(Html.text(t.file()))
          .append(" (")
          .append(rows.size())
          .append(" intervals)</summary>")
          .append(
              new Table(
                      "Per interval (latency in ms)",
                      List.of("start s", "length s", "tps", "failed", "p50", "p99", "max"),
                      rows)
                  .html())
          .append("</details>");
    }
  }

  /** The intervals drawn: all but a last one shorter than half the first (the run's tail). */
  static List<Interval> drawn(List<Interval> timeline) {
    int n = timeline.size();
    if (n >= 2 && timeline.get(n - 1).lengthMicros() * 2 < timeline.get(0).lengthMicros()) {
      return timeline.subList(0, n - 1);
    }
    return timeline;
  }

  private static boolean hasPositive(double[] values) {
    for (double v : values) {
      if (v > 0) {
        return true;
      }
    }
    return false;
  }

  private static void spectrum(StringBuilder out, TestRuns test, TestRuns base) {
    out.append("<h3>Latency distribution</h3>");
    Latencies all = test.latency();
    if (all.count() == 0) {
      out.append("<p class=\"note\">No processed transaction: no latency to show.</p>");
      return;
    }
    // In a comparison the base's distribution is drawn beside the candidate's: a tail that only
    // one side has shows where the two lines part.
    Latencies before = base == null ? null : base.latency();
    boolean both = before != null && before.count() > 0;
    List<LineChart.Series> series = new ArrayList<>();
    if (both) {
      series.add(spectrumLine("base", Palette.BASELINE, before));
    }
    series.add(
        spectrumLine(both ? "candidate" : "latency", both ? Palette.CANDIDATE : Palette.P50, all));
    String of =
        both
            ? "all trials of each side"
            : test.trials().size() == 1 ? "the run" : "all " + test.trials().size() + " trials";
    out.append("<div class=\"charts\">");
    out.append(
        new LineChart(
                test.key() + ": latency by percentile (" + of + ")",
                new LineChart.Axis(
                    "percentile (log scale of 1/(1-p))", true, false, Spectrum::percentileLabel),
                LineChart.Axis.linear("latency, ms"),
                series)
            .html());
    List<List<String>> rows = new ArrayList<>();
    for (double p : Latencies.REPORTED_PERCENTILES) {
      rows.add(
          cells(
              Spectrum.percentileLabel(100 / (100 - p)),
              before,
              all,
              both,
              l -> Html.millis(l.percentileMicros(p))));
    }
    rows.add(cells("max", before, all, both, l -> Html.millis(l.maxMicros())));
    rows.add(cells("mean", before, all, both, l -> Html.millis(l.meanMicros())));
    rows.add(cells("transactions", before, all, both, l -> Long.toString(l.count())));
    out.append(
        new Table(
                "Latency of " + of + " (ms)",
                both
                    ? List.of("percentile", "base", "candidate")
                    : List.of("percentile", "latency"),
                rows)
            .html());
    out.append("</div>");
  }

  private static LineChart.Series spectrumLine(String name, String color, Latencies latency) {
    Spectrum s = Spectrum.of(latency);
    double[] ms = new double[s.micros().length];
    for (int i = 0; i < ms.length; i++) {
      ms[i] = s.micros()[i] / 1000;
    }
    return new LineChart.Series(name, color, s.inverse(), ms, false, false);
  }

  private static List<String> cells(
      String label,
      Latencies base,
      Latencies candidate,
      boolean both,
      Function<Latencies, String> figure) {
    return both
        ? List.of(label, figure.apply(base), figure.apply(candidate))
        : List.of(label, figure.apply(candidate));
  }
}
