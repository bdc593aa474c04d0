package io.github.pgperf.internal.run;

import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.Target;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Results built the way the runner builds them, from recorded transactions with seeded latencies.
 */
final class SampleResults {

  static final List<List<String>> COMMANDS =
      List.of(
          List.of(
              "\\set aid random(1, 100000 * :scale)",
              "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;"),
          List.of("select 1;"));

  private SampleResults() {}

  static RunSettings workload(int clients, int threads) {
    return new RunSettings(
        List.of(
            new RunSettings.Script("<builtin: select only>", 3),
            new RunSettings.Script("one.sql", 1)),
        clients,
        threads,
        new RunLength.Timed(10),
        QueryMode.PREPARED,
        500,
        50_000,
        3,
        10,
        new RunSettings.Partitioning("hash", 4),
        false,
        1,
        true,
        true,
        "sample");
  }

  static ServerInfo server() {
    return new ServerInfo(
        "15.20 (Debian 15.20-0+deb12u1)",
        "on",
        "on",
        "on",
        "128MB",
        "100",
        "replica",
        Map.of("fsync", "off"),
        null,
        null);
  }

  /**
   * A run of {@code threads} recorders fed {@code perThread} transactions each from {@code seed}.
   */
  static RunResult run(long seed, int threads, int perThread) {
    RunSettings w = workload(threads * 2, threads);
    List<ThreadRecorder> recorders = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < threads; t++) {
      ThreadRecorder r = new ThreadRecorder(w, COMMANDS, 1_000_000);
      feed(r, random, perThread, 10_000_000);
      r.finish(10_000_000);
      recorders.add(r);
    }
    return new RunResultBuilder(w)
        .target(new Target("127.0.0.1", 5432, "postgres", "bench"))
        .server(server())
        .client(new ClientMachine("dev", 2, "OpenJDK 17", "Linux 6 amd64"))
        .startedAt(Instant.parse("2026-11-30T03:00:00.123456Z"))
        .endedAt(Instant.parse("2026-11-30T03:00:10.2Z"))
        .benchMicros(10_000_123)
        .initialConnectionMicros(20_456)
        .build(recorders);
  }

  /**
   * Feeds {@code n} transactions spread over {@code spanMicros}: most processed, some failed or
   * skipped.
   */
  static void feed(ThreadRecorder r, SplittableRandom random, int n, long spanMicros) {
    for (int i = 0; i < n; i++) {
      long now = (long) i * spanMicros / n;
      int script = random.nextInt(4) == 0 ? 1 : 0;
      int kind = random.nextInt(100);
      int tries = random.nextInt(10) == 0 ? 2 : 1;
      if (kind < 3) {
        r.failed(script, now, kind == 0 ? FailureKind.DEADLOCK : FailureKind.SERIALIZATION, tries);
        r.commandFailed(script, COMMANDS.get(script).size() - 1);
      } else if (kind < 5) {
        r.skipped(script, now);
      } else {
        long latency = latency(random);
        r.processed(script, now, latency, random.nextLong(0, 300), tries);
        for (int c = 0; c < COMMANDS.get(script).size(); c++) {
          r.command(script, c, latency / COMMANDS.get(script).size());
        }
      }
    }
  }

  /** A long-tailed latency in µs: mostly 100-2000 µs, sometimes up to seconds. */
  static long latency(SplittableRandom random) {
    double u = random.nextDouble();
    return u < 0.99 ? random.nextLong(100, 2_000) : random.nextLong(2_000, 3_000_000);
  }
}
