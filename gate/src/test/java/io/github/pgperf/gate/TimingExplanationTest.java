package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.WorkFixtures.Build;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a timing finding says beside it, on results written as the harness writes them: the work per
 * transaction always beside a REGRESSION, the wait events whose share moved beyond the baseline's
 * spread, and nothing beside an INCONCLUSIVE finding when nothing changed.
 */
class TimingExplanationTest {

  private static final String KEY = "AccountsIT.lookup";

  @TempDir Path dir;

  /**
   * The tps finding of this build of {@code now} against {@code builds} builds of {@code baseline}.
   */
  private Finding tps(Build baseline, int builds, Build now, long seed) throws IOException {
    Path store = dir.resolve("store-" + seed);
    Path results = dir.resolve("results-" + seed);
    WorkFixtures.baseline(store, KEY, builds, 3, baseline, seed * 100);
    WorkFixtures.trials(results, KEY, 3, now, seed * 100 + 50);
    CheckReport report =
        new Gate(GateSettings.defaults())
            .check(ResultFiles.read(results), Baseline.fromStore(new BaselineStore(store)));
    return report.findings().stream()
        .filter(f -> f.metric() == Metric.TPS)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aRegressionWithTheSameWorkAndWaitsSaysWhereToLook() throws IOException {
    for (long seed = 1; seed <= 5; seed++) {
      Finding tps = tps(Build.usual(), 3, Build.usual().tps(133), seed);

      assertThat(tps.verdict()).isEqualTo(Verdict.REGRESSION);
      assertThat(tps.message())
          .as("seed %d", seed)
          // The hot-row UPDATE's 4.7 to 10.7 blocks a call make 8 to 14 blocks a transaction.
          .containsPattern(
              "; work per transaction as in the baseline: shared blocks \\d+\\.?\\d*"
                  + " -> \\d+\\.?\\d*, WAL bytes 1[\\d,]+ -> 1[\\d,]+; no wait event's share moved beyond"
                  + " the baseline's spread: the database did the same work with the same mix of"
                  + " waits; look at the machine, the code outside the database, or a wait that grew"
                  + " longer alike$")
          .doesNotContain("; work:", "; waits:");
    }
  }

  @Test
  void aRegressionNamesTheWaitEventsThatMovedAndTheWorkThatGrew() throws IOException {
    Build contended =
        Build.usual()
            .tps(133)
            .blocks(150)
            .waits(Map.of("Lock:transactionid", 0.6, "CPU", 0.3, "Client:ClientRead", 0.1));

    Finding tps = tps(Build.usual(), 3, contended, 6);

    assertThat(tps.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(tps.message())
        .contains("; work: shared blocks per transaction ")
        .containsPattern(
            "; work per transaction changed: shared blocks 1\\d\\.\\d+ -> 1[5-6]\\d"
                + " \\(beyond the baseline's \\d+\\.\\d+ to 1\\d\\.\\d+\\), WAL bytes 1[\\d,]+ -> 1[\\d,]+;")
        // CPU and Client:ClientRead each fall by 30 points, give or take the noise: either first.
        .containsPattern(
            "; waits: Lock:transactionid 0% -> \\d+%, (CPU \\d+% -> \\d+%,"
                + " Client:ClientRead \\d+% -> \\d+%|Client:ClientRead \\d+% -> \\d+%, CPU \\d+% ->"
                + " \\d+%)$")
        .doesNotContain("same mix of waits");
  }

  @Test
  void anInconclusiveFindingCarriesOnlyWhatChanged() throws IOException {
    // Two baseline builds: too few to call anything certain.
    Finding calm = tps(Build.usual(), 2, Build.usual().tps(133), 7);
    Finding waiting =
        tps(
            Build.usual(),
            2,
            Build.usual()
                .tps(133)
                .waits(Map.of("CPU", 0.3, "IO:DataFileRead", 0.4, "Client:ClientRead", 0.3)),
            8);

    assertThat(calm.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(calm.message()).doesNotContain("; work", "; waits", "wait event");
    assertThat(waiting.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(waiting.message())
        .containsPattern(
            "; waits: IO:DataFileRead 0% -> \\d+%,"
                + " CPU \\d+% -> \\d+%, Client:ClientRead \\d+% -> \\d+%$")
        .doesNotContain("; work");
  }

  @Test
  void waitsAreComparedOnlyWithTheBaselineSamplesOfTheSameSetup() throws IOException {
    // A baseline build on another machine saw the backends on CPU 90% of the time: the shares of
    // a machine are its own, so this build's 90% is still a shift from this machine's 60%.
    Path store = dir.resolve("store-machines");
    Path results = dir.resolve("results-machines");
    Map<String, Double> busy = Map.of("CPU", 0.9, "Client:ClientRead", 0.1);
    WorkFixtures.baseline(store, KEY, 3, 3, Build.usual(), 1000);
    WorkFixtures.baseline(
        store, KEY, 1, 3, Build.usual().on(WorkFixtures.OTHER_MACHINE).waits(busy), 1010);
    WorkFixtures.trials(results, KEY, 3, Build.usual().tps(133).waits(busy), 1050);

    CheckReport report =
        new Gate(GateSettings.defaults())
            .check(ResultFiles.read(results), Baseline.fromStore(new BaselineStore(store)));

    Finding tps =
        report.findings().stream().filter(f -> f.metric() == Metric.TPS).findFirst().orElseThrow();
    assertThat(tps.verdict()).isEqualTo(Verdict.REGRESSION);
    // Both moved by about 30 points: either may come first.
    assertThat(tps.message())
        .containsPattern("; waits: [^;]*CPU [56]\\d% -> [89]\\d%")
        .containsPattern("; waits: [^;]*Client:ClientRead [34]\\d% -> \\d+%");
  }
}
