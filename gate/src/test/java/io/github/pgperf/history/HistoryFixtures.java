package io.github.pgperf.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Synthetic history points: builds of a project with tests whose figures follow a level with noise
 * of a given size, seeded, so that a test's series is known exactly.
 */
final class HistoryFixtures {

  static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
  static final String FINGERPRINT = "0123456789abcdef";
  static final String WORK_FINGERPRINT = "fedcba9876543210";

  private HistoryFixtures() {}

  /**
   * Build {@code n}: id {@code build-NN}, commit {@code cNN...}, an hour after the previous one.
   */
  static BuildInfo build(int n) {
    return new BuildInfo(
        String.format("build-%02d", n),
        String.format("c%02d", n) + "0".repeat(37),
        "main",
        START.plusSeconds(3600L * n));
  }

  /**
   * A point of {@code test} in build {@code n} with these metrics; other processes took a quarter
   * of the machine (as much in every build).
   */
  static HistoryRecord point(int n, String test, Map<String, Double> metrics) {
    return new HistoryRecord(
        build(n),
        test,
        FINGERPRINT,
        WORK_FINGERPRINT,
        "2 cores, test CPU, OpenJDK 17, Linux 6.1 amd64",
        3,
        metrics,
        0.25);
  }

  /**
   * A test's figures in one build: tps around {@code tps}, latencies around {@code latency} µs,
   * each with relative noise {@code noise}, and {@code blocks} shared blocks per transaction (work:
   * nearly exact).
   */
  static Map<String, Double> figures(
      Random random, double tps, double latency, double blocks, double noise) {
    Map<String, Double> m = new TreeMap<>();
    m.put("tps", tps * (1 + noise * random.nextGaussian()));
    m.put("mean", latency * 1.2 * (1 + noise * random.nextGaussian()));
    m.put("p50", latency * (1 + noise * random.nextGaussian()));
    m.put("p99", latency * 4 * (1 + noise * random.nextGaussian()));
    m.put("sharedBlocksPerTransaction", blocks + 0.001 * random.nextInt(5));
    m.put("tempBlocksPerTransaction", 0.0);
    m.put("walBytesPerTransaction", 180 + 0.01 * random.nextInt(5));
    return m;
  }

  /** {@code builds} builds of one test with steady figures. */
  static List<HistoryRecord> steady(String test, int builds, long seed) {
    Random random = new Random(seed);
    List<HistoryRecord> out = new ArrayList<>();
    for (int n = 1; n <= builds; n++) {
      out.add(point(n, test, figures(random, 2000, 500, 20, 0.03)));
    }
    return out;
  }
}
