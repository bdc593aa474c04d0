package io.github.pgperf.threshold;

import io.github.pgperf.internal.run.RunResultBuilder;
import io.github.pgperf.internal.run.ThreadRecorder;
import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.Target;
import java.time.Instant;
import java.util.List;

/**
 * Results recorded the way the runner records them, with latencies chosen so that every figure is
 * known exactly. The main script's 10,000 transactions take:
 *
 * <pre>
 *   9950 x 1000 µs   ranks 1..9950      p50 = p99 = 1 ms
 *     45 x 1500 µs   ranks 9951..9995   p99.9 = 1.5 ms
 *      4 x 2000 µs   ranks 9996..9999   p99.99 = 2 ms
 *      1 x 20000 µs  rank 10000         p100 = max = 20 ms
 * </pre>
 *
 * <p>(all but the maximum lie below 2048 µs, where the histogram is exact; the maximum is exact
 * anyway). Mean: 10,045,500 µs / 10,000 = 1004.55 µs. Benchmark time 10 s, so 1000 tps.
 */
public final class KnownRuns {

  public static final String MAIN = "<builtin: select only>";
  public static final String SLOW = "slow.sql";
  public static final long BENCH_MICROS = 10_000_000;

  private KnownRuns() {}

  /**
   * The main script alone, with {@code failed} serialization failures and {@code skipped} skips.
   */
  public static RunResult known(int failed, int skipped) {
    return build(List.of(new RunSettings.Script(MAIN, 1)), failed, skipped, 0, false);
  }

  /** The main script and {@link #SLOW}: 100 transactions of 50 ms, 10 of which deadlocked. */
  public static RunResult twoScripts() {
    return build(
        List.of(new RunSettings.Script(MAIN, 9), new RunSettings.Script(SLOW, 1)),
        0,
        0,
        100,
        false);
  }

  /** The main script alone, with a client that aborted. */
  public static RunResult aborted() {
    return build(List.of(new RunSettings.Script(MAIN, 1)), 0, 0, 0, true);
  }

  /** A run in which no transaction ended. */
  public static RunResult empty() {
    RunSettings w = settings(List.of(new RunSettings.Script(MAIN, 1)));
    ThreadRecorder r = new ThreadRecorder(w, List.of(List.of("select 1;")), 0);
    r.finish(BENCH_MICROS);
    return builder(w, false).build(List.of(r));
  }

  static RunSettings settings(List<RunSettings.Script> scripts) {
    return new RunSettings(
        scripts,
        4,
        2,
        new RunLength.Timed(10),
        QueryMode.PREPARED,
        0,
        0,
        1,
        1,
        null,
        false,
        0,
        false,
        false,
        "known");
  }

  private static RunResult build(
      List<RunSettings.Script> scripts, int failed, int skipped, int slow, boolean aborted) {
    RunSettings w = settings(scripts);
    List<List<String>> commands = scripts.stream().map(s -> List.of("select 1;")).toList();
    ThreadRecorder one = new ThreadRecorder(w, commands, 1_000_000);
    ThreadRecorder two = new ThreadRecorder(w, commands, 1_000_000);
    long now = 0;
    int n = 0;
    for (long[] group : new long[][] {{9950, 1000}, {45, 1500}, {4, 2000}, {1, 20_000}}) {
      for (int i = 0; i < group[0]; i++) {
        // Split between two threads, as a real run would be; the totals do not depend on it.
        ThreadRecorder r = n++ % 2 == 0 ? one : two;
        now += 900;
        r.processed(0, now, group[1], 0, 1);
      }
    }
    for (int i = 0; i < failed; i++) {
      one.failed(0, ++now, FailureKind.SERIALIZATION, 1);
    }
    for (int i = 0; i < skipped; i++) {
      two.skipped(0, ++now);
    }
    for (int i = 0; i < slow; i++) {
      if (i % 10 == 0) {
        two.failed(1, ++now, FailureKind.DEADLOCK, 1);
      } else {
        two.processed(1, ++now, 50_000, 0, 1);
      }
    }
    one.finish(BENCH_MICROS);
    two.finish(BENCH_MICROS);
    return builder(w, aborted).build(List.of(one, two));
  }

  private static RunResultBuilder builder(RunSettings w, boolean aborted) {
    return new RunResultBuilder(w)
        .target(new Target("db.example.com", 5432, "bench", "shop"))
        .client(new ClientMachine("dev", 2, "OpenJDK 17", "Linux amd64"))
        .startedAt(Instant.parse("2026-11-30T03:00:00Z"))
        .endedAt(Instant.parse("2026-11-30T03:00:10.05Z"))
        .benchMicros(BENCH_MICROS)
        .initialConnectionMicros(12_000)
        .aborted(aborted);
  }
}
