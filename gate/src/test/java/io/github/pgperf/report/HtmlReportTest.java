package io.github.pgperf.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.BaselineStore;
import io.github.pgperf.gate.Cells;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.gate.Gate;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.internal.run.RunResultBuilder;
import io.github.pgperf.internal.run.ThreadRecorder;
import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

  @TempDir Path dir;

  @Test
  void timelineChartsHaveOnePathPerSeriesAndTablesTheIntervals() throws IOException {
    Path results = dir.resolve("results");
    // 2000 transactions at 1000 tps over 2 s, 250 ms intervals: 8 intervals.
    ReportFixtures.trials(
        results, "OrdersIT-select", 1, 1000, 1500, Fixtures.workload(4, "x"), 250_000, 1);
    RunResult run = ResultJson.read(results.resolve("OrdersIT-select.json"));
    assertThat(run.timeline()).hasSize(8);

    String html = ReportFixtures.render(results, dir.resolve("no-store"));

    String tpsChart = chart(html, "OrdersIT-select: tps over time");
    assertThat(count(tpsChart, "<path d=\"M")).isEqualTo(1);
    // One point per interval: M and 7 L.
    assertThat(count(pathData(tpsChart), "L")).isEqualTo(7);
    String latencyChart = chart(html, "OrdersIT-select: latency over time");
    assertThat(count(latencyChart, "<path d=\"M")).isEqualTo(3);
    assertThat(latencyChart)
        .contains("<li><span class=\"swatch\"", ">p50</li>", ">p99</li>", ">max</li>");
    assertThat(html).contains("Timeline of OrdersIT-select.json (8 intervals)");
    String firstRow =
        String.format(
            Locale.ROOT,
            "<td class=\"num\">0.000</td><td class=\"num\">"
                + "0.250</td><td class=\"num\">%.1f</td>",
            run.timeline().get(0).tps());
    assertThat(html).contains(firstRow);
    assertThat(chart(html, "OrdersIT-select: latency by percentile (the run)"))
        .contains("<path d=\"M")
        .contains(">99%</text>");
  }

  @Test
  void failuresAreDrawnOverTimeBesideTps() throws IOException {
    // A real recorder fed transactions of which every tenth failed on serialization.
    RunSettings workload = Fixtures.workload(2, "failures");
    ThreadRecorder recorder =
        new ThreadRecorder(
            workload,
            List.of(List.of("SELECT abalance FROM pgbench_accounts WHERE aid = :aid;")),
            100_000);
    for (int i = 0; i < 1000; i++) {
      long now = i * 1000L;
      if (i % 10 == 0) {
        recorder.failed(0, now, FailureKind.SERIALIZATION, 1);
      } else {
        recorder.processed(0, now, 900, 0, 1);
      }
    }
    recorder.finish(1_000_000);
    RunResult run =
        new RunResultBuilder(workload)
            .server(Fixtures.server(Fixtures.VERSION))
            .client(new ClientMachine("dev", 2, "JVM", "Linux"))
            .startedAt(ReportFixtures.START)
            .endedAt(ReportFixtures.START.plusSeconds(1))
            .benchMicros(1_000_000)
            .build(List.of(recorder));
    Path results = dir.resolve("results");
    Files.createDirectories(results);
    ResultJson.write(run, results.resolve("RetryIT-update.json"));

    String html = ReportFixtures.render(results, dir.resolve("no-store"));

    String chart = chart(html, "RetryIT-update: tps and failures over time");
    assertThat(count(chart, "<path d=\"M")).isEqualTo(2);
    assertThat(chart).contains(">failures/s</li>").contains("stroke=\"" + Palette.FAILURES + "\"");
    // 10 intervals of 100 ms, 10 failures each: 100 failures/s, in the table too.
    assertThat(html)
        .contains(
            "<td class=\"num\">0.100</td><td class=\"num\">0.100</td>"
                + "<td class=\"num\">900.0</td><td class=\"num\">10</td>");
  }

  @Test
  void aRunWithoutTimelineIsSaidSoAndNotDrawnOverTime() throws IOException {
    Path results = dir.resolve("results");
    ReportFixtures.trials(
        results, "NoTimelineIT-x", 1, 1000, 1500, Fixtures.workload(4, "x"), 0, 1);

    String html = ReportFixtures.render(results, dir.resolve("no-store"));

    assertThat(html).contains("NoTimelineIT-x.json: no timeline was recorded for this run");
    assertThat(html).doesNotContain("NoTimelineIT-x: tps over time");
    // Its distribution is still drawn from the stored histogram.
    assertThat(chart(html, "NoTimelineIT-x: latency by percentile")).contains("<path d=\"M");
  }

  @Test
  void verdictsAreTheGatesAndEveryComparedMetricHasAStrip() throws IOException {
    ReportFixtures.representative(dir);
    Path results = dir.resolve("results");
    Path store = dir.resolve("baseline");

    String html = ReportFixtures.render(results, store);

    CheckReport check =
        new Gate(ReportFixtures.settings())
            .check(ResultFiles.read(results), Baseline.fromStore(new BaselineStore(store)));
    assertThat(check.failed()).isTrue();
    assertThat(html)
        .contains(
            "<p class=\"outcome verdict FAIL\">pgperf:check with these settings"
                + " fails the build: "
                + check.summary()
                + "</p>");
    for (Finding f : check.findings()) {
      StringBuilder row = new StringBuilder("<tr class=\"finding " + f.action().name() + "\">");
      for (String cell : Cells.of(f)) {
        row.append(Table.numeric(cell) ? "<td class=\"num\">" : "<td>")
            .append(Html.text(cell))
            .append("</td>");
      }
      assertThat(html).contains(row.append("</tr>").toString());
      assertThat(html).contains(Html.text(Cells.message(f)));
    }
    List<Finding> compared = check.findings().stream().filter(f -> f.comparison() != null).toList();
    assertThat(compared)
        .extracting(f -> f.verdict().text())
        .containsExactly("REGRESSION", "REGRESSION", "REGRESSION");
    String strip = chart(html, "OrdersIT-insert tps: REGRESSION");
    // Six baseline and six candidate samples, each a dot.
    assertThat(count(strip, "<circle")).isEqualTo(12);
    assertThat(strip).contains(">baseline</text>", ">candidate</text>");
    assertThat(count(html, "class=\"strip-chart\"")).isEqualTo(3);
  }

  @Test
  void clientSweepsAreTabledAndDrawnByClients() throws IOException {
    ReportFixtures.representative(dir);

    String html = ReportFixtures.render(dir.resolve("results"), dir.resolve("baseline"));

    String section =
        html.substring(
            html.indexOf("<section id=\"sweeps\">"),
            html.indexOf("</section>", html.indexOf("<section id=\"sweeps\">")));
    assertThat(section).contains("<h3>SweepIT-select</h3>");
    for (int c : new int[] {1, 2, 4, 8}) {
      assertThat(section).contains("<tr><td class=\"num\">" + c + "</td><td class=\"num\">2</td>");
    }
    String tps = chart(section, "SweepIT-select: tps by clients");
    assertThat(count(pathData(tps), "L")).isEqualTo(3);
    assertThat(count(tps, "<circle")).isEqualTo(4);
    assertThat(count(chart(section, "SweepIT-select: latency by clients"), "<path d=\"M"))
        .isEqualTo(3);
    // The regressed test runs at one client count only: no sweep of it.
    assertThat(section).doesNotContain("OrdersIT-insert");
  }

  @Test
  void textFromResultsCannotInjectMarkup() throws IOException {
    Path results = dir.resolve("results");
    String evil = "<script>alert(\"pwned\")</script><img src=x onerror='alert(1)'>";
    RunSettings workload =
        new RunSettings(
            List.of(new RunSettings.Script(evil, 1)),
            2,
            1,
            new RunLength.Timed(10),
            QueryMode.SIMPLE,
            0,
            0,
            1,
            1,
            null,
            false,
            0,
            false,
            false,
            evil);
    Files.createDirectories(results);
    ResultJson.write(
        Fixtures.run(1000, 1500, 3, Fixtures.server(evil), ReportFixtures.START, workload, 500_000),
        results.resolve("Evil\"IT<b>-x.json"));

    String html = ReportFixtures.render(results, dir.resolve("no-store"));

    assertThat(html.toLowerCase(Locale.ROOT))
        .doesNotContain("<script")
        .doesNotContain("<img")
        .doesNotContain("<b>");
    assertThat(html)
        .contains("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;")
        .contains("Evil&quot;IT&lt;b&gt;-x");
  }

  @Test
  void aMissingResultsDirectoryIsSaidInThePage() throws IOException {
    String html = ReportFixtures.render(dir.resolve("nothing-here"), dir.resolve("no-store"));

    assertThat(html)
        .contains("(the directory does not exist: run the performance tests first)")
        .contains("MISSING_RESULTS")
        .contains("fails the build")
        .contains("No usable result file in this directory");
  }

  @Test
  void aBaselineThatCannotBeReadIsSaidInsteadOfVerdicts() throws IOException {
    Path results = dir.resolve("results");
    ReportFixtures.trials(
        results, "OrdersIT-select", 1, 1000, 1500, Fixtures.workload(4, "x"), 0, 1);

    String html =
        HtmlReport.render(
            ResultFiles.read(results),
            null,
            "the baseline results directory /x does not exist",
            ReportFixtures.settings(),
            ReportFixtures.NOW);

    assertThat(html)
        .contains("No verdicts: the baseline results directory /x does not exist")
        .contains("The baseline could not be read")
        .doesNotContain("class=\"strip-chart\"");
  }

  @Test
  void thePageForbidsEveryRequestAndHoldsNoScript() throws IOException {
    ReportFixtures.representative(dir);

    String html = ReportFixtures.render(dir.resolve("results"), dir.resolve("baseline"));

    assertThat(html)
        .contains(
            "<meta http-equiv=\"Content-Security-Policy\" content=\""
                + "default-src 'none'; style-src 'unsafe-inline'; img-src data:\">");
    // The SVG namespace is a name, never fetched; no other address may appear.
    String addresses = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assertThat(addresses)
        .doesNotContain("<script")
        .doesNotContain("http://")
        .doesNotContain("https://")
        .doesNotContain("url(")
        .doesNotContain("@import");
  }

  /** The figure whose title is {@code title} (it starts with it). */
  static String chart(String html, String title) {
    int t = html.indexOf("<title>" + Html.text(title));
    assertThat(t).as("chart titled %s", title).isGreaterThanOrEqualTo(0);
    int start = html.lastIndexOf("<figure", t);
    return html.substring(start, html.indexOf("</figure>", t));
  }

  static String pathData(String chart) {
    Matcher m = Pattern.compile("<path d=\"([^\"]*)\"").matcher(chart);
    assertThat(m.find()).isTrue();
    return m.group(1);
  }

  static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }
}
