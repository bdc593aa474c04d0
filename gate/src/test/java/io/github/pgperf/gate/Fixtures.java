package io.github.pgperf.gate;

import io.github.pgperf.internal.run.RunResultBuilder;
import io.github.pgperf.internal.run.ThreadRecorder;
import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.Target;
import io.github.pgperf.result.TestIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Real {@link RunResult}s built the way the runner builds them (recorders fed transactions, then
 * {@link RunResultBuilder}), with chosen tps and latency and seeded noise, written with {@link
 * ResultJson}. Public so the invoker tests' setup scripts can write their projects' results.
 */
public final class Fixtures {

  /** The server of the fixtures, unless another version is asked for. */
  public static final String VERSION = "15.20 (Debian 15.20-0+deb12u1)";

  private static final int TRANSACTIONS = 2_000;
  private static final Instant EPOCH = Instant.parse("2026-11-30T03:00:00Z");

  private Fixtures() {}

  public static ServerInfo server(String version) {
    return new ServerInfo(
        version, "on", "on", "on", "128MB", "100", "replica", Map.of(), null, null);
  }

  /**
   * A run of {@value #TRANSACTIONS} select-only transactions at {@code tps}, their latencies spread
   * around {@code latencyMicros} (each transaction's seeded, 10% spread).
   */
  public static RunResult run(
      double tps, double latencyMicros, long seed, ServerInfo server, Instant start) {
    return run(tps, latencyMicros, seed, server, start, workload(4, "fixture"), 0);
  }

  /** The fixtures' select-only workload with {@code clients} clients (two threads) and a label. */
  public static RunSettings workload(int clients, String label) {
    return new RunSettings(
        List.of(new RunSettings.Script("<builtin: select only>", 1)),
        clients,
        Math.min(2, clients),
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
        label);
  }

  /**
   * {@link #run(double, double, long, ServerInfo, Instant)} of {@code workload}, with a timeline of
   * {@code intervalMicros} intervals (0: none), as the runner records one.
   */
  public static RunResult run(
      double tps,
      double latencyMicros,
      long seed,
      ServerInfo server,
      Instant start,
      RunSettings workload,
      long intervalMicros) {
    ThreadRecorder recorder =
        new ThreadRecorder(
            workload,
            List.of(List.of("SELECT abalance FROM pgbench_accounts WHERE aid = :aid;")),
            intervalMicros);
    SplittableRandom random = new SplittableRandom(seed);
    long benchMicros = Math.round(TRANSACTIONS / tps * 1e6);
    for (int i = 0; i < TRANSACTIONS; i++) {
      long latency = Math.max(1, Math.round(latencyMicros * Math.exp(0.1 * gaussian(random))));
      recorder.processed(0, (long) i * benchMicros / TRANSACTIONS, latency, 0, 1);
    }
    recorder.finish(benchMicros);
    return new RunResultBuilder(workload)
        .target(new Target("127.0.0.1", 5432, "postgres", "bench"))
        .server(server)
        .client(
            new ClientMachine("dev", 2, "OpenJDK 64-Bit Server VM Debian 17", "Linux 6.1 amd64"))
        .startedAt(start)
        .endedAt(start.plusMillis(benchMicros / 1000 + 50))
        .benchMicros(benchMicros)
        .initialConnectionMicros(5_000)
        .build(List.of(recorder));
  }

  /**
   * Writes {@code n} trials of test {@code key} into {@code dir} as {@code <key>-trial<i>.json}:
   * tps around {@code tps} and latency around {@code latencyMicros}, each trial off by a seeded
   * lognormal factor of relative spread {@code noise} (tps down and latency up together, as on a
   * slower machine).
   */
  public static void trials(
      Path dir,
      String key,
      int n,
      double tps,
      double latencyMicros,
      double noise,
      long seed,
      String serverVersion)
      throws IOException {
    Files.createDirectories(dir);
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 1; i <= n; i++) {
      double factor = Math.exp(noise * gaussian(random));
      // Every call is one build: its trials share the build id, as pgperf:test writes them.
      RunResult r =
          run(
                  tps / factor,
                  latencyMicros * factor,
                  random.nextLong(),
                  server(serverVersion),
                  EPOCH.plusSeconds(seed * 10_000 + i * 20L))
              .withIdentity(new RunIdentity("build-" + seed, i));
      ResultJson.write(r, dir.resolve(key + "-trial" + i + ".json"));
    }
  }

  /**
   * Writes {@code n} trials of a test as pgperf:test now writes them: each result records its test
   * ({@code identity.test}) and trial, and its file is named {@code <key>-trial<i>.json} only for
   * people. Figures as {@link #trials(Path, String, int, double, double, double, long, String)}'s.
   *
   * @param test the test that ran them (its sweep point too, if any: then the runs have that many
   *     clients, else 4)
   * @param label the runs' label, {@code null} for none
   */
  public static void testTrials(
      Path dir,
      TestIdentity test,
      String label,
      int n,
      double tps,
      double latencyMicros,
      double noise,
      long seed)
      throws IOException {
    Files.createDirectories(dir);
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 1; i <= n; i++) {
      double factor = Math.exp(noise * gaussian(random));
      RunResult r =
          run(
                  tps / factor,
                  latencyMicros * factor,
                  random.nextLong(),
                  server(VERSION),
                  EPOCH.plusSeconds(seed * 10_000 + i * 20L),
                  workload(test.sweep().getOrDefault(TestIdentity.CLIENTS, 4), label),
                  0)
              .withIdentity(new RunIdentity("build-" + seed, i, test));
      ResultJson.write(r, dir.resolve(test.key(label) + "-trial" + i + ".json"));
    }
  }

  /**
   * {@link #trials(Path, String, int, double, double, double, long, String)} on {@link #VERSION}.
   */
  public static void trials(
      Path dir, String key, int n, double tps, double latencyMicros, double noise, long seed)
      throws IOException {
    trials(dir, key, n, tps, latencyMicros, noise, seed, VERSION);
  }

  /**
   * Records {@code builds} builds of {@code n} trials each into the baseline store {@code store},
   * as {@code pgperf:baseline} after each of that many builds would: trials like {@link
   * #trials(Path, String, int, double, double, double, long, String)}'s, seeds {@code seed}, {@code
   * seed + 1} ...
   */
  public static void baseline(
      Path store,
      String key,
      int builds,
      int n,
      double tps,
      double latencyMicros,
      double noise,
      long seed,
      String serverVersion)
      throws IOException {
    for (int b = 0; b < builds; b++) {
      Path results = Files.createTempDirectory("pgperf-baseline-results");
      trials(results, key, n, tps, latencyMicros, noise, seed + b, serverVersion);
      new BaselineStore(store).record(ResultFiles.read(results).samples(), 10);
      try (var files = Files.list(results)) {
        for (Path f : files.toList()) {
          Files.delete(f);
        }
      }
      Files.delete(results);
    }
  }

  /**
   * A real run of the fixtures' workload that processed nothing (a recorder fed no transaction).
   */
  public static RunResult emptyRun(Instant start) {
    RunResult model = run(1000, 2000, 1, server(VERSION), start);
    ThreadRecorder recorder =
        new ThreadRecorder(
            model.settings(),
            List.of(List.of("SELECT abalance FROM pgbench_accounts WHERE aid = :aid;")),
            0);
    recorder.finish(10_000_000);
    return new RunResultBuilder(model.settings())
        .server(model.server())
        .client(model.clientMachines().get(0))
        .startedAt(start)
        .endedAt(start.plusSeconds(10))
        .benchMicros(10_000_000)
        .build(List.of(recorder));
  }

  /** A run whose client aborted after processing transactions: figures of a shorter run. */
  public static RunResult abortedRun(Instant start) {
    RunResult r = run(1000, 2000, 1, server(VERSION), start);
    return new RunResult(
        r.settings(),
        r.target(),
        r.server(),
        r.clientMachines(),
        r.startedAt(),
        r.endedAt(),
        r.benchSeconds(),
        r.initialConnectionMicros(),
        r.connectionMicros(),
        r.scripts(),
        r.timeline(),
        true,
        r.identity());
  }

  /** A standard normal draw (Box-Muller), from the seeded generator only. */
  public static double gaussian(SplittableRandom random) {
    double u = random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
  }
}
