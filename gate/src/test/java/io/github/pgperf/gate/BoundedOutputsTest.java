package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report of thousands of findings, long statements and long plans: the log, check.md (a pull
 * request comment, the job summary) and the annotations stay within {@link OutputLimits}, while
 * check.json and the JUnit XML keep every finding.
 */
class BoundedOutputsTest {

  /** The most lines the gate prints to the log: the table, its detail, warnings, outcome. */
  private static final int CONSOLE_LINES = 250;

  @TempDir Path dir;

  /**
   * 40 tests with 50 statements' work regressions each (2,000 failing findings with statements of
   * 300 characters), 500 inconclusive comparisons, 20 changed plans of 60 long lines, and one test
   * with 2,474 new statements.
   */
  private static CheckReport huge() {
    List<Finding> findings = new ArrayList<>();
    String statement = "SELECT " + "a_rather_long_column_name, ".repeat(11) + "x FROM t";
    for (int test = 0; test < 40; test++) {
      for (int s = 0; s < 50; s++) {
        String key = "Test" + test;
        findings.add(
            new Finding(
                key,
                null,
                Verdict.WORK_REGRESSION,
                Action.FAIL,
                key + ": statement \"" + statement + s + "\": shared blocks per call 4 -> 1,912",
                null,
                new WorkChange(
                    "shared blocks per call: " + statement.substring(0, 39) + "…",
                    "4",
                    "1,912",
                    "+47700.0%",
                    "shared blocks per call 4 -> 1,912"),
                List.of()));
      }
    }
    for (int i = 0; i < 500; i++) {
      findings.add(
          new Finding(
              "Slow" + i,
              Metric.TPS,
              Verdict.INCONCLUSIVE,
              Action.WARN,
              "Slow"
                  + i
                  + ": tps inconclusive: these builds could only detect a regression of 120.0%",
              null));
    }
    for (int i = 0; i < 20; i++) {
      List<String> detail = new ArrayList<>();
      detail.add("Plans" + i + ": command 1: SELECT ...");
      for (int line = 0; line < 60; line++) {
        detail.add(("Index Scan using a_very_long_index_name_" + line + " on t ").repeat(20));
      }
      findings.add(
          new Finding(
              "Plans" + i,
              null,
              Verdict.PLAN_CHANGED,
              Action.WARN,
              "Plans" + i + ": the plan of command 1 changed",
              null,
              new WorkChange("plan: command 1", "a1", "b2", "changed", "plan changed"),
              detail));
    }
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < 2474; i++) {
      statements.add("SAVEPOINT JDBC_SAVEPOINT_" + i);
    }
    findings.add(
        new Finding(
            "Orders",
            null,
            Verdict.STATEMENT_CHANGED,
            Action.WARN,
            "Orders: 2474 statements new since the baseline, e.g. ...",
            null,
            new WorkChange("2474 statements", "-", "called", "new", "2474 statements new"),
            List.of(),
            statements));
    return new CheckReport(
        findings,
        GateSettings.defaults(),
        "target/pgperf/results",
        "baseline store src/test/pgperf/baseline");
  }

  @Test
  void theLogStaysShortAndSaysWhatItLeftOut() {
    CheckReport report = huge();

    List<String> table = ConsoleTable.lines(report);
    List<String> log = new ArrayList<>(table);
    log.addAll(CheckMessages.of(report, Action.WARN));
    log.addAll(CheckMessages.of(report, Action.FAIL));
    log.add(CheckMessages.outcome("pgperf check", report, dir));

    assertThat(log)
        .hasSizeLessThan(CONSOLE_LINES)
        .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(OutputLimits.LINE + 200));
    // The failing rows first, 5 of a test, 50 in all; what is left out is counted.
    assertThat(table.subList(2, 52)).allSatisfy(line -> assertThat(line).startsWith(">>"));
    assertThat(table.get(2 + 50))
        .isEqualTo(
            "2,471 more findings are not listed here (500"
                + " INCONCLUSIVE, 20 PLAN_CHANGED, 1,950 WORK_REGRESSION, 1 STATEMENT_CHANGED): every"
                + " finding is in check.json");
    // 3 plans beside the baseline's, 40 lines each at most.
    assertThat(table).filteredOn(line -> line.startsWith("PLAN_CHANGED ")).hasSize(3);
    assertThat(table).contains("17 more findings' detail is in check.json");
    assertThat(CheckMessages.of(report, Action.FAIL))
        .hasSize(OutputLimits.SENTENCES + 1)
        .last()
        .isEqualTo("... and 1,980 more failures: every one is in check.json");
    assertThat(CheckMessages.of(report, Action.WARN)).hasSize(OutputLimits.SENTENCES + 1);
    assertThat(report.headline().text())
        .isEqualTo(
            "fails the build: 500 INCONCLUSIVE,"
                + " 20 PLAN_CHANGED, 2000 WORK_REGRESSION, 1 STATEMENT_CHANGED");
  }

  @Test
  void checkMdFitsAPullRequestCommentAndCheckJsonHasEverything() throws Exception {
    CheckReport report = huge();
    Path summary = dir.resolve("summary.md");
    List<String> annotations = new ArrayList<>();

    CheckOutputs.write(
        report,
        "pgperf: compared with abc1234 (the merge base) on this runner",
        dir,
        Map.of("GITHUB_ACTIONS", "true", "GITHUB_STEP_SUMMARY", summary.toString()),
        annotations::add);

    String md = Files.readString(dir.resolve(CheckOutputs.MARKDOWN));
    assertThat(md.length()).isLessThanOrEqualTo(OutputLimits.MARKDOWN);
    assertThat(md.length()).isLessThan(65_536); // GitHub's limit for a pull request comment
    assertThat(md.getBytes(StandardCharsets.UTF_8).length).isLessThan(1 << 20); // a job summary's
    assertThat(md)
        .startsWith("pgperf: compared with abc1234")
        .contains("## pgperf check: fails")
        .contains("2,471 more findings are not listed here")
        .endsWith(
            "_check.md stops here, at 60000 characters (a pull request comment takes"
                + " 65,536): every finding is in check.json._\n");
    assertThat(md.split("```", -1).length % 2).as("code blocks closed").isOne();
    assertThat(Files.readString(summary)).isEqualTo(md + "\n");

    JsonNode json = new ObjectMapper().readTree(dir.resolve(CheckOutputs.JSON).toFile());
    assertThat(json.get("findings")).hasSize(report.findings().size());
    JsonNode statements = json.get("findings").get(report.findings().size() - 1);
    assertThat(statements.get("items")).hasSize(2474);
    assertThat(statements.at("/items/2473").asText()).isEqualTo("SAVEPOINT JDBC_SAVEPOINT_2473");
    assertThat(json.at("/findings/0/message").asText()).contains("a_rather_long_column_name");
    assertThat(
            DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(dir.resolve(CheckOutputs.JUNIT).toFile())
                .getDocumentElement()
                .getAttribute("tests"))
        .isEqualTo(Integer.toString(report.findings().size()));

    // GitHub shows 10 annotations of a level per step: the 10th says how many more.
    assertThat(annotations)
        .filteredOn(a -> a.startsWith("::error "))
        .hasSize(10)
        .last()
        .asString()
        .endsWith("::1991 more findings that fail the build: see check.md," + " check.json");
    assertThat(annotations)
        .filteredOn(a -> a.startsWith("::warning "))
        .hasSize(10)
        .last()
        .asString()
        .contains("512 more findings that warn");
  }

  @Test
  void aSmallReportIsWhole() throws IOException {
    List<Finding> few = huge().findings().subList(0, 3);
    CheckReport report = new CheckReport(few, GateSettings.defaults(), "r", "b");

    assertThat(ConsoleTable.lines(report)).hasSize(2 + 3);
    assertThat(MarkdownReport.of(report)).doesNotContain("not listed", "stops here");
    assertThat(CheckMessages.of(report, Action.FAIL)).hasSize(3);
    assertThat(GithubAnnotations.lines(report)).hasSize(3);
  }
}
