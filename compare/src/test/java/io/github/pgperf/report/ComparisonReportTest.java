package io.github.pgperf.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.compare.GateJudge;
import io.github.pgperf.compare.PairedJudge;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page {@code pgperf:compare} writes: its judge's verdicts (check.md's first line as the
 * heading, the same findings), each compared metric's pairs in run order with a table of the
 * figures read from the result files, the base's trials as the work's baseline and a changed plan
 * beside the base's. Result files laid out as the goal lays them out ({@link ComparisonFixtures}).
 */
class ComparisonReportTest {

  private static final String KEY = "OrdersPerf-insert";

  @TempDir Path dir;

  private final List<String> annotations = new ArrayList<>();

  private GateJudge judge(int confirmationPairs) {
    return new GateJudge(
        GateSettings.defaults(), confirmationPairs, dir.resolve("out"), Map.of(), annotations::add);
  }

  private static final ComparisonFixtures.Runs BASE = new ComparisonFixtures.Runs(1000, 2000, null);
  private static final ComparisonFixtures.Runs SLOWER =
      new ComparisonFixtures.Runs(700, 2860, null);

  @Test
  void thePageLeadsWithCheckMdsLineAndHasTheBuildsVerdicts() throws IOException {
    ComparisonFixtures.pairs(dir, KEY, 1, 4, BASE, SLOWER, 7);

    PairedJudge.Verdicts verdicts =
        (PairedJudge.Verdicts) judge(0).judge(ComparisonFixtures.sides(dir, 4, List.of(KEY)));

    Path page = dir.resolve("out/report.html");
    assertThat(verdicts.report()).contains(page);
    String html = Files.readString(page, StandardCharsets.UTF_8);
    String lead = Files.readAllLines(dir.resolve("out/check.md")).get(0);
    assertThat(lead)
        .startsWith(
            "pgperf: compared with 0123456789ab (the merge base of HEAD and"
                + " origin/main) on this runner, interleaved, 4 pairs; not confirmed");
    assertThat(html)
        .contains("<h1>pgperf comparison</h1><p class=\"lead\">" + Html.text(lead) + "</p>");
    assertThat(html)
        .contains(
            "Base: <code>" + dir.resolve("base") + "</code>",
            "Candidate: <code>" + dir.resolve("candidate") + "</code>");
    assertThat(verdicts.fails()).isTrue();
    assertThat(html).contains("<p class=\"outcome verdict FAIL\">pgperf:compare fails the build");
    // The findings that fail the build, as the build's failure lists them, are the page's.
    assertThat(verdicts.failures()).hasSize(3);
    for (String failure : verdicts.failures()) {
      String message = failure.substring(failure.indexOf(": ") + 2);
      assertThat(html).contains("<strong>REGRESSION</strong> " + Html.text(message));
    }
    assertThat(HtmlReportTest.count(html, "class=\"pair-chart\"")).isEqualTo(3);
    assertThat(html)
        .contains("<a href=\"#pairs\">Base vs candidate</a>")
        .doesNotContain("Against the baseline");
    // The summary lists each test on both sides.
    List<List<String>> tests = cells(html, "Tests (tps: median of trials");
    assertThat(tests)
        .extracting(r -> r.get(0) + " " + r.get(1))
        .containsExactly(KEY + " candidate", KEY + " base");
  }

  @Test
  void eachPairIsDrawnInRunOrderWithTheFiguresOfItsResultFiles() throws IOException {
    ComparisonFixtures.pairs(dir, KEY, 1, 4, BASE, SLOWER, 7);
    judge(0).judge(ComparisonFixtures.sides(dir, 4, List.of(KEY)));
    String html = Files.readString(dir.resolve("out/report.html"), StandardCharsets.UTF_8);

    List<List<String>> rows = cells(html, KEY + " tps by pair");
    assertThat(rows).hasSize(5);
    String[] orders = {"A B", "B A", "A B", "B A"};
    for (int pair = 1; pair <= 4; pair++) {
      String file = KEY + (pair == 1 ? "" : "-trial" + pair) + ".json";
      RunResult base = ResultJson.read(dir.resolve("base").resolve(file));
      RunResult candidate = ResultJson.read(dir.resolve("candidate").resolve(file));
      assertThat(base.startedAt().isBefore(candidate.startedAt())).isEqualTo(pair % 2 == 1);
      assertThat(rows.get(pair - 1))
          .containsExactly(
              Integer.toString(pair),
              orders[pair - 1],
              Html.tps(base.tps()),
              Html.tps(candidate.tps()),
              String.format(Locale.ROOT, "%+.1f%%", 100 * (candidate.tps() / base.tps() - 1)));
    }
    assertThat(rows.get(4).get(0)).isEqualTo("all 4");

    String chart = HtmlReportTest.chart(html, KEY + " tps: REGRESSION");
    Matcher pairs =
        Pattern.compile(
                "<g class=\"pair\"><title>pair (\\d) \\((A B|B A)\\)"
                    + ".*?<circle cx=\"([\\d.]+)\"[^>]*fill=\"(#[0-9A-F]+)\"/>"
                    + "<circle cx=\"([\\d.]+)\"[^>]*fill=\"(#[0-9A-F]+)\"/>")
            .matcher(chart);
    int seen = 0;
    while (pairs.find()) {
      seen++;
      assertThat(pairs.group(1)).isEqualTo(Integer.toString(seen));
      assertThat(pairs.group(2)).isEqualTo(orders[seen - 1]);
      // The base's dot (grey, drawn first) left of the candidate's when the base ran first.
      assertThat(pairs.group(4)).isEqualTo(Palette.BASELINE);
      assertThat(pairs.group(6)).isEqualTo(Palette.CANDIDATE);
      double baseX = Double.parseDouble(pairs.group(3));
      double candidateX = Double.parseDouble(pairs.group(5));
      assertThat(baseX < candidateX).isEqualTo(seen % 2 == 1);
      // Each pair's change labelled above it, as in its table row.
    }
    assertThat(seen).isEqualTo(4);
    for (List<String> row : rows.subList(0, 4)) {
      assertThat(chart).contains(">" + row.get(4) + "</text>");
    }
  }

  @Test
  void eachTestsLatencyDistributionDrawsBothSides() throws IOException {
    ComparisonFixtures.pairs(dir, KEY, 1, 3, BASE, SLOWER, 7);
    judge(0).judge(ComparisonFixtures.sides(dir, 3, List.of(KEY)));
    String html = Files.readString(dir.resolve("out/report.html"), StandardCharsets.UTF_8);

    String chart =
        HtmlReportTest.chart(html, KEY + ": latency by percentile (all trials of each" + " side)");
    assertThat(HtmlReportTest.count(chart, "<path d=\"M")).isEqualTo(2);
    assertThat(chart).contains(">base</li>", ">candidate</li>");
    List<List<String>> rows = cells(html, "Latency of all trials of each side (ms)");
    long[] transactions = new long[2];
    String[] sides = {"base", "candidate"};
    for (int s = 0; s < 2; s++) {
      for (String file : List.of(KEY + ".json", KEY + "-trial2.json", KEY + "-trial3.json")) {
        transactions[s] +=
            ResultJson.read(dir.resolve(sides[s]).resolve(file)).total().latency().count();
      }
    }
    assertThat(rows)
        .contains(
            List.of(
                "transactions", Long.toString(transactions[0]), Long.toString(transactions[1])));
    // The candidate is slower: its median above the base's.
    List<String> median =
        rows.stream().filter(r -> r.get(0).equals("50%")).findFirst().orElseThrow();
    assertThat(Double.parseDouble(median.get(2))).isGreaterThan(Double.parseDouble(median.get(1)));
  }

  @Test
  void aConfirmedRegressionShowsAllPairsAndTheOtherTestsOfItsClassTheirFirst() throws IOException {
    // OrdersPerf-insert slows down, OrdersPerf-select does not; confirming runs the whole class.
    ComparisonFixtures.pairs(dir, KEY, 1, 3, BASE, SLOWER, 7);
    ComparisonFixtures.pairs(dir, "OrdersPerf-select", 1, 3, BASE, BASE, 8);
    List<String> keys = List.of(KEY, "OrdersPerf-select");
    PairedJudge.Confirm confirm =
        (PairedJudge.Confirm) judge(3).judge(ComparisonFixtures.sides(dir, 3, keys));
    assertThat(dir.resolve("out/report.html")).doesNotExist(); // no verdict yet
    ComparisonFixtures.pairs(dir, KEY, 4, 3, BASE, SLOWER, 9);
    ComparisonFixtures.pairs(dir, "OrdersPerf-select", 4, 3, BASE, BASE, 10);

    PairedJudge.Verdicts verdicts =
        (PairedJudge.Verdicts) confirm.then().judge(ComparisonFixtures.sides(dir, 6, keys));

    String html = Files.readString(verdicts.report().orElseThrow(), StandardCharsets.UTF_8);
    assertThat(html)
        .contains(
            "on this runner, interleaved, 6 pairs; confirmed: "
                + KEY
                + " on all 6 pairs (3 first, then 3 more).</p>");
    List<List<String>> insert = cells(html, KEY + " tps by pair");
    assertThat(insert)
        .extracting(r -> r.get(0) + " " + r.get(1))
        .containsExactly("1 A B", "2 B A", "3 A B", "4 B A", "5 A B", "6 B A", "all 6 ");
    List<List<String>> select = cells(html, "OrdersPerf-select tps by pair");
    assertThat(select).extracting(r -> r.get(0)).containsExactly("1", "2", "3", "all 3");
    assertThat(html)
        .contains(
            "3 later pairs ran to confirm another test of the class: not in" + " this verdict.");
  }

  @Test
  void theBaseIsTheWorksBaselineAndAChangedPlanStandsBesideTheBases() throws IOException {
    WorkReportFixtures.Build usual = WorkReportFixtures.Build.usual();
    ComparisonFixtures.pairs(
        dir,
        KEY,
        1,
        3,
        new ComparisonFixtures.Runs(1000, 2000, usual),
        new ComparisonFixtures.Runs(
            1000, 2000, usual.blocks(150).plan(WorkReportFixtures.SEQ_PLAN)),
        11);

    PairedJudge.Verdicts verdicts =
        (PairedJudge.Verdicts) judge(0).judge(ComparisonFixtures.sides(dir, 3, List.of(KEY)));

    String html = Files.readString(verdicts.report().orElseThrow(), StandardCharsets.UTF_8);
    assertThat(verdicts.failures()).anyMatch(f -> f.startsWith("WORK_REGRESSION: "));
    assertThat(html).contains("<strong>WORK_REGRESSION</strong>", "<strong>PLAN_CHANGED</strong>");
    // The plan diff: the base's index scan beside the candidate's sequential scan.
    int diff = html.indexOf("<table class=\"plan-diff\">");
    assertThat(diff).isPositive();
    String table = html.substring(diff, html.indexOf("</table>", diff));
    assertThat(table).contains("Index Scan", "Seq Scan");
    // The work section compared with the base's three trials, not "no baseline".
    assertThat(html).doesNotContain("No baseline samples of this test");
    List<List<String>> work = cells(html, "Work figures");
    assertThat(work).anyMatch(r -> r.get(1).endsWith("(n=3)") && r.get(2).endsWith("(n=3)"));
  }

  @Test
  void theComparisonsTextIsEscaped() throws IOException {
    ComparisonFixtures.pairs(dir, KEY, 1, 2, BASE, BASE, 3);
    String html =
        HtmlReport.renderComparison(
            ResultFiles.read(dir.resolve("base")),
            ResultFiles.read(dir.resolve("candidate")),
            new io.github.pgperf.gate.PairedGate(GateSettings.defaults())
                .compare(
                    ResultFiles.read(dir.resolve("base")),
                    ResultFiles.read(dir.resolve("candidate"))),
            "pgperf: compared with <script>alert(1)</script> (-Dpgperf.base=a&b) on this runner,"
                + " interleaved, 2 pairs.",
            ReportFixtures.NOW);
    assertThat(html)
        .contains(
            "compared with &lt;script&gt;alert(1)&lt;/script&gt;" + " (-Dpgperf.base=a&amp;b)")
        .doesNotContain("<script>");
  }

  /** The rows of the table captioned {@code caption...}, each cell's text. */
  static List<List<String>> cells(String html, String caption) {
    int c = html.indexOf("<caption>" + Html.text(caption));
    assertThat(c).as("table captioned %s", caption).isPositive();
    String body = html.substring(html.indexOf("<tbody>", c), html.indexOf("</tbody>", c));
    List<List<String>> rows = new ArrayList<>();
    Matcher row = Pattern.compile("<tr[^>]*>(.*?)</tr>").matcher(body);
    while (row.find()) {
      List<String> cells = new ArrayList<>();
      Matcher cell = Pattern.compile("<td[^>]*>(.*?)</td>").matcher(row.group(1));
      while (cell.find()) {
        cells.add(cell.group(1).replaceAll("<[^>]+>", "").replace("&amp;", "&"));
      }
      rows.add(cells);
    }
    return rows;
  }
}
