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

  private Path store() {
    return dir.resolve("store");
  }

  private CheckReport checkAgainstStore() throws IOException {
    return gate.check(ResultFiles.read(results()), Baseline.fromStore(new BaselineStore(store())));
  }

  @Test
  void quietAaPasses() throws IOException {
    Fixtures.baseline(store(), "OrdersIT.insert", 6, 3, 1000, 2000, 0.01, 1, Fixtures.VERSION);
    Fixtures.trials(results(), "OrdersIT.insert", 6, 1000, 2000, 0.01, 20);
    CheckReport report = checkAgainstStore();
    assertThat(report.findings())
        .extracting(Finding::verdict)
        .containsExactly(Verdict.PASS, Verdict.PASS, Verdict.PASS);
    assertThat(report.findings())
        .extracting(Finding::metric)
        .containsExactly(Metric.TPS, Metric.P50, Metric.P99);
    assertThat(report.failed()).isFalse();
    Comparison tps = report.findings().get(0).comparison();
    assertThat(tps.candidateCount()).isEqualTo(6);
    assertThat(tps.baselineBuilds()).isEqualTo(6);
    assertThat(tps.baselineCount()).isEqualTo(18);
  }

  @Test
  void thirtyPercentSlowdownFailsWithItsFigures() throws IOException {
    Fixtures.baseline(store(), "OrdersIT.insert", 4, 3, 1000, 2000, 0.01, 1, Fixtures.VERSION);
    // 30% more latency and 1/1.3 of the tps.
    Fixtures.trials(results(), "OrdersIT.insert", 6, 1000 / 1.3, 2600, 0.01, 20);
    CheckReport report = checkAgainstStore();
    assertThat(report.findings()).extracting(Finding::verdict).containsOnly(Verdict.REGRESSION);
    assertThat(report.failed()).isTrue();
    Finding p50 = report.findings().get(1);
    assertThat(p50.message())
        .startsWith("OrdersIT.insert: p50 regressed by 3")
        .contains("from 4 builds (12 trials)")
        .contains("p = <0.0001");
    assertThat(p50.comparison().regression()).isBetween(0.27, 0.33);
  }

  @Test
  void oneBaselineBuildCanNeverFailHoweverClearItsTrials() throws IOException {
    // All trials of one build share its machine: a slow build is not a regression.
    Fixtures.trials(baseline(), "OrdersIT.insert", 14, 1000, 2000, 0.01, 1);
    Fixtures.trials(results(), "OrdersIT.insert", 14, 500, 4000, 0.01, 2);
    CheckReport report = check();
    assertThat(report.findings()).extracting(Finding::verdict).containsOnly(Verdict.INCONCLUSIVE);
    assertThat(report.failed()).isFalse();
    assertThat(report.findings().get(0).message())
        .contains(
            "the baseline holds 1 build, and at"
                + " least 3 are needed to tell a change from the noise between builds");
  }

  @Test
  void trialsOfOneBuildThatMoveTogetherAreNotARegression() throws IOException {
    // The case: five baseline builds whose tps ranged 700-900; this build's trials all came
    // out near 450, tightly. As independent samples that is a certain regression; as one build
    // among
    // builds that vary this much it is not certain.
    double[] buildTps = {900, 700, 850, 760, 820};
    for (int b = 0; b < buildTps.length; b++) {
      Path one = dir.resolve("build" + b);
      Fixtures.trials(one, "App.tpcb", 4, buildTps[b], 2_000_000 / buildTps[b], 0.03, 100 + b);
      new BaselineStore(store()).record(ResultFiles.read(one).samples(), 10);
    }
    Fixtures.trials(results(), "App.tpcb", 4, 450, 2_000_000 / 450.0, 0.03, 200);
    CheckReport report = checkAgainstStore();
    assertThat(report.findings()).extracting(Finding::verdict).doesNotContain(Verdict.REGRESSION);
    assertThat(report.failed()).isFalse();
  }

  @Test
  void abortedResultsAreNeverSamples() throws IOException {
    Fixtures.baseline(store(), "OrdersIT.insert", 3, 2, 1000, 2000, 0.01, 1, Fixtures.VERSION);
    Files.createDirectories(results());
    ResultJson.write(
        Fixtures.abortedRun(Instant.EPOCH), results().resolve("OrdersIT.insert-trial1.json"));
    CheckReport report = checkAgainstStore();
    assertThat(report.findings())
        .extracting(Finding::verdict)
        .containsExactly(Verdict.ABORTED_RESULTS);
    assertThat(report.findings().get(0).message()).contains("aborted run");
    assertThat(report.failed()).isTrue();
  }

  @Test
  void badBaselineValuesMakeTheBaselineUnreadable() throws IOException {
    Fixtures.baseline(store(), "OrdersIT.insert", 3, 2, 1000, 2000, 0.01, 1, Fixtures.VERSION);
    Fixtures.trials(results(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 20);
    Path file = new BaselineStore(store()).file("OrdersIT.insert");
    String good = Files.readString(file);
    String tps =
        good.substring(good.indexOf("\"tps\" : "), good.indexOf('}', good.indexOf("\"tps\" : ")));
    for (String bad :
        new String[] {"\"tps\" : -5.0", "\"tps\" : \"fast\"", "\"tps\" : null", "\"tpz\" : 5.0"}) {
      Files.writeString(
          file,
          good.replaceFirst(
              java.util.regex.Pattern.quote(tps), java.util.regex.Matcher.quoteReplacement(bad)));
      CheckReport report = checkAgainstStore();
      assertThat(report.findings())
          .as(bad)
          .extracting(Finding::verdict)
          .contains(Verdict.UNREADABLE_BASELINE)
          .doesNotContain(Verdict.PASS);
      assertThat(report.failed()).as(bad).isTrue();
      assertThat(report.findings())
          .filteredOn(f -> f.verdict() == Verdict.UNREADABLE_BASELINE)
          .first()
          .extracting(Finding::message)
          .asString()
          .startsWith("baseline: cannot read baseline file")
          .contains("OrdersIT.insert.json");
    }
  }

  @Test
  void noResultsAtAllIsMissingResults() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 1);
    CheckReport report = check();
    assertThat(report.findings())
        .extracting(Finding::verdict)
        .containsExactly(Verdict.MISSING_RESULTS, Verdict.MISSING_RESULTS);
    assertThat(report.findings().get(0).message())
        .contains("does not exist")
        .contains("did the performance tests run?");
    assertThat(report.findings().get(1).message())
        .isEqualTo(
            "OrdersIT.insert: the baseline has 3 samples but there are no results now"
                + " (test removed, renamed or not run?)");
    assertThat(report.failed()).isTrue();
  }

  @Test
  void emptyAndUnreadableResultsAreNamed() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 1);
    Files.createDirectories(results());
    ResultJson.write(
        Fixtures.emptyRun(Instant.EPOCH), results().resolve("OrdersIT.insert-trial1.json"));
    Files.writeString(results().resolve("Broken.test-trial1.json"), "{\"schemaVersion\": 1");
    CheckReport report = check();
    assertThat(report.findings())
        .extracting(Finding::key, Finding::verdict)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Broken.test", Verdict.UNREADABLE_RESULTS),
            org.assertj.core.groups.Tuple.tuple("OrdersIT.insert", Verdict.EMPTY_RESULTS));
    assertThat(report.findings().get(0).message())
        .startsWith("cannot read result file \"")
        .contains("Broken.test-trial1.json");
    assertThat(report.findings().get(1).message()).contains("holds no processed transaction");
    assertThat(report.failed()).isTrue();
  }

  @Test
  void testWithoutBaselineWarnsByDefault() throws IOException {
    Files.createDirectories(baseline());
    Fixtures.trials(results(), "NewIT.query", 3, 1000, 2000, 0.01, 2);
    CheckReport report = check();
    assertThat(report.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.verdict()).isEqualTo(Verdict.MISSING_BASELINE);
              assertThat(f.action()).isEqualTo(Action.WARN);
              assertThat(f.message())
                  .isEqualTo(
                      "NewIT.query: no baseline to compare 3 results with"
                          + " (record one with mvn verify pgperf:baseline)");
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
    CheckReport report =
        gate.check(
            ResultFiles.read(results()),
            Baseline.fromStore(new BaselineStore(dir.resolve("no-store"))));
    assertThat(report.findings())
        .extracting(Finding::verdict)
        .containsExactly(Verdict.MISSING_BASELINE);
    assertThat(report.baseline()).isEqualTo("baseline store " + dir.resolve("no-store"));
  }

  @Test
  void otherServerVersionIsAFingerprintMismatch() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 1, "16.4");
    Fixtures.trials(results(), "OrdersIT.insert", 3, 1000, 2000, 0.01, 2);
    CheckReport report = check();
    assertThat(report.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.verdict()).isEqualTo(Verdict.FINGERPRINT_MISMATCH);
              assertThat(f.message())
                  .contains("none of the 3 baseline samples ran on the same setup")
                  .contains("PostgreSQL 16.4 vs " + Fixtures.VERSION);
            });
    assertThat(report.failed()).isTrue();
  }

  @Test
  void onlyBaselineSamplesOfTheSameSetupAreCompared() throws IOException {
    Fixtures.trials(baseline(), "OrdersIT.insert", 3, 500, 4000, 0.01, 1, "16.4");
    // Four more baseline trials of the same test on the candidate's server, named
    // "<key>_trialN.json".
    Path same = dir.resolve("same");
    Fixtures.trials(same, "OrdersIT.insert", 4, 1000, 2000, 0.01, 3);
    for (int i = 1; i <= 4; i++) {
      Files.move(
          same.resolve("OrdersIT.insert-trial" + i + ".json"),
          baseline().resolve("OrdersIT.insert_trial" + i + ".json"));
    }
    Fixtures.trials(results(), "OrdersIT.insert", 4, 1000, 2000, 0.01, 2);
    CheckReport report = check();
    // One comparable baseline build: compared, and inconclusive, never a verdict on one build.
    assertThat(report.findings()).extracting(Finding::verdict).containsOnly(Verdict.INCONCLUSIVE);
    assertThat(report.findings().get(0).comparison().baselineCount()).isEqualTo(4);
  }

  @Test
  void differentSettingsAndMachinesAreNamed() throws IOException {
    RunResult a = Fixtures.run(1000, 2000, 1, Fixtures.server(Fixtures.VERSION), Instant.EPOCH);
    Fingerprint fa = Fingerprint.of(a);
    RunResult b =
        new RunResult(
            a.settings(),
            a.target(),
            a.server()
                .withProviderSettings(java.util.Map.of("fsync", "off"))
                .withProvider("EMBEDDED", "EMBEDDED asked"),
            List.of(new ClientMachine("dev", 8, "OpenJDK 21", "Linux")),
            a.startedAt(),
            a.endedAt(),
            a.benchSeconds(),
            a.initialConnectionMicros(),
            a.connectionMicros(),
            a.scripts(),
            a.timeline(),
            a.aborted(),
            a.identity());
    assertThat(fa.differences(Fingerprint.of(b)))
        .containsExactly(
            "provider none vs EMBEDDED",
            "provider setting fsync unset vs off",
            "machine [2 cores, CPU unknown, OpenJDK 64-Bit Server VM Debian 17, Linux 6.1 amd64]"
                + " vs [8 cores, CPU unknown, OpenJDK 21, Linux]");
    assertThat(fa.differences(fa)).isEmpty();
  }

  @Test
  void whatTheServerCountsIsNoPartOfTheTimingFingerprint() throws IOException {
    RunResult a = Fixtures.run(1000, 2000, 1, Fixtures.server(Fixtures.VERSION), Instant.EPOCH);
    RunResult b =
        new RunResult(
            a.settings(),
            a.target(),
            a.server().withProviderSettings(java.util.Map.of("pg_stat_statements.track", "all")),
            a.clientMachines(),
            a.startedAt(),
            a.endedAt(),
            a.benchSeconds(),
            a.initialConnectionMicros(),
            a.connectionMicros(),
            a.scripts(),
            a.timeline(),
            a.aborted(),
            a.identity());
    // A baseline recorded before the providers counted nested statements still compares.
    assertThat(Fingerprint.of(a)).isEqualTo(Fingerprint.of(b));
    RunResult c =
        new RunResult(
            a.settings(),
            a.target(),
            a.server().withProviderSettings(java.util.Map.of("track_io_timing", "on")),
            a.clientMachines(),
            a.startedAt(),
            a.endedAt(),
            a.benchSeconds(),
            a.initialConnectionMicros(),
            a.connectionMicros(),
            a.scripts(),
            a.timeline(),
            a.aborted(),
            a.identity());
    assertThat(Fingerprint.of(a).differences(Fingerprint.of(c)))
        .containsExactly("provider setting track_io_timing unset vs on");
  }

  @Test
  void machinesOfOneKindMatchWhateverTheirKernelAndJvmBuilds() {
    String cpu = "Intel(R) Xeon(R) Platinum 8481C CPU @ 2.70GHz";
    ClientMachine recorded =
        new ClientMachine(
            "dev",
            2,
            "OpenJDK 64-Bit Server VM Eclipse Adoptium 17.0.13+11",
            "Linux 6.18.44-fc-v669 amd64",
            cpu,
            24L << 30);
    ClientMachine other =
        new ClientMachine(
            "0.1.0",
            2,
            "OpenJDK 64-Bit Server VM Eclipse Adoptium 17.0.17+10",
            "Linux 6.18.44-fc-v1045 amd64",
            cpu,
            23L << 30);
    assertThat(Fingerprint.machine(recorded))
        .isEqualTo(Fingerprint.machine(other))
        .isEqualTo(
            "2 cores, "
                + cpu
                + ", OpenJDK 64-Bit Server VM Eclipse Adoptium 17,"
                + " Linux 6.18 amd64");
    // Another kernel minor, JVM feature version, processor or core count is another machine.
    assertThat(
            Fingerprint.machine(
                new ClientMachine("dev", 2, recorded.jvm(), "Linux 6.19.2-fc-v1 amd64", cpu, 0)))
        .isNotEqualTo(Fingerprint.machine(recorded));
    assertThat(
            Fingerprint.machine(
                new ClientMachine(
                    "dev",
                    2,
                    "OpenJDK 64-Bit Server VM Eclipse Adoptium 25.0.1+8",
                    recorded.os(),
                    cpu,
                    0)))
        .isNotEqualTo(Fingerprint.machine(recorded));
    assertThat(
            Fingerprint.machine(
                new ClientMachine("dev", 2, recorded.jvm(), recorded.os(), "AMD EPYC 9B14", 0)))
        .isNotEqualTo(Fingerprint.machine(recorded));
    assertThat(
            Fingerprint.machine(new ClientMachine("dev", 4, recorded.jvm(), recorded.os(), cpu, 0)))
        .isNotEqualTo(Fingerprint.machine(recorded));
  }

  @Test
  void sameFilesGiveTheSameReport() throws IOException {
    Fixtures.baseline(store(), "A.a", 4, 3, 1000, 2000, 0.1, 1, Fixtures.VERSION);
    Fixtures.trials(results(), "A.a", 5, 900, 2100, 0.1, 20);
    assertThat(checkAgainstStore()).isEqualTo(checkAgainstStore());
  }
}
