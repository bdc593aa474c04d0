package io.github.pgperf.result;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Results as a run produces them, made from the values alone (the harness's recorders are not
 * here): seeded transactions, most processed with long-tailed latencies, some failed or skipped,
 * over two scripts and a 10-second timeline of 1-second intervals.
 */
public final class SampleRuns {

  private static final List<List<String>> COMMANDS =
      List.of(
          List.of(
              "\\set aid random(1, 100000 * :scale)",
              "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;"),
          List.of("select 1;"));
  private static final long SPAN_MICROS = 10_000_000;
  private static final long INTERVAL_MICROS = 1_000_000;

  private SampleRuns() {}

  public static RunSettings workload(int clients, int threads) {
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

  public static ServerInfo server() {
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

  /** A run of {@code threads} threads of {@code perThread} transactions each, from {@code seed}. */
  public static RunResult run(long seed, int threads, int perThread) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Tally> scripts = List.of(new Tally(), new Tally());
    List<Tally> intervals = new ArrayList<>();
    for (int i = 0; i < SPAN_MICROS / INTERVAL_MICROS; i++) {
      intervals.add(new Tally());
    }
    long[][] statementMicros = new long[2][2];
    long[][] statementRuns = new long[2][2];
    long[] failuresInLast = new long[2];
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < perThread; i++) {
        long now = (long) i * SPAN_MICROS / perThread;
        int script = random.nextInt(4) == 0 ? 1 : 0;
        int kind = random.nextInt(100);
        int tries = random.nextInt(10) == 0 ? 2 : 1;
        Tally interval = intervals.get((int) (now / INTERVAL_MICROS));
        if (kind < 3) {
          boolean deadlock = kind == 0;
          scripts.get(script).failed(deadlock, tries);
          interval.failed(deadlock, tries);
          failuresInLast[script]++;
        } else if (kind < 5) {
          scripts.get(script).skipped++;
          interval.skipped++;
        } else {
          long latency =
              random.nextDouble() < 0.99
                  ? random.nextLong(100, 2_000)
                  : random.nextLong(2_000, 3_000_000);
          long lag = random.nextLong(0, 300);
          scripts.get(script).processed(latency, lag, tries);
          interval.processed(latency, lag, tries);
          int commands = COMMANDS.get(script).size();
          for (int c = 0; c < commands; c++) {
            statementRuns[script][c]++;
            statementMicros[script][c] += latency / commands;
          }
        }
      }
    }
    RunSettings w = workload(threads * 2, threads);
    List<ScriptResult> scriptResults = new ArrayList<>();
    for (int s = 0; s < 2; s++) {
      List<StatementResult> statements = new ArrayList<>();
      List<String> commands = COMMANDS.get(s);
      for (int c = 0; c < commands.size(); c++) {
        boolean last = c == commands.size() - 1;
        statements.add(
            new StatementResult(
                commands.get(c),
                statementRuns[s][c],
                statementMicros[s][c],
                last ? failuresInLast[s] : 0,
                0));
      }
      RunSettings.Script script = w.scripts().get(s);
      scriptResults.add(
          new ScriptResult(script.name(), script.weight(), scripts.get(s).stats(), statements));
    }
    List<Interval> timeline = new ArrayList<>();
    for (int i = 0; i < intervals.size(); i++) {
      timeline.add(new Interval(i * INTERVAL_MICROS, INTERVAL_MICROS, intervals.get(i).stats()));
    }
    return new RunResult(
        w,
        new Target("127.0.0.1", 5432, "postgres", "bench"),
        server(),
        List.of(new ClientMachine("dev", 2, "OpenJDK 17", "Linux 6 amd64")),
        Instant.parse("2026-11-30T03:00:00.123456Z"),
        Instant.parse("2026-11-30T03:00:10.2Z"),
        10.000123,
        20_456,
        0,
        scriptResults,
        timeline,
        false,
        RunIdentity.thisProcess());
  }

  /** Counts, latencies and lag of some transactions. */
  private static final class Tally {
    private final Histogram histogram = Latencies.newHistogram();
    private Moments latency = Moments.NONE;
    private Moments lag = Moments.NONE;
    private long processed;
    private long serialization;
    private long deadlocks;
    private long retried;
    private long retries;
    private long skipped;

    void processed(long latencyMicros, long lagMicros, int tries) {
      processed++;
      histogram.recordValue(latencyMicros);
      latency = latency.plus(one(latencyMicros));
      lag = lag.plus(one(lagMicros));
      tried(tries);
    }

    void failed(boolean deadlock, int tries) {
      if (deadlock) {
        deadlocks++;
      } else {
        serialization++;
      }
      tried(tries);
    }

    private void tried(int tries) {
      if (tries > 1) {
        retried++;
        retries += tries - 1;
      }
    }

    Stats stats() {
      return new Stats(
          new Counts(processed, serialization, deadlocks, 0, retried, retries, skipped, 0),
          Latencies.of(histogram, latency),
          lag);
    }

    private static Moments one(long value) {
      return new Moments(1, value, (double) value * value, value, value);
    }
  }
}
