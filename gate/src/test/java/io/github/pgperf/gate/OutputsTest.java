package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** check.md, check.json, the JUnit XML, the job summary and the annotations of one real report. */
class OutputsTest {

  @TempDir Path dir;

  private CheckReport report;

  /** A regression (fails), a test without baseline (warns) and an unreadable file (fails). */
  @BeforeEach
  void report() throws IOException {
    Path base = dir.resolve("base");
    Path now = dir.resolve("now");
    Fixtures.baseline(base, "Slow.query", 5, 1, 1000, 2000, 0.01, 1, Fixtures.VERSION);
    Fixtures.trials(now, "Slow.query", 5, 700, 2900, 0.01, 20);
    Fixtures.trials(now, "New.query", 2, 1000, 2000, 0.01, 30);
    Files.writeString(now.resolve("Bad|name-trial1.json"), "not json");
    report =
        new Gate(GateSettings.defaults())
            .check(ResultFiles.read(now), Baseline.fromStore(new BaselineStore(base)));
    assertThat(report.findings())
        .extracting(Finding::verdict)
        .containsExactly(
            Verdict.UNREADABLE_RESULTS,
            Verdict.MISSING_BASELINE,
            Verdict.REGRESSION,
            Verdict.REGRESSION,
            Verdict.REGRESSION);
  }

  @Test
  void consoleTableAlignsColumns() {
    List<String> lines = ConsoleTable.lines(report);
    assertThat(lines).hasSize(2 + 5);
    assertThat(lines.get(0)).startsWith("    test ").contains("verdict").contains("detectable");
    assertThat(lines.get(1)).matches("[- ]+");
    int column = lines.get(0).indexOf("verdict");
    // What fails the build first, marked; the warning last.
    assertThat(lines.get(2)).startsWith(">>  Bad|name");
    assertThat(lines.get(3).substring(column)).startsWith("REGRESSION");
    assertThat(lines.get(3))
        .startsWith(">>")
        .contains("Slow.query")
        .contains("tps")
        .containsPattern("-3\\d\\.\\d%")
        .contains("fails");
    assertThat(lines.get(6)).startsWith("    New.query").contains("MISSING_BASELINE");
  }

  @Test
  void markdownHasATableAndTheReasons() {
    String md = MarkdownReport.of(report);
    assertThat(md)
        .startsWith(
            "## pgperf check: fails the build: 3 REGRESSION, 1 UNREADABLE_RESULTS, 1 MISSING_BASELINE\n");
    assertThat(md)
        .contains(
            "| test | metric | verdict | baseline | candidate | change | p | detectable | action |\n"
                + "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    // The pipe in a file name must not split a cell.
    assertThat(md).contains("| **Bad\\|name** | **-** | **UNREADABLE_RESULTS** |");
    assertThat(md.indexOf("| **Slow.query** | **tps** | **REGRESSION**"))
        .isLessThan(md.indexOf("| New.query | - | MISSING_BASELINE"));
    assertThat(md)
        .containsPattern("- \\*\\*REGRESSION\\*\\* Slow.query: tps regressed by 3\\d\\.\\d%");
    assertThat(md).contains("- **MISSING_BASELINE** New.query: no baseline");
  }

  @Test
  void githubAnnotationsForFailuresAndWarnings() throws IOException {
    List<String> out = new ArrayList<>();
    Path summary = dir.resolve("summary.md");
    Files.writeString(summary, "earlier step\n");
    CheckOutputs.write(
        report,
        dir.resolve("out"),
        Map.of("GITHUB_ACTIONS", "true", "GITHUB_STEP_SUMMARY", summary.toString()),
        out::add);
    assertThat(out).hasSize(5);
    assertThat(out.get(0))
        .startsWith("::error title=pgperf UNREADABLE_RESULTS%3A Bad|name::cannot read result file");
    assertThat(out.get(1))
        .startsWith("::warning title=pgperf MISSING_BASELINE%3A New.query::New.query: no baseline");
    assertThat(out.get(2))
        .matches(
            "::error title=pgperf REGRESSION%3A Slow.query tps::Slow.query: tps regressed by 3\\d\\.\\d%25 .*");
    assertThat(out).allSatisfy(line -> assertThat(line).doesNotContain("\n"));
    assertThat(Files.readString(summary))
        .startsWith("earlier step\n## pgperf check: fails the build");
  }

  @Test
  void nothingForGithubOutsideGithubActions() throws IOException {
    List<String> out = new ArrayList<>();
    CheckOutputs.write(report, dir.resolve("out"), Map.of(), out::add);
    assertThat(out).isEmpty();
    assertThat(dir.resolve("out").resolve(CheckOutputs.MARKDOWN)).exists();
  }

  @Test
  void junitXmlIsWellFormedWithFailuresAndSkips() throws Exception {
    CheckOutputs.write(report, dir.resolve("out"), Map.of(), s -> {});
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(dir.resolve("out").resolve(CheckOutputs.JUNIT).toFile());
    Element suite = doc.getDocumentElement();
    assertThat(suite.getTagName()).isEqualTo("testsuite");
    assertThat(suite.getAttribute("name")).isEqualTo("pgperf-check");
    assertThat(suite.getAttribute("tests")).isEqualTo("5");
    assertThat(suite.getAttribute("failures")).isEqualTo("4");
    assertThat(suite.getAttribute("skipped")).isEqualTo("1");
    NodeList cases = doc.getElementsByTagName("testcase");
    assertThat(cases.getLength()).isEqualTo(5);
    Element tps = (Element) cases.item(2);
    assertThat(tps.getAttribute("classname")).isEqualTo("pgperf.Slow.query");
    assertThat(tps.getAttribute("name")).isEqualTo("tps");
    Element failure = (Element) tps.getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("type")).isEqualTo("REGRESSION");
    assertThat(failure.getTextContent()).matches("Slow.query: tps regressed by 3\\d\\.\\d% .*");
    assertThat(((Element) cases.item(1)).getElementsByTagName("skipped").getLength()).isEqualTo(1);
  }

  @Test
  void checkJsonHoldsVerdictsAndFigures() throws IOException {
    CheckOutputs.write(report, dir.resolve("out"), Map.of(), s -> {});
    JsonNode root =
        new ObjectMapper().readTree(dir.resolve("out").resolve(CheckOutputs.JSON).toFile());
    assertThat(root.get("formatVersion").asInt()).isEqualTo(1);
    assertThat(root.get("passed").asBoolean()).isFalse();
    assertThat(root.get("settings").get("level").asDouble()).isEqualTo(0.005);
    assertThat(root.get("settings").get("minimumEffect").asDouble()).isEqualTo(0.05);
    JsonNode findings = root.get("findings");
    assertThat(findings).hasSize(5);
    assertThat(findings.get(0).get("metric").isNull()).isTrue();
    assertThat(findings.get(0).get("action").asText()).isEqualTo("FAIL");
    JsonNode tps = findings.get(2);
    assertThat(tps.get("test").asText()).isEqualTo("Slow.query");
    assertThat(tps.get("verdict").asText()).isEqualTo("REGRESSION");
    JsonNode fig = tps.get("figures");
    assertThat(fig.get("unit").asText()).isEqualTo("tps");
    assertThat(fig.get("baselineSamples").asInt()).isEqualTo(5);
    assertThat(fig.get("baselineBuilds").asInt()).isEqualTo(5);
    assertThat(fig.get("candidateBuilds").asInt()).isEqualTo(1);
    assertThat(fig.get("change").asDouble()).isBetween(-0.32, -0.28);
    assertThat(fig.get("pRegression").asDouble()).isLessThan(0.005);
    assertThat(fig.get("detectable").asDouble()).isPositive();
  }
}
