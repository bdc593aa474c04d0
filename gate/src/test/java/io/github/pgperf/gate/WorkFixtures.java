package io.github.pgperf.gate;

import io.github.pgperf.plan.PlanShape;
import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.work.Blocks;
import io.github.pgperf.work.DatabaseWork;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.Unavailable;
import io.github.pgperf.work.WaitCount;
import io.github.pgperf.work.WaitEvents;
import io.github.pgperf.work.WalUsage;
import io.github.pgperf.work.WorkPart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Runs of {@link Fixtures} with the server's work as the harness records it ({@code serverWork}:
 * {@code pg_stat_statements} statements and plans), with the noise in the counters that A/A runs
 * show: a few blocks more or less per run (hint bits, a backend's first catalog lookups), some
 * calls touching one more block (a page split, HOT pruning), a hot-row UPDATE's blocks per call
 * more than doubling between runs (contention), full-page images now and then.
 */
final class WorkFixtures {

  static final String SELECT = "SELECT abalance FROM pgbench_accounts WHERE aid = $1";
  static final String UPDATE =
      "UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2";
  static final String SCRIPT = "<builtin: select only>";

  static final String INDEX_PLAN =
      """
      [{"Plan": {"Node Type": "Aggregate", "Strategy": "Plain", "Partial Mode": "Simple",
        "Plans": [{"Node Type": "Index Scan", "Scan Direction": "Forward",
          "Index Name": "pgbench_accounts_pkey", "Relation Name": "pgbench_accounts",
          "Alias": "pgbench_accounts", "Index Cond": "(aid = 1)"}]}}]
      """;
  static final String SEQ_PLAN =
      """
      [{"Plan": {"Node Type": "Aggregate", "Strategy": "Plain", "Partial Mode": "Simple",
        "Plans": [{"Node Type": "Seq Scan", "Relation Name": "pgbench_accounts",
          "Alias": "pgbench_accounts", "Filter": "(aid = 1)"}]}}]
      """;

  /** The machine the fixtures' runs name; {@link #OTHER_MACHINE} differs in every part. */
  static final ClientMachine OTHER_MACHINE =
      new ClientMachine(
          "dev",
          16,
          "OpenJDK 64-Bit Server VM Temurin 21",
          "Linux 5.15.0-1051-azure amd64",
          "AMD EPYC 7763",
          64L << 30);

  private static final Instant EPOCH = Instant.parse("2026-11-30T03:00:00Z");

  /**
   * What a build's runs do.
   *
   * @param selectBlocksPerCall shared blocks per call of the SELECT, before noise
   * @param plan the SELECT's plan as EXPLAIN JSON
   * @param extraStatement a statement called in every run beside the two, or {@code null}
   * @param withUpdate whether the UPDATE is called
   * @param machine the load machine, or {@code null} for the fixtures' own
   * @param tps the runs' tps, before a noise of up to 5%
   * @param waits the backends' wait shares by event, before noise
   * @param savepoints whether every transaction takes a savepoint of a name of its own and releases
   *     it, as pgjdbc's {@code setSavepoint()} does: two texts per transaction in
   *     pg_stat_statements
   * @param evictions how many times pg_stat_statements evicted entries during each run, or {@code
   *     null} when not known
   * @param selectCalls the SELECT's calls per transaction (1; more is an N+1)
   * @param commits commits per transaction in pg_stat_database, or {@code null} when not read
   */
  record Build(
      double selectBlocksPerCall,
      String plan,
      String extraStatement,
      boolean withUpdate,
      ClientMachine machine,
      double tps,
      Map<String, Double> waits,
      boolean savepoints,
      Long evictions,
      double selectCalls,
      Integer commits) {

    /** The backends' usual wait shares: on CPU and waiting for the client, as select-only runs. */
    static final Map<String, Double> USUAL_WAITS = Map.of("CPU", 0.6, "Client:ClientRead", 0.4);

    Build(
        double selectBlocksPerCall,
        String plan,
        String extraStatement,
        boolean withUpdate,
        ClientMachine machine) {
      this(
          selectBlocksPerCall,
          plan,
          extraStatement,
          withUpdate,
          machine,
          1000,
          USUAL_WAITS,
          false,
          null,
          1,
          null);
    }

    static Build usual() {
      return new Build(3, INDEX_PLAN, null, true, null);
    }

    Build tps(double newTps) {
      return new Build(
          selectBlocksPerCall,
          plan,
          extraStatement,
          withUpdate,
          machine,
          newTps,
          waits,
          savepoints,
          evictions,
          selectCalls,
          commits);
    }

    /** Runs whose backends' wait shares are {@code shares} (before a noise of ±3 points). */
    Build waits(Map<String, Double> shares) {
      return new Build(
          selectBlocksPerCall,
          plan,
          extraStatement,
          withUpdate,
          machine,
          tps,
          shares,
          savepoints,
          evictions,
          selectCalls,
          commits);
    }

    Build blocks(double perCall) {
      return new Build(
          perCall,
          plan,
          extraStatement,
          withUpdate,
          machine,
          tps,
          waits,
          savepoints,
          evictions,
          selectCalls,
          commits);
    }

    Build plan(String json) {
      return new Build(
          selectBlocksPerCall,
          json,
          extraStatement,
          withUpdate,
          machine,
          tps,
          waits,
          savepoints,
          evictions,
          selectCalls,
          commits);
    }

    Build extra(String statement) {
      return new Build(
          selectBlocksPerCall,
          plan,
          statement,
          withUpdate,
          machine,
          tps,
          waits,
          savepoints,
          evictions,
          selectCalls,
          commits);
    }

    Build withoutUpdate() {
      return new Build(
          selectBlocksPerCall,
          plan,
          extraStatement,
          false,
          machine,
          tps,
          waits,
          savepoints,
          evictions,
          selectCalls,
          commits);
    }

    Build on(ClientMachine other) {
      return new Build(
          selectBlocksPerCall,
          plan,
          extraStatement,
          withUpdate,
          other,
          tps,
          waits,
          savepoints,
          evictions,
          selectCalls,
          commits);
    }

    /** Every transaction takes a savepoint of a generated name and releases it. */
    Build withSavepoints() {
      return new Build(
          selectBlocksPerCall,
          plan,
          extraStatement,
          withUpdate,
          machine,
          tps,
          waits,
          true,
          evictions,
          selectCalls,
          commits);
    }

    /** The SELECT called {@code perTransaction} times a transaction (an N+1 when more than 1). */
    Build selectCalls(double perTransaction) {
      return new Build(
          selectBlocksPerCall,
          plan,
          extraStatement,
          withUpdate,
          machine,
          tps,
          waits,
          savepoints,
          evictions,
          perTransaction,
          commits);
    }

    /** pg_stat_database read, with {@code perTransaction} commits a transaction. */
    Build commits(int perTransaction) {
      return new Build(
          selectBlocksPerCall,
          plan,
          extraStatement,
          withUpdate,
          machine,
          tps,
          waits,
          savepoints,
          evictions,
          selectCalls,
          perTransaction);
    }

    /** pg_stat_statements evicted entries {@code n} times during each run. */
    Build evicted(long n) {
      return new Build(
          selectBlocksPerCall,
          plan,
          extraStatement,
          withUpdate,
          machine,
          tps,
          waits,
          savepoints,
          n,
          selectCalls,
          commits);
    }
  }

  private WorkFixtures() {}

  /**
   * Writes {@code trials} runs of build {@code build-<seed>} of test {@code key} into {@code dir},
   * each with the work {@code b} describes and seeded noise.
   */
  static void trials(Path dir, String key, int trials, Build b, long seed) throws IOException {
    Files.createDirectories(dir);
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 1; i <= trials; i++) {
      Instant start = EPOCH.plusSeconds(seed * 10_000 + i * 20L);
      RunResult r =
          Fixtures.run(
              b.tps() * (1 + 0.05 * random.nextDouble()),
              2000 * 1000 / b.tps(),
              random.nextLong(),
              Fixtures.server(Fixtures.VERSION),
              start);
      if (b.machine() != null) {
        r =
            new RunResult(
                r.settings(),
                r.target(),
                r.server(),
                List.of(b.machine()),
                r.startedAt(),
                r.endedAt(),
                r.benchSeconds(),
                r.initialConnectionMicros(),
                r.connectionMicros(),
                r.scripts(),
                r.timeline(),
                r.aborted(),
                r.identity(),
                null);
      }
      r =
          r.withServerWork(work(r.totalCounts().processed(), b, random))
              .withIdentity(new RunIdentity("build-" + seed, i));
      ResultJson.write(r, dir.resolve(key + "-trial" + i + ".json"));
    }
  }

  /** Records builds {@code seed}, {@code seed + 1} ... of {@code b} into the store. */
  static void baseline(Path store, String key, int builds, int trials, Build b, long seed)
      throws IOException {
    for (int n = 0; n < builds; n++) {
      Path results = Files.createTempDirectory("pgperf-work-baseline");
      trials(results, key, trials, b, seed + n);
      new BaselineStore(store).record(ResultFiles.read(results).samples(), 10);
    }
  }

  /** A run's server work: the SELECT once per transaction, the UPDATE too, with noise. */
  static ServerWork work(long transactions, Build b, SplittableRandom random) {
    List<StatementWork> statements = new ArrayList<>();
    // ±2 blocks over the run, and up to 10% of the calls touching one block more.
    long selectBlocks =
        Math.round(b.selectBlocksPerCall() * transactions)
            + random.nextInt(-2, 3)
            + random.nextLong(transactions / 10 + 1);
    // The window's edges cut a transaction of a client or two: calls off by up to 2 either way.
    long selectCalls = Math.round(b.selectCalls() * transactions) + random.nextInt(-2, 3);
    statements.add(
        statement(
            SELECT, selectCalls, selectCalls, Math.round(selectBlocks * b.selectCalls()), 0, 0));
    if (b.withUpdate()) {
      // A hot-row UPDATE under contention: 4.7 to 10.7 blocks per call in 7 A/A runs of the
      // example's TPC-B test (docs/gate.md).
      long updateBlocks = Math.round((4.7 + 6 * random.nextDouble()) * transactions);
      // About 120 bytes of WAL a call, and up to 20 full-page images after a checkpoint.
      long wal = 120 * transactions + random.nextInt(0, 21) * 8192L;
      statements.add(statement(UPDATE, transactions, transactions, updateBlocks, 0, wal));
    }
    if (b.extraStatement() != null) {
      statements.add(statement(b.extraStatement(), transactions, 0, 2 * transactions, 0, 0));
    }
    if (b.savepoints()) {
      for (long t = 1; t <= transactions; t++) {
        statements.add(statement("SAVEPOINT JDBC_SAVEPOINT_" + t, 1, 0, 0, 0, 0));
        statements.add(statement("RELEASE SAVEPOINT JDBC_SAVEPOINT_" + t, 1, 0, 0, 0, 0));
      }
    }
    List<StatementPlan> plans =
        List.of(
            new StatementPlan(
                SCRIPT,
                1,
                "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;",
                PlanShape.fromExplainJson(b.plan()),
                null),
            new StatementPlan(
                SCRIPT, 0, "\\set aid random(1, 100000 * :scale)", null, "a meta-command"));
    DatabaseWork database =
        b.commits() == null
            ? null
            : new DatabaseWork(
                b.commits() * transactions + random.nextInt(-2, 3),
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0);
    List<Unavailable> unavailable =
        new ArrayList<>(
            List.of(
                new Unavailable(WorkPart.WAL, "not read in this fixture"),
                new Unavailable(WorkPart.WAL, "not read in this fixture"),
                new Unavailable(WorkPart.CHECKPOINTS, "not read in this fixture"),
                new Unavailable(WorkPart.SERVER_CPU, "not read in this fixture"),
                new Unavailable(WorkPart.BACKGROUND_CPU, "not read in this fixture")));
    if (database == null) {
      unavailable.add(new Unavailable(WorkPart.DATABASE, "not read in this fixture"));
    }
    return new ServerWork(
            10,
            statements,
            null,
            database,
            null,
            null,
            waits(b.waits(), random),
            null,
            unavailable,
            plans)
        .withStatementEvictions(b.evictions());
  }

  /**
   * 2 backends sampled 500 times, each event seen in about its share of the 1,000 observations,
   * give or take 3 points (the spread of a share between runs of the same test).
   */
  static WaitEvents waits(Map<String, Double> shares, SplittableRandom random) {
    List<WaitCount> counts = new ArrayList<>();
    shares.forEach(
        (event, share) ->
            counts.add(
                new WaitCount(
                    event,
                    Math.max(0, Math.round(1000 * (share + random.nextDouble(-0.03, 0.03)))))));
    return new WaitEvents(10, 500, counts);
  }

  static StatementWork statement(
      String query, long calls, long rows, long sharedHit, long temp, long walBytes) {
    return new StatementWork(
        query,
        calls,
        rows,
        0,
        calls * 0.01,
        0,
        new Blocks(sharedHit, 0, 0, 0, 0, 0, 0, 0, temp, 0),
        new WalUsage(walBytes / 100, 0, walBytes),
        0,
        0);
  }

  /** The server of the fixtures with provider settings, as a provider that set them records it. */
  static ServerInfo serverWith(Map<String, String> settings) {
    return Fixtures.server(Fixtures.VERSION).withProviderSettings(settings);
  }
}
