package io.github.pgperf.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.Verdict;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The demonstration on recorded builds: twelve builds measured with pgperf on a PostgreSQL 15
 * cluster (bench/history-builds.sh: pgbench's select-only, a tellers and a branches script, 3
 * trials of 2 s each, the server's work captured), the accounts' primary key dropped from build 8
 * on, on a machine other helpers' builds kept 50-88% busy. Replayed as pgperf:history judged them,
 * build after build: the select-only test's change is reported naming build 8 and its commits (its
 * shared blocks per transaction exactly, 3 to 1,640, at the first build that could), the other
 * tests' never, and the replay reports what the live run stored.
 */
class RecordedHistoryTest {

  static final String RECORDED = "recorded-12-builds.jsonl";

  @Test
  void theDroppedKeyIsReportedAtBuildEightForTheTestThatUsesItAndNothingElse() throws IOException {
    Map<String, List<HistoryRecord>> builds = new LinkedHashMap<>();
    for (HistoryRecord r : recorded()) {
      builds.computeIfAbsent(r.build().build(), b -> new ArrayList<>()).add(r);
    }
    assertThat(builds).hasSize(12);
    HistoryCheck check = new HistoryCheck(HistorySettings.defaults());
    List<HistoryRecord> stored = new ArrayList<>();
    List<ReportedChange> reported = new ArrayList<>();
    List<Finding> alerts = new ArrayList<>();
    for (List<HistoryRecord> build : builds.values()) {
      HistoryCheck.Outcome o =
          check.check(
              new History(stored, reported, List.of()),
              build,
              "recorded",
              build.get(0).build().time());
      stored.addAll(build);
      reported.addAll(o.reported());
      o.report().findings().stream()
          .filter(f -> f.verdict() == Verdict.CHANGE_POINT)
          .forEach(alerts::add);
    }
    alerts.forEach(f -> System.out.println("RecordedHistoryTest: " + f.message()));
    assertThat(alerts)
        .isNotEmpty()
        .allSatisfy(
            f ->
                assertThat(f.message())
                    .startsWith("select-only: ")
                    .contains(" at build build-08 (commits c07..c08, "));
    // The live run (pgperf history after each build) reported the same, in the same builds.
    assertThat(reported)
        .extracting(ReportedChange::metric, ReportedChange::changeBuild, ReportedChange::reportedIn)
        .isEqualTo(
            recordedReports().stream()
                .map(
                    r ->
                        org.assertj.core.groups.Tuple.tuple(
                            r.metric(), r.changeBuild(), r.reportedIn()))
                .toList());
    assertThat(alerts)
        .filteredOn(f -> f.work().what().equals("shared blocks per transaction"))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains(" at build build-08 (commits c07..c08"));
    assertThat(alerts)
        .filteredOn(f -> f.work().what().equals("tps"))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains(" at build build-08 (commits c07..c08"));
  }

  static List<ReportedChange> recordedReports() throws IOException {
    List<ReportedChange> out = new ArrayList<>();
    for (HistoryJson.Line line : lines()) {
      if (line instanceof HistoryJson.Line.Reported r) {
        out.add(r.change());
      }
    }
    return out;
  }

  static List<HistoryJson.Line> lines() throws IOException {
    List<HistoryJson.Line> out = new ArrayList<>();
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(
                RecordedHistoryTest.class.getResourceAsStream(RECORDED), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        out.add(HistoryJson.read(line));
      }
    }
    return out;
  }

  static List<HistoryRecord> recorded() throws IOException {
    List<HistoryRecord> out = new ArrayList<>();
    for (HistoryJson.Line line : lines()) {
      if (line instanceof HistoryJson.Line.Point p) {
        out.add(p.record());
      }
    }
    return out;
  }
}
