package io.github.pgperf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.result.Interval;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's parts on their own: scales, the percentile spectrum, sweep keys, the timeline. */
class ChartPartsTest {

  @TempDir Path dir;

  @Test
  void aChartTitleStaysInsideItsChart() {
    StringBuilder fits = new StringBuilder();
    LineChart.titleText(fits, "SweepIT-select: tps by clients", 72, 640);
    assertThat(fits.toString())
        .isEqualTo(
            "<text class=\"chart-title\" x=\"72\" y=\"18\">SweepIT-select: tps by clients</text>");
    // A long test key would run past the chart's edge into the chart beside it.
    StringBuilder longer = new StringBuilder();
    LineChart.titleText(
        longer,
        "ClientSweepPerformanceTest-tpcbLikeByClients-clients-16: tps and failures over time",
        72,
        640);
    assertThat(longer.toString()).startsWith("<text class=\"chart-title\" x=\"4\" y=\"18\">C");
    StringBuilder longest = new StringBuilder();
    LineChart.titleText(
        longest,
        "LedgerPerformanceTest-statementAtFixedRateWithAVeryLongName-"
            + "clients-16: tps and failures over time",
        72,
        640);
    assertThat(longest.toString())
        .contains(" x=\"4\" ")
        .contains("textLength=\"632\" lengthAdjust=\"spacingAndGlyphs\"");
  }

  @Test
  void linearScalesTickInStepsOfOneTwoOrFive() {
    Scale s = Scale.of(false, 0, 2239.4, true, 72, 620);
    assertThat(s.ticks()).containsExactly(0.0, 500.0, 1000.0, 1500.0, 2000.0, 2500.0);
    assertThat(s.pixel(0)).isEqualTo(72);
    assertThat(s.pixel(2500)).isEqualTo(620);
    Scale small = Scale.of(false, 1.43, 1.61, false, 0, 100);
    assertThat(small.step()).isEqualTo(0.05, within(1e-12));
    assertThat(small.low()).isLessThanOrEqualTo(1.43);
    assertThat(small.high()).isGreaterThanOrEqualTo(1.61);
    // One value still gets an axis around it.
    Scale one = Scale.of(false, 5, 5, false, 0, 100);
    assertThat(one.low()).isLessThan(5);
    assertThat(one.high()).isGreaterThan(5);
  }

  @Test
  void logScalesTickAtPowersOfTen() {
    Scale s = Scale.of(true, 1, 3_000, false, 0, 400);
    assertThat(s.ticks()).containsExactly(1.0, 10.0, 100.0, 1000.0, 10000.0);
    assertThat(s.pixel(100)).isEqualTo(200, within(1e-9));
  }

  @Test
  void theSpectrumRunsFromTheMedianSideToTheTailWithinTheMaximum() throws IOException {
    ReportFixtures.trials(dir, "T", 1, 1000, 1500, Fixtures.workload(4, "x"), 0, 7);
    RunResult run = ResultJson.read(dir.resolve("T.json"));
    Latencies latency = run.total().latency();

    Spectrum s = Spectrum.of(latency);

    assertThat(s.inverse()[0]).isEqualTo(1.0, within(0.01));
    assertThat(s.inverse()).isSorted();
    assertThat(s.micros()).isSorted();
    assertThat(s.micros()[s.micros().length - 1]).isLessThanOrEqualTo(latency.maxMicros());
    // The point at 1/(1-p) = 2 is the median.
    for (int i = 0; i < s.inverse().length; i++) {
      if (Math.abs(s.inverse()[i] - 2) < 1e-9) {
        assertThat(s.micros()[i]).isEqualTo(latency.percentileMicros(50), within(2.0));
      }
    }
    assertThat(Spectrum.percentileLabel(1)).isEqualTo("0%");
    assertThat(Spectrum.percentileLabel(10)).isEqualTo("90%");
    assertThat(Spectrum.percentileLabel(1000)).isEqualTo("99.9%");
    assertThat(Spectrum.of(Latencies.empty()).inverse()).isEmpty();
  }

  @Test
  void sweepKeysLoseOnlyTheirClientsLabel() {
    assertThat(Sweep.group("SweepIT-select-clients-8")).isEqualTo("SweepIT-select");
    assertThat(Sweep.group("Orders.select_clients16")).isEqualTo("Orders.select");
    assertThat(Sweep.group("OrdersIT-insert")).isEqualTo("OrdersIT-insert");
    assertThat(Sweep.group("OrdersIT-insert-8")).isEqualTo("OrdersIT-insert-8");
  }

  @Test
  void sweepPointsGroupByTheTestAndPointTheyRecordWhateverTheFilesAreCalled() throws IOException {
    for (int clients : new int[] {4, 2}) {
      Fixtures.testTrials(
          dir,
          new TestIdentity(
              "com.acme.SweepIT",
              "byClients",
              "clients=" + clients,
              Map.of(TestIdentity.CLIENTS, clients)),
          TestIdentity.pointLabel("read", clients),
          2,
          1000 * clients,
          2000,
          0.01,
          clients);
    }
    List<Path> written;
    try (var list = Files.list(dir)) {
      written = list.sorted().toList();
    }
    for (int i = 0; i < written.size(); i++) {
      Files.move(written.get(i), dir.resolve("run" + (written.size() - i) + ".json"));
    }
    List<String> notes = new java.util.ArrayList<>();
    List<TestRuns> tests = TestRuns.read(ResultFiles.read(dir), notes);

    assertThat(notes).isEmpty();
    assertThat(tests)
        .extracting(TestRuns::key)
        .containsExactly("SweepIT-byClients-read-clients-2", "SweepIT-byClients-read-clients-4");
    assertThat(tests.get(0).trials()).extracting(TestRuns.Trial::number).containsExactly(1, 2);
    List<Sweep> sweeps = Sweep.find(tests);
    assertThat(sweeps)
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.name()).isEqualTo("SweepIT-byClients-read");
              assertThat(s.points()).extracting(Sweep.Point::clients).containsExactly(2, 4);
              assertThat(s.points()).extracting(Sweep.Point::trials).containsExactly(2, 2);
            });
  }

  @Test
  void oneTestRunAtSeveralClientCountsIsASweep() throws IOException {
    ReportFixtures.trials(dir, "Orders-c2", 1, 1000, 1500, Fixtures.workload(2, "x"), 0, 1);
    ReportFixtures.trials(dir, "Orders-c4", 1, 1500, 2000, Fixtures.workload(4, "x"), 0, 2);
    List<TestRuns> tests =
        List.of(
            new TestRuns(
                "Orders",
                List.of(
                    new TestRuns.Trial(
                        "Orders-c4.json", ResultJson.read(dir.resolve("Orders-c4.json"))),
                    new TestRuns.Trial(
                        "Orders-c2.json", ResultJson.read(dir.resolve("Orders-c2.json"))))));

    List<Sweep> sweeps = Sweep.find(tests);

    assertThat(sweeps).hasSize(1);
    assertThat(sweeps.get(0).points()).extracting(Sweep.Point::clients).containsExactly(2, 4);
    assertThat(sweeps.get(0).points().get(1).tps())
        .isEqualTo(
            tests.get(0).trials().stream()
                .filter(t -> t.file().equals("Orders-c4.json"))
                .findFirst()
                .orElseThrow()
                .result()
                .tps());
    // One client count only: no sweep.
    assertThat(Sweep.find(List.of(new TestRuns("Orders", tests.get(0).trials().subList(0, 1)))))
        .isEmpty();
  }

  @Test
  void aShortLastIntervalIsNotDrawn() throws IOException {
    // 2000 transactions at 1000 tps: 2 s in 0.3 s intervals leave a last one of 0.2 s.
    ReportFixtures.trials(dir, "Short", 1, 1000, 1500, Fixtures.workload(4, "x"), 300_000, 1);
    List<Interval> timeline = ResultJson.read(dir.resolve("Short.json")).timeline();
    assertThat(timeline).hasSize(7);

    assertThat(TestSection.drawn(timeline)).hasSize(7);
    ReportFixtures.trials(dir, "Tail", 1, 1000, 1500, Fixtures.workload(4, "x"), 450_000, 1);
    List<Interval> tail = ResultJson.read(dir.resolve("Tail.json")).timeline();
    assertThat(tail.get(tail.size() - 1).lengthMicros()).isLessThan(225_000);
    assertThat(TestSection.drawn(tail)).hasSize(tail.size() - 1);
  }
}
