package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pgperf:compare's verdicts on result files written by the harness's ResultJson, as the compare
 * goal leaves them in {@code results/base} and {@code results/candidate}: pairs by trial number,
 * NEW, GONE, setups that differ, trials without a partner, and confirmation.
 */
class PairedGateTest {

  @TempDir Path dir;

  private final PairedGate gate = new PairedGate(GateSettings.defaults());

  private Path base() {
    return dir.resolve("base");
  }

  private Path candidate() {
    return dir.resolve("candidate");
  }

  private CheckReport compare() throws IOException {
    return gate.compare(ResultFiles.read(base()), ResultFiles.read(candidate()));
  }

  @Test
  void aThirtyPercentSlowerCandidateIsARegressionWithItsPairs() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 8, 1000, 2000, 0.02, 1);
    Fixtures.trials(candidate(), "OrdersIT.insert", 8, 700, 2860, 0.02, 2);
    CheckReport report = compare();
    assertThat(report.findings())
        .extracting(Finding::verdict)
        .containsExactly(Verdict.REGRESSION, Verdict.REGRESSION, Verdict.REGRESSION);
    assertThat(report.failed()).isTrue();
    Finding tps = report.findings().get(0);
    assertThat(tps.comparison().method()).isEqualTo(Comparison.Method.PAIRED_T);
    assertThat(tps.comparison().baselineCount()).isEqualTo(8);
    assertThat(tps.message())
        .startsWith("OrdersIT.insert: tps regressed by ")
        .contains("8 pairs interleaved");
    assertThat(report.baseline()).contains("base revision's results");
    assertThat(PairedGate.needsConfirmation(report)).containsExactly("OrdersIT.insert");
  }

  @Test
  void anUnchangedCandidatePasses() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 8, 1000, 2000, 0.01, 3);
    Fixtures.trials(candidate(), "OrdersIT.insert", 8, 1000, 2000, 0.01, 4);
    CheckReport report = compare();
    assertThat(report.findings())
        .extracting(Finding::verdict)
        .containsExactly(Verdict.PASS, Verdict.PASS, Verdict.PASS);
    assertThat(report.failed()).isFalse();
    assertThat(PairedGate.needsConfirmation(report)).isEmpty();
  }

  @Test
  void testsOnOneSideOnlyAreNewOrGoneAndWarn() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 4, 1000, 2000, 0.01, 5);
    Fixtures.trials(base(), "OrdersIT.removed", 4, 1000, 2000, 0.01, 6);
    Fixtures.trials(candidate(), "OrdersIT.insert", 4, 1000, 2000, 0.01, 7);
    Fixtures.trials(candidate(), "OrdersIT.added", 4, 1000, 2000, 0.01, 8);
    CheckReport report = compare();
    Finding added = only(report, "OrdersIT.added");
    assertThat(added.verdict()).isEqualTo(Verdict.NEW);
    assertThat(added.action()).isEqualTo(Action.WARN);
    assertThat(added.message())
        .isEqualTo(
            "OrdersIT.added: new in the candidate (the base"
                + " revision has no such test): measured in 4 trials, not compared");
    Finding removed = only(report, "OrdersIT.removed");
    assertThat(removed.verdict()).isEqualTo(Verdict.GONE);
    assertThat(removed.action()).isEqualTo(Action.WARN);
    assertThat(removed.message()).contains("only the base revision has this test");
    assertThat(report.failed()).isFalse();
  }

  @Test
  void aTestWhoseSetupChangedIsNotComparedOnTiming() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 4, 1000, 2000, 0.01, 9, "16.4");
    Fixtures.trials(candidate(), "OrdersIT.insert", 4, 1000, 2000, 0.01, 10);
    Finding f = only(compare(), "OrdersIT.insert");
    assertThat(f.verdict()).isEqualTo(Verdict.FINGERPRINT_MISMATCH);
    assertThat(f.message())
        .contains("another setup in the candidate than in the base revision")
        .contains("PostgreSQL 16.4 vs 15.20");
  }

  @Test
  void trialsWithoutAPartnerAreLeftOutAndSaid() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 6, 1000, 2000, 0.01, 11);
    Fixtures.trials(candidate(), "OrdersIT.insert", 5, 1000, 2000, 0.01, 12);
    CheckReport report = compare();
    assertThat(report.findings()).hasSize(3);
    assertThat(report.findings().get(0).comparison().baselineCount()).isEqualTo(5);
    assertThat(report.findings().get(0).message())
        .contains(
            "1 trial without a partner left out;"
                + " trials of the base [1, 2, 3, 4, 5, 6], of the candidate [1, 2, 3, 4, 5]");
  }

  @Test
  void resultsWithoutTrialNumbersPairUpWithNothingAndSaySo() throws IOException {
    for (Path side : List.of(base(), candidate())) {
      Files.createDirectories(side);
      for (int i = 1; i <= 3; i++) {
        io.github.pgperf.result.ResultJson.write(
            Fixtures.run(
                    1000,
                    2000,
                    i,
                    Fixtures.server(Fixtures.VERSION),
                    java.time.Instant.parse("2026-12-02T04:00:00Z"))
                .withIdentity(new io.github.pgperf.result.RunIdentity("build-x", 0)),
            side.resolve("OrdersIT.insert-run" + i + ".json"));
      }
    }
    Finding f = only(compare(), "OrdersIT.insert-run1");
    assertThat(f.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(f.message())
        .contains("no trial of the base and the candidate pair up")
        .contains("identity.trial");
  }

  @Test
  void unusableResultsOfEitherSideAreNamed() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 4, 1000, 2000, 0.01, 13);
    Fixtures.trials(candidate(), "OrdersIT.insert", 4, 1000, 2000, 0.01, 14);
    Files.writeString(base().resolve("OrdersIT.broken-trial1.json"), "{ not json");
    CheckReport report = compare();
    Finding broken = only(report, "OrdersIT.broken");
    assertThat(broken.verdict()).isEqualTo(Verdict.UNREADABLE_RESULTS);
    assertThat(broken.message()).startsWith("base: ");
    CheckReport none =
        gate.compare(ResultFiles.read(base()), ResultFiles.read(dir.resolve("nothing")));
    assertThat(none.findings().get(0).verdict()).isEqualTo(Verdict.MISSING_RESULTS);
  }

  @Test
  void aRegressionIsConfirmedOnAllTrialsAfterMorePairs() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 6, 1000, 2000, 0.02, 15);
    Fixtures.trials(candidate(), "OrdersIT.insert", 6, 700, 2860, 0.02, 16);
    Fixtures.trials(base(), "OrdersIT.select", 6, 1000, 2000, 0.01, 17);
    Fixtures.trials(candidate(), "OrdersIT.select", 6, 1000, 2000, 0.01, 18);
    CheckReport first = compare();
    assertThat(PairedGate.needsConfirmation(first)).containsExactly("OrdersIT.insert");
    // The goal runs as many pairs again of the test that regressed: trials 7 to 12.
    moreTrials("OrdersIT.insert", 700, 2860, 19);
    CheckReport confirmed =
        gate.confirm(first, ResultFiles.read(base()), ResultFiles.read(candidate()));
    List<Finding> insert =
        confirmed.findings().stream().filter(f -> f.key().equals("OrdersIT.insert")).toList();
    assertThat(insert).extracting(Finding::verdict).containsOnly(Verdict.REGRESSION);
    assertThat(insert.get(0).comparison().baselineCount()).isEqualTo(12);
    assertThat(insert.get(0).message())
        .contains("confirmed: still a regression on all 12 pairs (6 first, then 6 more)");
    // The other test keeps its first findings: its trials did not change.
    assertThat(confirmed.findings().stream().filter(f -> f.key().equals("OrdersIT.select")))
        .containsExactlyElementsOf(
            first.findings().stream().filter(f -> f.key().equals("OrdersIT.select")).toList());
    assertThat(confirmed.failed()).isTrue();
  }

  @Test
  void aRegressionTheMorePairsDoNotConfirmDoesNotFailTheBuild() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 6, 1000, 2000, 0.02, 20);
    Fixtures.trials(candidate(), "OrdersIT.insert", 6, 700, 2860, 0.02, 21);
    CheckReport first = compare();
    assertThat(first.failed()).isTrue();
    // The second half says the opposite (the first was a fluke of the machine): on all 12 pairs
    // the p-value is far from the level.
    moreTrials("OrdersIT.insert", 1430, 1400, 22);
    CheckReport confirmed =
        gate.confirm(first, ResultFiles.read(base()), ResultFiles.read(candidate()));
    assertThat(confirmed.findings())
        .extracting(Finding::verdict)
        .doesNotContain(Verdict.REGRESSION);
    assertThat(confirmed.findings().get(0).message())
        .contains("confirmation of a regression on the first 6 pairs: 12 pairs (6 more)");
    assertThat(confirmed.failed()).isFalse();
  }

  @Test
  void aSequentialGateKeepsATestOpenUntilItsTimingSettlesOrReachesItsCap() throws IOException {
    // Quiet and unchanged: ruled out a 5% regression after 6 pairs, so it stops.
    Fixtures.trials(base(), "OrdersIT.select", 6, 1000, 2000, 0.005, 30);
    Fixtures.trials(candidate(), "OrdersIT.select", 6, 1000, 2000, 0.005, 31);
    // Noisy and unchanged: nothing settles in 6 pairs; under its cap of 8 it wants more.
    Fixtures.trials(base(), "OrdersIT.insert", 6, 1000, 2000, 0.3, 32);
    Fixtures.trials(candidate(), "OrdersIT.insert", 6, 1000, 2000, 0.3, 33);
    PairedGate sequential = PairedGate.sequential(GateSettings.defaults(), key -> 8);
    CheckReport report =
        sequential.compare(ResultFiles.read(base()), ResultFiles.read(candidate()));
    assertThat(report.findings())
        .filteredOn(f -> f.key().equals("OrdersIT.select"))
        .extracting(Finding::verdict)
        .containsOnly(Verdict.PASS);
    assertThat(report.findings())
        .filteredOn(f -> f.comparison() != null)
        .allSatisfy(
            f -> {
              assertThat(f.comparison().method()).isEqualTo(Comparison.Method.SEQUENTIAL_T);
              assertThat(f.comparison().baselineCount()).isEqualTo(6);
            });
    assertThat(report.findings())
        .filteredOn(f -> f.key().equals("OrdersIT.insert"))
        .extracting(Finding::verdict)
        .contains(Verdict.INCONCLUSIVE);
    assertThat(sequential.open(report)).containsExactly("OrdersIT.insert");
    // Only the findings that want more pairs: a settled sibling metric is not among them.
    assertThat(sequential.unsettled(report))
        .isNotEmpty()
        .allSatisfy(f -> assertThat(f.key()).isEqualTo("OrdersIT.insert"))
        .extracting(Finding::verdict)
        .doesNotContain(Verdict.PASS, Verdict.REGRESSION, Verdict.IMPROVEMENT);
    // At its cap the same pairs are final: INCONCLUSIVE, saying what would give more pairs.
    PairedGate capped = PairedGate.sequential(GateSettings.defaults(), key -> 6);
    CheckReport atCap = capped.compare(ResultFiles.read(base()), ResultFiles.read(candidate()));
    assertThat(capped.open(atCap)).isEmpty();
    assertThat(atCap.findings())
        .filteredOn(f -> f.verdict() == Verdict.INCONCLUSIVE)
        .isNotEmpty()
        .allSatisfy(
            f ->
                assertThat(f.message())
                    .contains("6 pairs interleaved")
                    .endsWith("; allow more pairs with pgperf.compareTime)"));
    // A fixed gate has nothing open.
    assertThat(gate.open(compare())).isEmpty();
  }

  @Test
  void aSequentialGateStopsAClearRegressionAndFailsOnItWithoutConfirmation() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 10, 1000, 2000, 0.02, 34);
    Fixtures.trials(candidate(), "OrdersIT.insert", 10, 700, 2860, 0.02, 35);
    PairedGate sequential = PairedGate.sequential(GateSettings.defaults(), key -> 40);
    CheckReport report =
        sequential.compare(ResultFiles.read(base()), ResultFiles.read(candidate()));
    assertThat(report.findings())
        .extracting(Finding::verdict)
        .containsExactly(Verdict.REGRESSION, Verdict.REGRESSION, Verdict.REGRESSION);
    assertThat(sequential.open(report)).isEmpty();
    assertThat(report.failed()).isTrue();
    // Their first 4 pairs: the looks cannot reach 0.005/3 so soon, so the test stays open.
    PairedGate four = PairedGate.sequential(GateSettings.defaults(), key -> 40);
    for (int i = 5; i <= 10; i++) {
      Files.delete(base().resolve("OrdersIT.insert-trial" + i + ".json"));
      Files.delete(candidate().resolve("OrdersIT.insert-trial" + i + ".json"));
    }
    CheckReport early = four.compare(ResultFiles.read(base()), ResultFiles.read(candidate()));
    assertThat(early.findings()).extracting(Finding::verdict).doesNotContain(Verdict.REGRESSION);
    assertThat(four.open(early)).containsExactly("OrdersIT.insert");
  }

  @Test
  void aSequentialGateLeavesOutPairsBeyondTheCap() throws IOException {
    Fixtures.trials(base(), "OrdersIT.insert", 8, 1000, 2000, 0.01, 36);
    Fixtures.trials(candidate(), "OrdersIT.insert", 8, 1000, 2000, 0.01, 37);
    CheckReport report =
        PairedGate.sequential(GateSettings.defaults(), key -> 6)
            .compare(ResultFiles.read(base()), ResultFiles.read(candidate()));
    assertThat(report.findings())
        .filteredOn(f -> f.comparison() != null)
        .allSatisfy(f -> assertThat(f.comparison().baselineCount()).isEqualTo(6));
  }

  /**
   * Writes trials 7 to 12 of {@code key}: the base at 1000 tps / 2000 µs, the candidate at the
   * figures given.
   */
  private void moreTrials(String key, double tps, double latency, long seed) throws IOException {
    Path b = dir.resolve("more-base");
    Path c = dir.resolve("more-candidate");
    Fixtures.trials(b, key, 12, 1000, 2000, 0.02, seed);
    Fixtures.trials(c, key, 12, tps, latency, 0.02, seed + 1000);
    for (int i = 7; i <= 12; i++) {
      String name = key + "-trial" + i + ".json";
      Files.copy(b.resolve(name), base().resolve(name));
      Files.copy(c.resolve(name), candidate().resolve(name));
    }
  }

  private static Finding only(CheckReport report, String key) {
    List<Finding> of = report.findings().stream().filter(f -> f.key().equals(key)).toList();
    assertThat(of).as("findings of %s", key).hasSize(1);
    return of.get(0);
  }
}
