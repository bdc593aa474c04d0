package io.github.pgperf.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.report.HistoryCharts;
import io.github.pgperf.report.HtmlReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html draws the history: a chart per series, the change points in a table. */
class HistoryReportTest {

  @TempDir Path dir;

  @Test
  void withoutARepositoryTheCommitsAreText() {
    assertThat(HistoryCharts.of(List.of(), Map.of()).repository()).isNull();
    assertThat(
            HistoryCharts.of(
                    List.of(),
                    Map.of(
                        "GITHUB_SERVER_URL",
                        "https://github.com",
                        "GITHUB_REPOSITORY",
                        "acme/shop\"><script>"))
                .repository())
        .isNull();
  }

  @Test
  void theReportDrawsEachSeriesAndListsItsChangePointsWithTheirCommits() throws Exception {
    Random random = new Random(3);
    List<HistoryRecord> points = new ArrayList<>();
    for (int n = 1; n <= 12; n++) {
      Map<String, Double> m =
          new TreeMap<>(
              HistoryFixtures.figures(
                  random, n >= 8 ? 700 : 2200, n >= 8 ? 1500 : 500, n >= 8 ? 1800 : 22, 0.03));
      points.add(HistoryFixtures.point(n, "LedgerPerformanceTest-statement", m));
    }
    HistoryCheck.Outcome outcome =
        new HistoryCheck(HistorySettings.defaults())
            .check(
                new History(points.subList(0, 11), List.of(), List.of()),
                points.subList(11, 12),
                "test history",
                HistoryFixtures.START);
    String html =
        HtmlReport.render(
            ResultFiles.read(dir.resolve("none")),
            null,
            "none",
            GateSettings.defaults(),
            HistoryFixtures.START,
            HistoryCharts.of(
                outcome.judged(),
                Map.of(
                    "GITHUB_SERVER_URL", "https://github.com", "GITHUB_REPOSITORY", "acme/shop")));

    assertThat(html)
        .contains("<section id=\"history\"><h2>History</h2>")
        .contains("LedgerPerformanceTest-statement: tps")
        .contains("LedgerPerformanceTest-statement: shared blocks per transaction")
        .contains("level between change points")
        .contains(
            "The same in every build, not drawn: LedgerPerformanceTest-statement temp blocks"
                + " per transaction.")
        .contains(
            "<td>build-08</td><td><code><a href=\"https://github.com/acme/shop/compare/c07"
                + "0".repeat(37)
                + "...c08"
                + "0".repeat(37)
                + "\">c07000000000..c08000000000</a>"
                + "</code></td>")
        .contains("CHANGE_POINT")
        .doesNotContain("<script");
  }
}
