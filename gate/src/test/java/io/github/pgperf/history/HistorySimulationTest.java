package io.github.pgperf.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demonstration, on seeded synthetic points shaped like the example's tests: 12 builds
 * judged one after the other against a directory store, a regression from build 8 on in two tests
 * (the statement test loses its index: 80 times the blocks per transaction, a third of the tps; the
 * transfer test runs on a CPU 30% slower: tps down, latency up, the same work), none in the other
 * two. Each affected test's changed metrics are reported once, naming build 8 and its commit range,
 * in whichever build first shows the change; the unaffected tests never are.
 */
class HistorySimulationTest {

  static final int BUILDS = 12;
  static final int REGRESSION_FROM = 8;

  /** Relative noise between builds' medians on one CI runner (timing), and of work counters. */
  static final double TIMING_NOISE = 0.05;

  @TempDir Path dir;

  @Test
  void twelveBuildsWithARegressionAtBuildEightReportItOncePerMetricNamingItsCommits()
      throws Exception {
    for (long seed = 1; seed <= 10; seed++) {
      Path store = dir.resolve("seed-" + seed);
      List<Finding> alerts = run(new DirectoryStore(store), seed);
      Map<String, List<Finding>> byTest =
          alerts.stream()
              .collect(Collectors.groupingBy(Finding::key, TreeMap::new, Collectors.toList()));
      assertThat(byTest.keySet())
          .as("tests reported, seed " + seed)
          .containsExactly("LedgerPerformanceTest-statement", "LedgerPerformanceTest-transfer");
      for (Finding f : alerts) {
        assertThat(f.message())
            .as("seed " + seed)
            .contains(" at build build-08 (commits c07" + "0".repeat(9) + "..c08" + "0".repeat(9));
        assertThat(f.action()).isEqualTo(Action.WARN);
      }
      assertThat(byTest.get("LedgerPerformanceTest-statement").stream().map(f -> f.work().what()))
          .as("seed " + seed)
          .contains("tps", "shared blocks per transaction");
      assertThat(byTest.get("LedgerPerformanceTest-transfer").stream().map(f -> f.work().what()))
          .as("seed " + seed)
          .contains("tps")
          .doesNotContain("shared blocks per transaction");
      assertThat(alerts.stream().map(f -> f.key() + " " + f.work().what()))
          .as("each change reported once, seed " + seed)
          .doesNotHaveDuplicates();
    }
  }

  /**
   * The same over 100 seeds, as rates: how often each affected test is reported naming build 8
   * (recall), and how many reports name anything else (an unaffected test, another build). Each run
   * judges 24 series 12 times at Otava's p-value 0.001, which is a split's, not the family's: the
   * false reports are changes of 5 to 20% the noise made (docs/history.md has the rates).
   */
  @Test
  void overManySeedsTheRegressionIsFoundAndFalseReportsAreRare() throws Exception {
    int seeds = 100;
    int found = 0;
    int falseReports = 0;
    int reports = 0;
    for (long seed = 1000; seed < 1000 + seeds; seed++) {
      List<Finding> alerts = run(null, seed);
      reports += alerts.size();
      for (String test :
          List.of("LedgerPerformanceTest-statement", "LedgerPerformanceTest-transfer")) {
        if (alerts.stream()
            .anyMatch(
                f ->
                    f.key().equals(test)
                        && f.work().what().equals("tps")
                        && f.message().contains(" at build build-08 "))) {
          found++;
        }
      }
      falseReports +=
          (int)
              alerts.stream()
                  .filter(
                      f ->
                          !f.message().contains(" at build build-08 ")
                              || !f.key().equals("LedgerPerformanceTest-statement")
                                  && !f.key().equals("LedgerPerformanceTest-transfer"))
                  .count();
    }
    double recall = found / (2.0 * seeds);
    System.out.printf(
        java.util.Locale.ROOT,
        "HistorySimulationTest: %d seeds of 12 builds: the"
            + " regressed tests' tps reported at build 8 in %.1f%%; %d of %d reports false%n",
        seeds,
        100 * recall,
        falseReports,
        reports);
    assertThat(recall).isGreaterThanOrEqualTo(0.95);
    assertThat(falseReports).as("false reports").isLessThanOrEqualTo(seeds / 4);
  }

  /**
   * Twelve builds, each judged against the store and then stored with what it reported; every
   * CHANGE_POINT finding of every build. Without a store ({@code null}), kept in memory as a store
   * keeps them (the rates' many runs).
   */
  static List<Finding> run(HistoryStore store, long seed) throws Exception {
    List<HistoryRecord> memory = new ArrayList<>();
    List<ReportedChange> memoryReported = new ArrayList<>();
    Random random = new Random(seed);
    HistoryCheck check = new HistoryCheck(HistorySettings.defaults());
    List<Finding> alerts = new ArrayList<>();
    for (int n = 1; n <= BUILDS; n++) {
      boolean regressed = n >= REGRESSION_FROM;
      List<HistoryRecord> build =
          List.of(
              HistoryFixtures.point(
                  n,
                  "LedgerPerformanceTest-statement",
                  regressed
                      ? HistoryFixtures.figures(random, 2200 / 3.0, 1500, 1800, TIMING_NOISE)
                      : HistoryFixtures.figures(random, 2200, 500, 22, TIMING_NOISE)),
              HistoryFixtures.point(
                  n,
                  "LedgerPerformanceTest-transfer",
                  regressed
                      ? HistoryFixtures.figures(random, 900 * 0.7, 1100 * 1.3, 45, TIMING_NOISE)
                      : HistoryFixtures.figures(random, 900, 1100, 45, TIMING_NOISE)),
              HistoryFixtures.point(
                  n,
                  "LedgerPerformanceTest-statementAtFixedRate",
                  HistoryFixtures.figures(random, 500, 400, 22, TIMING_NOISE)),
              HistoryFixtures.point(
                  n,
                  "TpcbLikePerformanceTest-tpcbLike",
                  HistoryFixtures.figures(random, 1300, 3000, 25, TIMING_NOISE)));
      History before =
          store == null ? new History(memory, memoryReported, List.of()) : store.load();
      HistoryCheck.Outcome outcome =
          check.check(before, build, "simulated", HistoryFixtures.build(n).time());
      if (store == null) {
        memory.addAll(build);
        memoryReported.addAll(outcome.reported());
      } else {
        store.append(build, outcome.reported());
      }
      alerts.addAll(
          outcome.report().findings().stream()
              .filter(f -> f.verdict() == Verdict.CHANGE_POINT)
              .toList());
    }
    return alerts;
  }
}
