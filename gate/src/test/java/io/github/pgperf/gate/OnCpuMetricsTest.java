package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.RunCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The on-CPU metrics ({@code cpu}, {@code clientCpu}, {@code alloc}) in both gates, on result files
 * and the baseline store ({@link ResourceGateTest} has their rule).
 */
class OnCpuMetricsTest {

  private static final List<Metric> METRICS =
      List.of(Metric.TPS, Metric.CPU, Metric.CLIENT_CPU, Metric.ALLOC);

  @TempDir Path dir;

  private static GateSettings settings() {
    GateSettings d = GateSettings.defaults();
    return new GateSettings(d.level(), d.minimumEffect(), METRICS, java.util.Map.of());
  }

  /**
   * {@code n} trials of one build at the same tps, the server's on-CPU time per transaction around
   * {@code serverMicros} (1% seeded spread); {@code withCpu} false: not measured.
   */
  private static void trials(Path dir, int n, double serverMicros, boolean withCpu, long seed)
      throws IOException {
    Files.createDirectories(dir);
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 1; i <= n; i++) {
      RunResult r =
          Fixtures.run(
                  1000 * Math.exp(0.01 * Fixtures.gaussian(random)),
                  2000,
                  random.nextLong(),
                  Fixtures.server(Fixtures.VERSION),
                  Instant.parse("2026-12-01T00:00:00Z").plusSeconds(seed * 1000 + i * 20L))
              .withIdentity(new RunIdentity("build-" + seed, i));
      long tx = r.totalCounts().processed();
      if (withCpu) {
        double f = Math.exp(0.01 * Fixtures.gaussian(random));
        r =
            r.withCpu(
                new RunCpu(
                    Math.round(serverMicros * f * 1000 * tx),
                    null,
                    Math.round(150_000.0 * tx),
                    Math.round(20_000.0 * tx),
                    null));
      }
      ResultJson.write(r, dir.resolve("OrdersIT.insert-trial" + i + ".json"));
    }
  }

  @Test
  void moreServerCpuAtTheSameTpsIsARegressionOfCpuBeyondItsTolerance() throws IOException {
    trials(dir.resolve("base"), 8, 300, true, 1);
    trials(dir.resolve("candidate"), 8, 700, true, 2);
    CheckReport report =
        new PairedGate(settings())
            .compare(
                ResultFiles.read(dir.resolve("base")), ResultFiles.read(dir.resolve("candidate")));
    // Listed or not among the metrics, the resources are judged by their tolerance
    // (ResourceGate), not by the timing statistics: tps alone has a comparison.
    assertThat(report.findings())
        .extracting(Finding::metric, Finding::verdict)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Metric.TPS, Verdict.PASS),
            org.assertj.core.groups.Tuple.tuple(Metric.CPU, Verdict.REGRESSION),
            org.assertj.core.groups.Tuple.tuple(Metric.CLIENT_CPU, Verdict.PASS),
            org.assertj.core.groups.Tuple.tuple(Metric.ALLOC, Verdict.PASS));
    assertThat(report.findings())
        .filteredOn(f -> f.comparison() != null)
        .extracting(Finding::metric)
        .containsExactly(Metric.TPS);
    assertThat(report.failed()).isTrue();
    assertThat(report.findings().get(1).message())
        .startsWith(
            "OrdersIT.insert: cpu regressed:"
                + " server CPU per transaction 300 µs -> 702 µs (+134.2%, more than the tolerance 50.0%");

    // +30%, however clear over 8 quiet pairs, is within the A/A spread the tolerance allows.
    trials(dir.resolve("more"), 8, 390, true, 2);
    CheckReport within =
        new PairedGate(settings())
            .compare(ResultFiles.read(dir.resolve("base")), ResultFiles.read(dir.resolve("more")));
    assertThat(within.failed()).isFalse();
  }

  @Test
  void runsWithoutOnCpuTimeAreComparedOnTheirOtherMetrics() throws IOException {
    trials(dir.resolve("base"), 6, 300, false, 3);
    trials(dir.resolve("candidate"), 6, 300, true, 4);
    CheckReport report =
        new PairedGate(settings())
            .compare(
                ResultFiles.read(dir.resolve("base")), ResultFiles.read(dir.resolve("candidate")));
    assertThat(report.findings()).extracting(Finding::metric).containsExactly(Metric.TPS);
  }

  @Test
  void theBaselineStoreKeepsTheOnCpuFiguresAndCheckComparesThem() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("store"));
    for (int b = 0; b < 3; b++) {
      Path results = dir.resolve("build" + b);
      trials(results, 3, 300, true, 10 + b);
      store.record(ResultFiles.read(results).samples(), 10);
    }
    // A build recorded before on-CPU time was: read back without it, not refused.
    Path old = dir.resolve("old");
    trials(old, 3, 300, false, 20);
    store.record(ResultFiles.read(old).samples(), 10);
    assertThat(store.load().samples().values().stream().flatMap(List::stream).toList())
        .hasSize(12)
        .allSatisfy(
            s ->
                assertThat(Double.isNaN(s.value(Metric.CPU)) || s.value(Metric.CPU) > 250)
                    .isTrue());

    trials(dir.resolve("now"), 3, 700, true, 30);
    CheckReport report =
        new Gate(settings()).check(ResultFiles.read(dir.resolve("now")), Baseline.fromStore(store));
    assertThat(report.findings())
        .filteredOn(f -> f.metric() == Metric.CPU)
        .singleElement()
        .extracting(Finding::verdict)
        .isEqualTo(Verdict.REGRESSION);
  }

  @Test
  void theMetricsAreSelectedByName() {
    assertThat(GateSettings.parseMetrics("tps,cpu,clientCpu,alloc")).isEqualTo(METRICS);
    assertThat(Metric.parse("CLIENTCPU")).isEqualTo(Metric.CLIENT_CPU);
    assertThat(Metric.ALLOC.unit()).isEqualTo("bytes");
  }
}
