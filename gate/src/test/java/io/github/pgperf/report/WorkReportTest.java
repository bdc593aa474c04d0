package io.github.pgperf.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.BaselineStore;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.report.WorkReportFixtures.Build;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.WaitCount;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's database work per test, from result files carrying {@code serverWork} as the harness
 * writes them and a baseline store recorded from such files: the top statements with the baseline's
 * figures, the wait events' shares, the plans and their differences, the work strips, escaping of
 * statement text, and results without work.
 */
class WorkReportTest {

  private static final String KEY = "AccountsIT-lookup";

  @TempDir Path dir;

  private String report(Build baseline, Build now) throws IOException {
    Path store = dir.resolve("store");
    Path results = dir.resolve("results");
    if (baseline != null) {
      WorkReportFixtures.baseline(store, KEY, 3, 2, baseline, 100);
    }
    WorkReportFixtures.trials(results, KEY, 3, now, 200);
    return ReportFixtures.render(results, store);
  }

  /** The rows of the top statements table, each as its HTML. */
  private static List<String> statementRows(String html) {
    int start = html.indexOf("<table class=\"statements\">");
    assertThat(start).as("the statements table").isGreaterThanOrEqualTo(0);
    String table = html.substring(start, html.indexOf("</table>", start));
    List<String> rows = new ArrayList<>();
    Matcher m = Pattern.compile("<tr>(<td.*?)</tr>").matcher(table);
    while (m.find()) {
      rows.add(m.group(1));
    }
    return rows;
  }

  private static List<String> cells(String row) {
    List<String> cells = new ArrayList<>();
    Matcher m = Pattern.compile("<td[^>]*>(.*?)</td>").matcher(row);
    while (m.find()) {
      cells.add(m.group(1));
    }
    return cells;
  }

  @Test
  void topStatementsListPerCallWorkWithTheBaselinesBesideAndMarkTheRegression() throws IOException {
    String html = report(Build.usual(), Build.usual().blocks(150));

    List<String> rows = statementRows(html);
    // Most execution time first: the UPDATE (0.05 ms a call) before the SELECT (0.02 ms).
    assertThat(rows).hasSize(2);
    List<String> update = cells(rows.get(0));
    List<String> select = cells(rows.get(1));
    assertThat(update.get(0)).isEqualTo("<code>" + WorkReportFixtures.UPDATE + "</code>");
    assertThat(select.get(0)).isEqualTo("<code>" + WorkReportFixtures.SELECT + "</code>");
    // 3 trials of 2000 transactions, each calling both once.
    assertThat(select.get(1)).isEqualTo("6000");
    assertThat(select.get(2))
        .startsWith("150<br><span class=\"was\">baseline 3</span>")
        .contains("class=\"worse\"");
    assertThat(update.get(2)).isEqualTo("6<br><span class=\"was\">baseline 6</span>");
    assertThat(select.get(3)).startsWith("1<br>").doesNotContain("worse");
    assertThat(update.get(5)).isEqualTo("120"); // WAL bytes per call
    assertThat(select.get(6)).isEqualTo("0.020"); // mean ms
    assertThat(html).doesNotContain("more statements");
    // The strips of the work per transaction and of the SELECT's blocks per call.
    assertThat(html)
        .contains(
            "aria-label=\"" + KEY + ": shared blocks per transaction\"",
            "aria-label=\""
                + KEY
                + ": shared blocks per call, "
                + WorkReportFixtures.SELECT.substring(0, 39)
                + "…\"",
            "aria-label=\"" + KEY + ": WAL bytes per transaction\"");
    String strip = figure(html, KEY + ": shared blocks per transaction");
    // 6 baseline samples, 3 trials: one dot each.
    assertThat(count(strip, "<circle")).isEqualTo(9);
    assertThat(html).contains("temp blocks per transaction: 0 in every run, not drawn.");
    // Beside the timing strips of the verdicts: the two figures the gate failed on.
    String verdicts =
        html.substring(
            html.indexOf("<section id=\"baseline\">"), html.indexOf("<section id=\"sweeps\">"));
    assertThat(
            count(
                figure(verdicts, KEY + " shared blocks per transaction: WORK_REGRESSION"),
                "<circle"))
        .isEqualTo(9);
    assertThat(
            count(
                figure(
                    verdicts,
                    KEY
                        + " shared blocks per call, "
                        + WorkReportFixtures.SELECT.substring(0, 39)
                        + "…: WORK_REGRESSION"),
                "<circle"))
        .isEqualTo(9);
    assertThat(count(verdicts, "class=\"strip-chart\"")).isEqualTo(5); // 3 timing, 2 work
    assertThat(html)
        .contains("<td>shared blocks per transaction</td><td>9 (n=6)</td><td>156 (n=3)" + "</td>");
  }

  @Test
  void onlyTheTopTenStatementsAreListedAndTheRestCounted() throws IOException {
    List<String> extra = IntStream.rangeClosed(1, 11).mapToObj(i -> "SELECT " + i).toList();
    String html = report(null, Build.usual().extra(extra));

    List<String> rows = statementRows(html);
    assertThat(rows).hasSize(10);
    assertThat(html).contains("and 3 more statements (");
    // Without a baseline, no baseline figures and no marks.
    assertThat(html).doesNotContain("class=\"was\"").doesNotContain("new since the baseline");
    assertThat(html).contains("No baseline samples of this test: this build's work alone.");
  }

  @Test
  void aStatementTheBaselineNeverRanIsTaggedNew() throws IOException {
    String html = report(Build.usual(), Build.usual().extra(List.of("SELECT count(*) FROM t")));

    String row =
        statementRows(html).stream()
            .filter(r -> r.contains("SELECT count(*) FROM t"))
            .findFirst()
            .orElseThrow();
    assertThat(row)
        .contains("<span class=\"tag\">new since the baseline</span>")
        .doesNotContain("class=\"was\"");
  }

  @Test
  void aBaselineOfAnotherWorkSetupIsNotComparedAndTheDifferenceSaid() throws IOException {
    Path store = dir.resolve("store");
    Path baselineRun = dir.resolve("baseline-run");
    WorkReportFixtures.trials(baselineRun, KEY, 2, Build.usual(), 100, "16.4 (Debian 16.4-1)");
    new BaselineStore(store).record(ResultFiles.read(baselineRun).samples(), 10);
    WorkReportFixtures.trials(dir.resolve("results"), KEY, 2, Build.usual().blocks(150), 200);

    String html = ReportFixtures.render(dir.resolve("results"), store);

    assertThat(html)
        .contains(
            "The baseline's work was recorded on another setup, so it is"
                + " not compared: PostgreSQL 15 vs 16.");
    assertThat(html).doesNotContain("class=\"was\"").doesNotContain("class=\"worse\"");
    assertThat(count(figure(html, KEY + ": shared blocks per transaction"), "<circle"))
        .isEqualTo(2);
  }

  @Test
  void waitEventsAreBarsOfEachEventsShare() throws IOException {
    String html = report(null, Build.usual());

    String chart = figure(html, KEY + ": wait events, share of samples");
    // 3 trials and all trials together, each split 60 / 30 / 10.
    assertThat(count(chart, "<g class=\"wait-bar\">")).isEqualTo(4);
    assertThat(count(chart, "data-event=\"CPU\" data-share=\"60.0\"")).isEqualTo(4);
    assertThat(count(chart, "data-event=\"Lock:transactionid\" data-share=\"30.0\"")).isEqualTo(4);
    assertThat(count(chart, "data-event=\"Client:ClientRead\" data-share=\"10.0\"")).isEqualTo(4);
    // The bars' widths are the shares of the 500 px plot: 300, 150, 50.
    assertThat(chart)
        .contains(
            "data-share=\"60.0\" x=\"120.0\" y=\"33\" width=\"300.0\"",
            "data-share=\"30.0\" x=\"420.0\" y=\"33\" width=\"150.0\"",
            "data-share=\"10.0\" x=\"570.0\" y=\"33\" width=\"50.0\"");
    assertThat(chart).contains(">CPU</li>", ">Lock:transactionid</li>", ">Client:ClientRead</li>");
    // The sampling beside it: every 10 ms, 500 samples, 100 observations, CPU most seen.
    assertThat(html)
        .contains(
            "<td>trial 1</td><td class=\"num\">10</td><td class=\"num\">500"
                + "</td><td class=\"num\">100</td><td>CPU 60.0%</td>");
  }

  @Test
  void eventsBeyondTheNamedFewAreOtherInGrey() throws IOException {
    List<WaitCount> many =
        IntStream.rangeClosed(1, 9).mapToObj(i -> new WaitCount("IO:Event" + i, 10 * i)).toList();
    String html = report(null, Build.usual().waits(many));

    String chart = figure(html, KEY + ": wait events, share of samples");
    // The seven most seen in colour; Event1 and Event2 (30 of 450 observations) as "other".
    assertThat(chart)
        .contains(">IO:Event9</li>", ">IO:Event3</li>", ">other</li>")
        .doesNotContain(">IO:Event2</li>");
    assertThat(chart).contains("data-event=\"other\" data-share=\"6.7\"");
  }

  @Test
  void aRunWhoseBackendsWereNeverSeenActiveSaysSoInItsBar() throws IOException {
    String html = report(null, Build.usual().waits(List.of()));

    String chart = figure(html, KEY + ": wait events, share of samples");
    assertThat(count(chart, "no backend seen active")).isEqualTo(4);
    assertThat(chart).doesNotContain("<rect class=\"wait\"").doesNotContain("NaN");
    assertThat(html)
        .contains(
            "<td>trial 1</td><td class=\"num\">10</td><td class=\"num\">500"
                + "</td><td class=\"num\">0</td><td>-</td>");
  }

  @Test
  void unchangedPlansAreFoldedAndAChangedOneIsBesideTheBaselinesWithTheDifferenceMarked()
      throws IOException {
    String same = report(Build.usual(), Build.usual());
    assertThat(same)
        .contains(
            ("<details class=\"plan\"><summary>"
                    + html("<builtin: select only>")
                    + " command 1 <code>"
                    + WorkReportFixtures.SCRIPT_SQL
                    + "</code>: Index Scan using"
                    + " pgbench_accounts_pkey on pgbench_accounts</summary><pre>Aggregate\n->  Index Scan"
                    + " using pgbench_accounts_pkey on pgbench_accounts</pre></details>")
                .replace("->", "-&gt;"));
    assertThat(same).doesNotContain("<table class=\"plan-diff\">");
    assertThat(same)
        .contains(
            html("<builtin: select only>")
                + " command 2 <code>BEGIN;</code>:"
                + " no plan (&quot;begin&quot; has no plan)");

    cleanDir();
    String changed = report(Build.usual(), Build.usual().plan(WorkReportFixtures.SEQ_PLAN));
    int table = changed.indexOf("<table class=\"plan-diff\">");
    assertThat(table).isPositive();
    String diff = changed.substring(table, changed.indexOf("</table>", table));
    assertThat(diff)
        .contains(
            "<tr><td class=\"mark\"></td><td><pre>Aggregate</pre></td><td><pre>"
                + "Aggregate</pre></td></tr>");
    assertThat(diff)
        .contains(
            "<tr class=\"differs\"><td class=\"mark\">*</td><td><pre>-&gt;  "
                + "Index Scan using pgbench_accounts_pkey on pgbench_accounts</pre></td><td><pre>-&gt;  "
                + "Seq Scan on pgbench_accounts</pre></td></tr>");
    assertThat(count(diff, "class=\"differs\"")).isEqualTo(1);
    assertThat(changed)
        .contains("PLAN_CHANGED</strong> " + html("<builtin: select only>") + " command 1");
  }

  @Test
  void statementTextIsEscapedAndALoneSurrogateDoesNotBreakThePage() throws IOException {
    String hostile = "SELECT '</code><script>alert(1)</script>' & \"x\" FROM t WHERE a = 'b\ud800'";
    Path results = dir.resolve("results");
    WorkReportFixtures.trials(results, KEY, 1, Build.usual().extra(List.of(hostile)), 1);
    // The statement went through the result file, as the harness writes and the report reads it.
    RunResult read = ResultJson.read(results.resolve(KEY + "-trial1.json"));
    assertThat(read.serverWork().statementsContaining("alert(1)")).hasSize(1);

    Path file =
        HtmlReport.write(
            dir.resolve("out"),
            ResultFiles.read(results),
            Baseline.fromStore(new BaselineStore(dir.resolve("none"))),
            null,
            ReportFixtures.settings(),
            ReportFixtures.NOW);

    String html = Files.readString(file, StandardCharsets.UTF_8);
    assertThat(html)
        .doesNotContain("<script>")
        .doesNotContain("</code><script")
        .contains("&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39; &amp; &quot;x&quot;")
        .doesNotContain("\ud800");
    // Past the cell's 80 characters? No: short enough to show whole, on one line.
    String row =
        statementRows(html).stream().filter(r -> r.contains("alert(1)")).findFirst().orElseThrow();
    assertThat(cells(row).get(0)).startsWith("<code>SELECT &#39;&lt;/code&gt;");
  }

  @Test
  void aLongStatementIsCutWithTheWholeTextFoldedBelow() throws IOException {
    String longText = "SELECT " + "a_column, ".repeat(20) + "z FROM t";
    String html = report(null, Build.usual().extra(List.of(longText)));

    String row =
        statementRows(html).stream().filter(r -> r.contains("a_column")).findFirst().orElseThrow();
    String cell = cells(row).get(0);
    assertThat(cell)
        .startsWith(
            "<details><summary><code>"
                + longText.substring(0, 79)
                + "…"
                + "</code></summary><pre>"
                + longText
                + "</pre></details>");
  }

  @Test
  void resultsWithoutServerWorkSayNotMeasured() throws IOException {
    String html =
        ReportFixtures.render(
            ReportFixtures.representative(dir).resolve("results"), dir.resolve("baseline"));

    assertThat(count(html, "<h3>Database work</h3>")).isEqualTo(5);
    assertThat(count(html, html(WorkSection.NO_WORK))).isEqualTo(5);
    assertThat(html).doesNotContain("class=\"statements\"").doesNotContain("class=\"wait-chart\"");
  }

  @Test
  void aPartNotCapturedSaysNotMeasuredWithTheHarnesssReason() throws IOException {
    String html = report(null, Build.usual().waits(null));

    assertThat(html)
        .contains(KEY + "-trial1.json: not measured: the fixture sampled no wait" + " events");
    assertThat(html).doesNotContain("class=\"wait-chart\"");
    // The other parts are there.
    assertThat(statementRows(html)).hasSize(2);
  }

  @Test
  void newStatementsAreListedWholeAndSavepointsOfGeneratedNamesAsOne() throws IOException {
    List<String> extra =
        new ArrayList<>(
            IntStream.range(0, 6).mapToObj(i -> "SELECT " + i + " FROM audit").toList());
    IntStream.range(0, 40).forEach(i -> extra.add("SAVEPOINT JDBC_SAVEPOINT_" + i));
    String html = report(Build.usual(), Build.usual().extra(extra));

    // One finding for the 7 new statements (6 selects, the savepoints as one), all listed.
    assertThat(html)
        .contains("7 statements new since the baseline, e.g. ")
        .contains("<details><summary>All 7</summary><ul class=\"items\">")
        .contains("<li><code>SAVEPOINT &lt;name&gt;</code></li>")
        .contains("<li><code>SELECT 5 FROM audit</code></li>")
        .doesNotContain("JDBC_SAVEPOINT_");
  }

  @Test
  void incompleteStatementCountersAreSaidAboveTheFigures() throws IOException {
    Path results = dir.resolve("results");
    WorkReportFixtures.trials(results, KEY, 2, Build.usual(), 200);
    Path first = results.resolve(KEY + "-trial1.json");
    RunResult r = ResultJson.read(first);
    ResultJson.write(r.withServerWork(r.serverWork().withStatementEvictions(3L)), first);

    String html = ReportFixtures.render(results, dir.resolve("store"));

    assertThat(html)
        .contains(
            "Statement counters incomplete in "
                + KEY
                + "-trial1.json (3):"
                + " pg_stat_statements evicted its least-used entries during the run");
    assertThat(html).doesNotContain(KEY + "-trial2.json (");
  }

  private void cleanDir() throws IOException {
    try (var files = Files.walk(dir)) {
      files
          .sorted(java.util.Comparator.reverseOrder())
          .filter(p -> !p.equals(dir))
          .forEach(p -> p.toFile().delete());
    }
  }

  private static String html(String text) {
    return Html.text(text);
  }

  /** The figure whose SVG is labelled {@code title}. */
  private static String figure(String html, String title) {
    int label = html.indexOf("aria-label=\"" + Html.text(title) + "\"");
    assertThat(label).as("chart %s", title).isPositive();
    int start = html.lastIndexOf("<figure", label);
    return html.substring(start, html.indexOf("</figure>", label));
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }
}
