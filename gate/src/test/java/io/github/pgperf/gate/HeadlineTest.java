package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the outputs say about a whole check: never a plain "passes" when nothing, or only part, was
 * compared; failures first; detectable sizes no sample could mean capped.
 */
class HeadlineTest {

  @TempDir Path dir;

  /**
   * {@code builds} baseline builds of 2 trials and a build of 2 trials now of test {@code key},
   * {@code now} times as slow.
   */
  private void samples(String key, int builds, double noise, long seed, double now)
      throws IOException {
    Fixtures.baseline(
        dir.resolve("store"), key, builds, 2, 1000, 2000, noise, seed, Fixtures.VERSION);
    Fixtures.trials(dir.resolve("now"), key, 2, 1000 / now, 2000 * now, noise, seed + 100);
  }

  private CheckReport check(GateSettings settings) throws IOException {
    return new Gate(settings)
        .check(
            ResultFiles.read(dir.resolve("now")),
            Baseline.fromStore(new BaselineStore(dir.resolve("store"))));
  }

  private static GateSettings warnOn(Verdict verdict) {
    return new GateSettings(
        GateSettings.DEFAULT_LEVEL,
        GateSettings.DEFAULT_MINIMUM_EFFECT,
        GateSettings.DEFAULT_METRICS,
        Map.of(verdict, Action.WARN));
  }

  @Test
  void aBaselineFromAnotherSetupComparesNothingAndSaysSo() throws IOException {
    for (String key : List.of("A.x", "B.y", "C.z")) {
      Fixtures.baseline(dir.resolve("store"), key, 1, 5, 1000, 2000, 0.01, 1, "16.4");
      Fixtures.trials(dir.resolve("now"), key, 5, 1000, 2000, 0.01, 2);
    }
    CheckReport report = check(warnOn(Verdict.FINGERPRINT_MISMATCH));

    assertThat(report.failed()).isFalse();
    assertThat(report.compared()).isZero();
    assertThat(report.headline())
        .isEqualTo(
            new Headline(
                Action.WARN, "compared nothing, passes with warnings: 3 FINGERPRINT_MISMATCH"));
    assertThat(MarkdownReport.of(report))
        .startsWith(
            "## pgperf check: compared nothing, passes with warnings: 3 FINGERPRINT_MISMATCH\n");
    assertThat(JsonReport.of(report))
        .contains(
            "\"headline\" : \"compared nothing, passes with warnings: 3 FINGERPRINT_MISMATCH\"");
  }

  @Test
  void partlyInconclusiveSaysHowMuchWasCompared() throws IOException {
    // Quiet: passes. Noisy with 3 baseline builds: inconclusive.
    samples("Quiet.x", 8, 0.005, 1, 1);
    samples("Noisy.y", 3, 0.5, 3, 1);
    CheckReport report = check(GateSettings.defaults());

    assertThat(report.count(Verdict.INCONCLUSIVE)).isEqualTo(3);
    assertThat(report.compared()).isEqualTo(3);
    assertThat(report.headline().tone()).isEqualTo(Action.WARN);
    assertThat(report.headline().text()).startsWith("compared 3 of 6, passes with warnings: ");
  }

  @Test
  void onlyAFullComparisonPassesPlainly() throws IOException {
    samples("Quiet.x", 8, 0.005, 1, 1);

    assertThat(check(GateSettings.defaults()).headline())
        .isEqualTo(new Headline(Action.PASS, "passes: 3 PASS"));
  }

  @Test
  void failuresComeFirstAndAreMarked() throws IOException {
    samples("A.quiet", 8, 0.005, 1, 1);
    samples("B.slow", 8, 0.01, 3, 1.4);
    CheckReport report = check(GateSettings.defaults());

    assertThat(report.headline().tone()).isEqualTo(Action.FAIL);
    assertThat(report.headline().text()).isEqualTo("fails the build: 3 PASS, 3 REGRESSION");
    assertThat(report.byUrgency())
        .extracting(Finding::key)
        .containsExactly("B.slow", "B.slow", "B.slow", "A.quiet", "A.quiet", "A.quiet");
    List<String> table = ConsoleTable.lines(report);
    assertThat(table.get(2)).startsWith(">>  B.slow").contains("REGRESSION");
    assertThat(table.get(5)).startsWith("    A.quiet").contains("PASS");
    String md = MarkdownReport.of(report);
    assertThat(md).contains("| **B.slow** | **tps** | **REGRESSION** |");
    assertThat(md.indexOf("B.slow")).isLessThan(md.indexOf("A.quiet"));
  }

  @Test
  void aDetectableSizeNoSampleCouldMeanIsCapped() throws IOException {
    // Three noisy baseline builds (2 degrees of freedom): no regression of a useful size
    // detectable.
    samples("Wild.x", 3, 0.5, 5, 1);
    CheckReport report = check(GateSettings.defaults());
    // A latency's detectable size has no ceiling (tps' stays below 100%).
    Finding p50 =
        report.findings().stream().filter(f -> f.metric() == Metric.P50).findFirst().orElseThrow();
    assertThat(p50.comparison().detectable()).isGreaterThan(10);

    assertThat(Cells.of(p50).get(7)).isEqualTo("> 1000%");
    assertThat(Cells.message(p50)).contains("could only detect a regression of > 1000%,");
    List<String> outputs =
        List.of(
            String.join("\n", ConsoleTable.lines(report)),
            MarkdownReport.of(report),
            JunitReport.of(report).replace("&gt;", ">"),
            String.join("\n", GithubAnnotations.lines(report)).replace("%25", "%"));
    for (String out : outputs) {
      assertThat(out).contains("> 1000%").doesNotContainPattern("\\d{5,}\\.\\d%");
    }
    assertThat(Cells.detectable(0.123)).isEqualTo("12.3%");
    assertThat(Cells.detectable(Double.POSITIVE_INFINITY)).isEqualTo("> 1000%");
  }

  @Test
  void nothingAtAllIsNotAPass() throws IOException {
    java.nio.file.Files.createDirectories(dir.resolve("now"));
    CheckReport report = check(warnOn(Verdict.MISSING_RESULTS));
    assertThat(report.headline().tone()).isEqualTo(Action.WARN);
    assertThat(report.headline().text()).startsWith("compared nothing, passes with warnings: ");
  }
}
