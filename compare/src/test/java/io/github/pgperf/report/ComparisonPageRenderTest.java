package io.github.pgperf.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.compare.GateJudge;
import io.github.pgperf.gate.GateSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page {@code pgperf:compare} writes, opened in headless Chromium as {@link ChromiumRenderTest}
 * opens the gate's report: every chart draws, and nothing is asked for. Here, not beside it,
 * because the comparison's judge is this module's.
 */
class ComparisonPageRenderTest {

  private static final Path OUT = Path.of("target", "pgperf-report-test");

  @TempDir Path dir;

  @Test
  void theComparisonPageDrawsOnScreen() throws Exception {
    // pgperf:compare's page as its judge writes it: pairs of a slower candidate whose plan and
    // work changed, the base's trials as the work's baseline.
    Chromium chromium = Chromium.find();
    Path compared = dir.resolve("compared");
    WorkReportFixtures.Build usual = WorkReportFixtures.Build.usual();
    ComparisonFixtures.pairs(
        compared,
        "OrdersIT-insert",
        1,
        4,
        new ComparisonFixtures.Runs(1000, 2000, usual),
        new ComparisonFixtures.Runs(700, 2860, usual.blocks(150).plan(WorkReportFixtures.SEQ_PLAN)),
        5);
    new GateJudge(GateSettings.defaults(), 0, compared.resolve("out"), Map.of(), line -> {})
        .judge(ComparisonFixtures.sides(compared, 4, List.of("OrdersIT-insert")));
    String page = Files.readString(compared.resolve("out/report.html"), StandardCharsets.UTF_8);
    assertThat(HtmlReportTest.count(page, "class=\"pair-chart\"")).isEqualTo(3);
    Files.createDirectories(OUT);
    Files.writeString(OUT.resolve("comparison-report.html"), page, StandardCharsets.UTF_8);

    // 3 metrics x 4 pairs at least
    ChromiumRenderTest.everyChartDraws(chromium, dir, page, "comparison-probed", 11);
  }
}
