package io.github.pgperf.report;

import io.github.pgperf.compare.BaseCommit;
import io.github.pgperf.compare.ComparedSides;
import io.github.pgperf.compare.Side;
import io.github.pgperf.compare.TestsBySide;
import io.github.pgperf.compare.TrialOrder;
import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Result files as {@code pgperf:compare} lays them out: {@code base/} and {@code candidate/}, a
 * pair's files named as {@code PairResults} names them ({@code <key>.json} for pair 1, then {@code
 * <key>-trial<pair>.json}), each run's build id ending with its side and its trial number its pair,
 * started in the order {@link TrialOrder} runs them (A B B A ...).
 */
final class ComparisonFixtures {

  static final BaseCommit BASE =
      new BaseCommit(
          "0123456789abcdef",
          "Add the index",
          "the merge base of HEAD and origin/main; set pgperf.base to choose another");
  private static final Instant EPOCH = Instant.parse("2026-12-02T05:00:00Z");
  private static final String COMPARISON = "20261202T050000Z-3fa2c1";

  private ComparisonFixtures() {}

  /**
   * One side of a test.
   *
   * @param tps the side's tps before noise
   * @param latencyMicros its latency before noise
   * @param work its database work, or {@code null} for runs without
   */
  record Runs(double tps, double latencyMicros, WorkReportFixtures.Build work) {}

  /**
   * Writes pairs {@code first} to {@code first + pairs - 1} of {@code key} under {@code dir}: each
   * pair's two runs off by one seeded drift factor (the machine's, which pairing cancels) and a
   * small noise of their own.
   */
  static void pairs(
      Path dir, String key, int first, int pairs, Runs base, Runs candidate, long seed)
      throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    int index = (first - 1) * 2;
    double drift = 1;
    for (TrialOrder.Run run : TrialOrder.from(first, pairs)) {
      if (runsFirst(run)) {
        drift = Math.exp(0.3 * Fixtures.gaussian(random));
      }
      Runs side = run.side() == Side.BASE ? base : candidate;
      double factor = drift * Math.exp(0.01 * Fixtures.gaussian(random));
      Instant start = EPOCH.plusSeconds(index++ * 30L);
      RunResult r =
          Fixtures.run(
              side.tps() / factor,
              side.latencyMicros() * factor,
              random.nextLong(),
              Fixtures.server(Fixtures.VERSION),
              start);
      if (side.work() != null) {
        r = r.withServerWork(WorkReportFixtures.work(r.totalCounts().processed(), side.work()));
      }
      r = r.withIdentity(new RunIdentity(run.side().buildId(COMPARISON), run.pair()));
      Path sideDir = dir.resolve(run.side().label());
      Files.createDirectories(sideDir);
      ResultJson.write(
          r, sideDir.resolve(key + (run.pair() == 1 ? "" : "-trial" + run.pair()) + ".json"));
    }
  }

  /** Whether {@code run} is the first of its pair: odd pairs start with the base. */
  private static boolean runsFirst(TrialOrder.Run run) {
    return (run.pair() % 2 == 1) == (run.side() == Side.BASE);
  }

  /** What the goal hands its judge after {@code pairs} pairs of {@code keys}. */
  static ComparedSides sides(Path dir, int pairs, List<String> keys) {
    return new ComparedSides(
        dir.resolve("base"),
        dir.resolve("candidate"),
        BASE,
        TrialOrder.of(pairs),
        TestsBySide.of(keys, keys));
  }
}
