package io.github.pgperf.report;

import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.BaselineStore;
import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.SplittableRandom;

/** Result directories of real harness results (through the gate's {@link Fixtures}) for reports. */
final class ReportFixtures {

  static final Instant NOW = Instant.parse("2026-11-30T06:00:00Z");
  static final Instant START = Instant.parse("2026-11-30T05:00:00Z");

  private ReportFixtures() {}

  /** Writes {@code n} trials of {@code workload} under {@code key}, with 1 s timeline intervals. */
  static void trials(
      Path dir,
      String key,
      int n,
      double tps,
      double latencyMicros,
      RunSettings workload,
      long intervalMicros,
      long seed)
      throws IOException {
    Files.createDirectories(dir);
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 1; i <= n; i++) {
      double factor = Math.exp(0.02 * Fixtures.gaussian(random));
      RunResult r =
          Fixtures.run(
              tps / factor,
              latencyMicros * factor,
              random.nextLong(),
              Fixtures.server(Fixtures.VERSION),
              START.plusSeconds(seed * 1000 + i * 20L),
              workload,
              intervalMicros);
      ResultJson.write(r, dir.resolve(key + (n == 1 ? "" : "-trial" + i) + ".json"));
    }
  }

  /** The report of {@code results} against the store {@code store}, default gate settings. */
  static String render(Path results, Path store) throws IOException {
    return HtmlReport.render(
        ResultFiles.read(results),
        Baseline.fromStore(new BaselineStore(store)),
        null,
        settings(),
        NOW);
  }

  static GateSettings settings() {
    return new GateSettings(
        GateSettings.DEFAULT_LEVEL,
        GateSettings.DEFAULT_MINIMUM_EFFECT,
        GateSettings.DEFAULT_METRICS,
        Map.of());
  }

  /**
   * A representative directory: a test with a baseline it regressed from, a client sweep, a test
   * without timeline.
   */
  static Path representative(Path root) throws IOException {
    Path results = root.resolve("results");
    Path store = root.resolve("baseline");
    Fixtures.baseline(store, "OrdersIT-insert", 3, 2, 1000, 2000, 0.01, 1, Fixtures.VERSION);
    trials(results, "OrdersIT-insert", 6, 700, 2900, Fixtures.workload(4, "fixture"), 0, 2);
    // The baseline's fixtures run 4 clients without timeline; the candidate's too, so they compare.
    for (int c : new int[] {1, 2, 4, 8}) {
      trials(
          results,
          "SweepIT-select-clients-" + c,
          2,
          800 * Math.sqrt(c),
          1000.0 * c / Math.sqrt(c),
          Fixtures.workload(c, "clients-" + c),
          200_000,
          10 + c);
    }
    return root;
  }
}
