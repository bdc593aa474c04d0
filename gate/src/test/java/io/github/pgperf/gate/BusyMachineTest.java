package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.MachineCpu;
import io.github.pgperf.work.ServerCpu;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.Unavailable;
import io.github.pgperf.work.WorkPart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build on a machine other jobs kept busier than in every baseline build: its timing cannot be
 * told from the machine's, so it is inconclusive, never a regression; on an equally busy machine
 * the same slowdown still fails.
 */
class BusyMachineTest {

  private static final String KEY = "OrdersIT.insert";

  @TempDir Path dir;

  private final Gate gate = new Gate(GateSettings.defaults());

  /** Rewrites every result in {@code results} as if other processes took {@code others}. */
  private static void othersTook(Path results, double others) throws IOException {
    try (Stream<Path> files = Files.list(results)) {
      for (Path f : files.toList()) {
        RunResult r = ResultJson.read(f);
        long capacity = 20_000_000; // 10 s on 2 cores
        long server = 6_000_000;
        long pgperf = 3_000_000;
        long busy = server + pgperf + Math.round(others * capacity);
        ServerCpu cpu = new ServerCpu(server, 0L, 0L, 0L, new MachineCpu(capacity, busy, pgperf));
        ResultJson.write(
            r.withServerWork(
                new ServerWork(
                    10,
                    List.of(),
                    null,
                    null,
                    null,
                    null,
                    cpu,
                    List.of(
                        new Unavailable(WorkPart.DATABASE, "not read in this fixture"),
                        new Unavailable(WorkPart.WAL, "not read in this fixture"),
                        new Unavailable(WorkPart.CHECKPOINTS, "not read in this fixture"),
                        new Unavailable(WorkPart.WAITS, "not read in this fixture")))),
            f);
      }
    }
  }

  /** 4 baseline builds of 3 trials at 1000 tps, others taking {@code others} of the machine. */
  private Path baseline(double others) throws IOException {
    Path store = dir.resolve("store");
    for (int b = 0; b < 4; b++) {
      Path results = dir.resolve("baseline-build-" + b);
      Fixtures.trials(results, KEY, 3, 1000, 2000, 0.01, 1 + b);
      othersTook(results, others);
      new BaselineStore(store).record(ResultFiles.read(results).samples(), 10);
    }
    return store;
  }

  private CheckReport slowerBy30Percent(Path store, double others) throws IOException {
    Path results = dir.resolve("results");
    Fixtures.trials(results, KEY, 6, 1000 / 1.3, 2600, 0.01, 20);
    othersTook(results, others);
    return gate.check(ResultFiles.read(results), Baseline.fromStore(new BaselineStore(store)));
  }

  /** The timing findings: tps, p50 and p99 (the results' work is compared too, and passes). */
  private static List<Finding> timing(CheckReport report) {
    return report.findings().stream().filter(f -> f.metric() != null).toList();
  }

  @Test
  void aSlowdownOnABusierMachineIsInconclusiveWithBothShares() throws IOException {
    CheckReport report = slowerBy30Percent(baseline(0.05), 0.60);

    assertThat(timing(report))
        .extracting(Finding::verdict)
        .containsExactly(Verdict.INCONCLUSIVE, Verdict.INCONCLUSIVE, Verdict.INCONCLUSIVE);
    assertThat(report.failed()).isFalse();
    assertThat(report.findings().get(0).message())
        .startsWith(
            KEY
                + ": tps inconclusive: the"
                + " machine was busier than in every baseline build (other processes took at least"
                + " 60% of its CPU in this build's trials, at most 5% in the baseline's)")
        .contains("measured: tps regressed by 2")
        .contains("pgperf:compare");
    // The figures stay: the report still shows the slowdown as measured.
    assertThat(report.findings().get(0).comparison().regression()).isBetween(0.2, 0.3);
  }

  @Test
  void theSameSlowdownOnAMachineAsBusyAsTheBaselinesFails() throws IOException {
    CheckReport report = slowerBy30Percent(baseline(0.40), 0.55);

    assertThat(timing(report))
        .extracting(Finding::verdict)
        .containsExactly(Verdict.REGRESSION, Verdict.REGRESSION, Verdict.REGRESSION);
    assertThat(report.failed()).isTrue();
  }

  @Test
  void theSharesAreKeptInTheBaselineStore() throws IOException {
    Path store = baseline(0.25);

    List<Sample> samples = new BaselineStore(store).load().samples().get(KEY);

    assertThat(samples)
        .hasSize(12)
        .allSatisfy(s -> assertThat(s.othersShare()).isBetween(0.2499, 0.2501));
  }

  @Test
  void withoutAShareOnEitherSideNothingChanges() {
    Sample known =
        new Sample(
            KEY,
            "b",
            "s",
            java.time.Instant.EPOCH,
            java.util.Map.of(),
            Fingerprint.of(
                Fixtures.run(
                    1000, 2000, 1, Fixtures.server(Fixtures.VERSION), java.time.Instant.EPOCH)),
            null,
            0.9,
            0);
    Sample unknown =
        new Sample(KEY, "b", "s", java.time.Instant.EPOCH, java.util.Map.of(), known.fingerprint());

    assertThat(BusyMachine.of(List.of(known), List.of(unknown)).busier()).isFalse();
    assertThat(BusyMachine.of(List.of(unknown), List.of(known)).busier()).isFalse();
    assertThat(BusyMachine.of(List.of(known), List.of()).busier()).isFalse();
    assertThat(new BusyMachine(0.50, 0.29).busier()).isTrue();
    assertThat(new BusyMachine(0.49, 0.29).busier()).isFalse();
  }
}
