package io.github.pgperf.report;

import static io.github.pgperf.report.HtmlReportTest.chart;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each test's section lists and draws: trials in run order, short runs, Java code. */
class ReportLayoutTest {

  @TempDir Path dir;

  @Test
  void trialsAreListedInRunOrderWithTheirNumber() throws IOException {
    Path results = dir.resolve("results");
    // File-name order would be 1 (no suffix), 10, 11, 2, 3 ...
    ReportFixtures.trials(results, "OrdersIT-x", 11, 1000, 1500, Fixtures.workload(4, "x"), 0, 1);

    String html = ReportFixtures.render(results, dir.resolve("no-store"));

    String trials = html.substring(html.indexOf("<caption>Trials in run order"));
    trials = trials.substring(0, trials.indexOf("</table>"));
    assertThat(trials).contains("<th scope=\"col\">trial</th><th scope=\"col\">result file</th>");
    Matcher row =
        Pattern.compile("<tr><td class=\"num\">(\\d+)</td><td>([^<]+)</td>").matcher(trials);
    StringBuilder order = new StringBuilder();
    while (row.find()) {
      order.append(row.group(1)).append('=').append(row.group(2)).append(' ');
    }
    assertThat(order.toString().strip())
        .isEqualTo(
            "1=OrdersIT-x-trial1.json 2=OrdersIT-x-trial2.json"
                + " 3=OrdersIT-x-trial3.json 4=OrdersIT-x-trial4.json 5=OrdersIT-x-trial5.json"
                + " 6=OrdersIT-x-trial6.json 7=OrdersIT-x-trial7.json 8=OrdersIT-x-trial8.json"
                + " 9=OrdersIT-x-trial9.json 10=OrdersIT-x-trial10.json 11=OrdersIT-x-trial11.json");
  }

  @Test
  void theUnnumberedFirstRunComesFirst() throws IOException {
    Path results = dir.resolve("results");
    ReportFixtures.trials(results, "A-x", 2, 1000, 1500, Fixtures.workload(4, "x"), 0, 1);
    Files.move(results.resolve("A-x-trial1.json"), results.resolve("A-x.json"));

    String html = ReportFixtures.render(results, dir.resolve("no-store"));

    assertThat(html.indexOf("<td>A-x.json</td>"))
        .isPositive()
        .isLessThan(html.indexOf("<td>A-x-trial2.json</td>"));
  }

  @Test
  void aRunOfFewerThanThreeIntervalsIsTabledNotDrawn() throws IOException {
    Path results = dir.resolve("results");
    // 2000 transactions at 1000 tps: 2 s, two 1-s intervals.
    ReportFixtures.trials(
        results, "Short-x", 1, 1000, 1500, Fixtures.workload(4, "x"), 1_000_000, 1);
    assertThat(ResultJson.read(results.resolve("Short-x.json")).timeline()).hasSize(2);

    String html = ReportFixtures.render(results, dir.resolve("no-store"));

    assertThat(html)
        .doesNotContain("Short-x: tps over time")
        .doesNotContain("Short-x: latency over time");
    assertThat(html)
        .contains(
            "Short-x.json: the run was shorter than 3 timeline intervals, too"
                + " short to draw over time; the per-interval figures are in the table below.");
    assertThat(html).contains("Timeline of Short-x.json (2 intervals)");
    assertThat(chart(html, "Short-x: latency by percentile")).contains("<path d=\"M");
  }

  @Test
  void javaCodeHasNoQueryModeOrScale() throws IOException {
    Path results = dir.resolve("results");
    RunSettings java =
        new RunSettings(
            List.of(new RunSettings.Script("transfer", 1)),
            8,
            2,
            new RunLength.Timed(3),
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
            null);
    RunResult run =
        Fixtures.run(
            1000, 1500, 1, Fixtures.server(Fixtures.VERSION), ReportFixtures.START, java, 0);
    Files.createDirectories(results);
    ResultJson.write(run, results.resolve("Ledger-transfer.json"));
    ReportFixtures.trials(
        results, "Ledger-statement", 1, 1000, 1500, Fixtures.workload(4, null), 0, 2);

    String html = ReportFixtures.render(results, dir.resolve("no-store"));

    String transfer = section(html, "Ledger-transfer");
    assertThat(transfer)
        .contains("<td>clients, threads</td>")
        .doesNotContain("<td>query mode</td>")
        .doesNotContain("<td>scale</td>");
    assertThat(section(html, "Ledger-statement"))
        .contains("<td>query mode</td><td>prepared</td>")
        .contains("<td>scale</td>");
    assertThat(html)
        .contains(
            "<td>Ledger-transfer</td><td class=\"num\">1</td><td>transfer</td>"
                + "<td>8/2</td><td>-</td>");
    assertThat(TestSection.javaOnly(java)).isTrue();
    assertThat(TestSection.javaOnly(Fixtures.workload(4, null))).isFalse();
    assertThat(
            TestSection.javaOnly(
                new RunSettings(
                    List.of(
                        new RunSettings.Script("lookup.sql", 1),
                        new RunSettings.Script("transfer", 1)),
                    8,
                    2,
                    new RunLength.Timed(3),
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
                    null)))
        .isFalse();
  }

  private static String section(String html, String key) {
    int start = html.indexOf("<h2>" + key + "</h2>");
    assertThat(start).as("section %s", key).isPositive();
    return html.substring(start, html.indexOf("</section>", start));
  }
}
