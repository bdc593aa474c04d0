package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gate on result files written by the harness's ResultJson: every named outcome. */
class GateTest {

  @TempDir Path dir;

  private final Gate gate = new Gate(GateSettings.defaults());

  private Path results() {
    return dir.resolve("results");
  }

  private Path baseline() {
    return dir.resolve("baseline-results");
  }

  private CheckReport check() throws IOException {
    return gate.check(ResultFiles.read(results()), Baseline.fromResults(baseline()));
  }

  @Test
  void quietAaPasses() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 6, 1000, 2000, 0.01, 1);
    Fixtures.trials(results(), "OrdersIT.insert", 6, 1000, 2000, 0.01, 2);
    CheckReport report = check();
    assertThat(report.findings()).extracting(Finding::verdict)
        .containsExactly(Verdict.PASS, Verdict.PASS, Verdict.PASS);
    assertThat(report.findings()).extracting(Finding::metric)
        .containsExactly(Metric.TPS, Metric.P50, Metric.P99);
    assertThat(report.failed()).isFalse();
    assertThat(report.findings().get(0).comparison().candidateCount()).isEqualTo(6);
  }

  @Test
  void thirtyPercentSlowdownFailsWithItsFigures() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 6, 1000, 2000, 0.01, 1);
    // 30% more latency and 1/1.3 of the tps.
    Fixtures.trials(results(), "OrdersIT.insert", 6, 1000 / 1.3, 2600, 0.01, 2);
    CheckReport report = check();
    assertThat(report.findings()).extracting(Finding::verdict).containsOnly(Verdict.REGRESSION);
    assertThat(report.failed()).isTrue();
    Finding p50 = report.findings().get(1);
    assertThat(p50.message()).startsWith("OrdersIT.insert: p50 regressed by 3")
        .contains("p = <0.0001");
    assertThat(p50.comparison().regression()).isBetween(0.27, 0.33);
  }

  @Test
  void noResultsAtAllIsMissingResults() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 1);
    CheckReport report = check();
    assertThat(report.findings()).extracting(Finding::verdict)
        .containsExactly(Verdict.MISSING_RESULTS, Verdict.MISSING_RESULTS);
    assertThat(report.findings().get(0).message()).contains("does not exist")
        .contains("did the performance tests run?");
    assertThat(report.findings().get(1).message())
        .isEqualTo("OrdersIT.insert: the baseline has 3 samples but there are no results now"
            + " (test removed, renamed or not run?)");
    assertThat(report.failed()).isTrue();
  }

  @Test
  void emptyAndUnreadableResultsAreNamed() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 1);
    Files.createDirectories(results());
    ResultJson.write(Fixtures.emptyRun(Instant.EPOCH), results().resolve("OrdersIT.insert-trial1.json"));
    Files.writeString(results().resolve("Broken.test-trial1.json"), "{\"schemaVersion\": 1");
    CheckReport report = check();
    assertThat(report.findings()).extracting(Finding::key, Finding::verdict).containsExactly(
        org.assertj.core.groups.Tuple.tuple("Broken.test", Verdict.UNREADABLE_RESULTS),
        org.assertj.core.groups.Tuple.tuple("OrdersIT.insert", Verdict.EMPTY_RESULTS));
    assertThat(report.findings().get(0).message()).startsWith("cannot read result file \"")
        .contains("Broken.test-trial1.json");
    assertThat(report.findings().get(1).message()).contains("holds no processed transaction");
    assertThat(report.failed()).isTrue();
  }

  @Test
  void testWithoutBaselineWarnsByDefault() throws IOException {
    Files.createDirectories(baseline());
    Fixtures.trials(results(), "NewIT.query", 3, 1000, 2000, 0.01, 2);
    CheckReport report = check();
    assertThat(report.findings()).singleElement().satisfies(f -> {
      assertThat(f.verdict()).isEqualTo(Verdict.MISSING_BASELINE);
      assertThat(f.action()).isEqualTo(Action.WARN);
      assertThat(f.message()).isEqualTo("NewIT.query: no baseline to compare 3 results with"
          + " (record one with mvn pgperf:baseline)");
    });
    assertThat(report.failed()).isFalse();
  }

  @Test
  void aBaselineResultsDirectoryThatDoesNotExistIsAnError() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Baseline.fromResults(baseline()))
        .hasMessage("the baseline results directory " + baseline() + " does not exist");
  }

  @Test
  void anEmptyStoreGivesMissingBaselines() throws IOException {
    Fixtures.trials(results(), "NewIT.query", 3, 1000, 2000, 0.01, 2);
    CheckReport report = gate.check(ResultFiles.read(results()),
        Baseline.fromStore(new BaselineStore(dir.resolve("no-store"))));
    assertThat(report.findings()).extracting(Finding::verdict).containsExactly(Verdict.MISSING_BASELINE);
    assertThat(report.baseline()).isEqualTo("baseline store " + dir.resolve("no-store"));
  }

  @Test
  void otherServerVersionIsAFingerprintMismatch() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 1, "16.4");
    Fixtures.trials(results(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 2);
    CheckReport report = check();
    assertThat(report.findings()).singleElement().satisfies(f -> {
      assertThat(f.verdict()).isEqualTo(Verdict.FINGERPRINT_MISMATCH);
      assertThat(f.message()).contains("none of the 3 baseline samples ran on the same setup")
          .contains("PostgreSQL 16.4 vs " + Fixtures.VERSION);
    });
    assertThat(report.failed()).isTrue();
  }

  @Test
  void onlyBaselineSamplesOfTheSameSetupAreCompared() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 3, 500, 4000, 0.01, 1, "16.4");
    // Four more baseline trials of the same test on the candidate's server, named "<key>_trialN.json".
    Path same = dir.resolve("same");
    Fixtures.trials(same, "OrdersIT.insert", 4, 1000, 2000, 0.01, 3);
    for (int i = 1; i <= 4; i++) {
      Files.move(same.resolve("OrdersIT.insert-trial" + i + ".json"),
          baseline().resolve("OrdersIT.insert_trial" + i + ".json"));
    }
    Fixtures.trials(results(), "OrdersIT.insert", 4, 1000, 2000, 0.01, 2);
    CheckReport report = check();
    assertThat(report.findings()).extracting(Finding::verdict).containsOnly(Verdict.PASS);
    assertThat(report.findings().get(0).comparison().baselineCount()).isEqualTo(4);
  }

  @Test
  void differentSettingsAndMachinesAreNamed() throws IOException {
    RunResult a = Fixtures.run(1000, 2000, 1, Fixtures.server(Fixtures.VERSION), Instant.EPOCH);
    Fingerprint fa = Fingerprint.of(a);
    RunResult b = new RunResult(a.workload(), a.target(),
        a.server().withProviderSettings(java.util.Map.of("fsync", "off"))
            .withProvider("EMBEDDED", "EMBEDDED asked"),
        List.of(new ClientMachine("dev", 8, "OpenJDK 21", "Linux")), a.startedAt(), a.endedAt(),
        a.benchSeconds(), a.initialConnectionMicros(), a.connectionMicros(), a.scripts(),
        a.timeline(), a.aborted());
    assertThat(fa.differences(Fingerprint.of(b))).containsExactly(
        "provider none vs EMBEDDED",
        "provider setting fsync unset vs off",
        "machine [2 cores, OpenJDK 64-Bit Server VM Debian 17, Linux 6.1 amd64] vs [8 cores, OpenJDK 21, Linux]");
    assertThat(fa.differences(fa)).isEmpty();
  }

  @Test
  void sameFilesGiveTheSameReport() throws IOException {
    Fixtures.trials(baseline(), "A.a", 5, 1000, 2000, 0.1, 1);
    Fixtures.trials(results(), "A.a", 5, 900, 2100, 0.1, 2);
    assertThat(check()).isEqualTo(check());
  }
}
