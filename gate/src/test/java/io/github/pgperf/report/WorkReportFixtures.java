package io.github.pgperf.report;

import io.github.pgperf.gate.BaselineStore;
import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.plan.PlanShape;
import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.Blocks;
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

/**
 * Result files with the server's work as the harness writes them ({@code serverWork}: statements,
 * wait events, plans), and baseline stores recorded from such files, for the report's work
 * sections.
 */
final class WorkReportFixtures {

  static final String SELECT = "SELECT abalance FROM pgbench_accounts WHERE aid = $1";
  static final String UPDATE =
      "UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2";
  static final String SCRIPT = "<builtin: select only>";
  static final String SCRIPT_SQL = "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;";

  static final String INDEX_PLAN =
      """
      [{"Plan": {"Node Type": "Aggregate", "Strategy": "Plain", "Partial Mode": "Simple",
        "Plans": [{"Node Type": "Index Scan", "Scan Direction": "Forward",
          "Index Name": "pgbench_accounts_pkey", "Relation Name": "pgbench_accounts",
          "Alias": "pgbench_accounts"}]}}]
      """;
  static final String SEQ_PLAN =
      """
      [{"Plan": {"Node Type": "Aggregate", "Strategy": "Plain", "Partial Mode": "Simple",
        "Plans": [{"Node Type": "Seq Scan", "Relation Name": "pgbench_accounts",
          "Alias": "pgbench_accounts"}]}}]
      """;

  private static final Instant EPOCH = Instant.parse("2026-11-30T03:00:00Z");

  /**
   * What a build's runs did.
   *
   * @param selectBlocksPerCall the SELECT's shared blocks per call
   * @param plan the SELECT's plan as EXPLAIN JSON
   * @param extra further statements, each called once per transaction, less time than the two
   * @param waits the wait events' counts, or {@code null} for "not sampled"
   */
  record Build(long selectBlocksPerCall, String plan, List<String> extra, List<WaitCount> waits) {

    static Build usual() {
      return new Build(
          3,
          INDEX_PLAN,
          List.of(),
          List.of(
              new WaitCount(WaitEvents.CPU, 60),
              new WaitCount("Lock:transactionid", 30),
              new WaitCount("Client:ClientRead", 10)));
    }

    Build blocks(long perCall) {
      return new Build(perCall, plan, extra, waits);
    }

    Build plan(String json) {
      return new Build(selectBlocksPerCall, json, extra, waits);
    }

    Build extra(List<String> statements) {
      return new Build(selectBlocksPerCall, plan, statements, waits);
    }

    Build waits(List<WaitCount> counts) {
      return new Build(selectBlocksPerCall, plan, extra, counts);
    }
  }

  private WorkReportFixtures() {}

  /** Writes {@code n} trials of build {@code build-<seed>} of {@code key} into {@code dir}. */
  static void trials(Path dir, String key, int n, Build b, long seed) throws IOException {
    trials(dir, key, n, b, seed, Fixtures.VERSION);
  }

  /** {@link #trials(Path, String, int, Build, long)} on a server of version {@code version}. */
  static void trials(Path dir, String key, int n, Build b, long seed, String version)
      throws IOException {
    Files.createDirectories(dir);
    for (int i = 1; i <= n; i++) {
      Instant start = EPOCH.plusSeconds(seed * 10_000 + i * 20L);
      RunResult r = Fixtures.run(1000, 2000, seed * 100 + i, Fixtures.server(version), start);
      r =
          r.withServerWork(work(r.totalCounts().processed(), b))
              .withIdentity(new RunIdentity("build-" + seed, i));
      ResultJson.write(r, dir.resolve(key + "-trial" + i + ".json"));
    }
  }

  /** Records {@code builds} builds of {@code n} trials of {@code b} into the store. */
  static void baseline(Path store, String key, int builds, int n, Build b, long seed)
      throws IOException {
    for (int k = 0; k < builds; k++) {
      Path results = Files.createTempDirectory("pgperf-report-work");
      trials(results, key, n, b, seed + k);
      new BaselineStore(store).record(ResultFiles.read(results).samples(), 10);
    }
  }

  /** A run's work: the SELECT and the UPDATE once per transaction, then {@code b.extra()}. */
  static ServerWork work(long transactions, Build b) {
    List<StatementWork> statements = new ArrayList<>();
    statements.add(
        statement(
            SELECT,
            transactions,
            transactions,
            b.selectBlocksPerCall() * transactions,
            0,
            0,
            0.02));
    statements.add(
        statement(
            UPDATE, transactions, transactions, 6 * transactions, 0, 120 * transactions, 0.05));
    for (String text : b.extra()) {
      statements.add(statement(text, transactions, 0, 2 * transactions, transactions, 0, 0.001));
    }
    List<StatementPlan> plans =
        List.of(
            new StatementPlan(SCRIPT, 1, SCRIPT_SQL, PlanShape.fromExplainJson(b.plan()), null),
            new StatementPlan(SCRIPT, 2, "BEGIN;", null, "\"begin\" has no plan"));
    List<Unavailable> reasons =
        new ArrayList<>(
            List.of(
                new Unavailable(WorkPart.DATABASE, "not read in this fixture"),
                new Unavailable(WorkPart.WAL, "not read in this fixture"),
                new Unavailable(WorkPart.CHECKPOINTS, "not read in this fixture"),
                new Unavailable(WorkPart.SERVER_CPU, "not read in this fixture"),
                new Unavailable(WorkPart.BACKGROUND_CPU, "not read in this fixture")));
    WaitEvents waits = null;
    if (b.waits() == null) {
      reasons.add(new Unavailable(WorkPart.WAITS, "the fixture sampled no wait events"));
    } else {
      waits = new WaitEvents(10, 500, b.waits());
    }
    return new ServerWork(10, statements, null, null, null, waits, null, reasons, plans);
  }

  /** A statement's work: {@code millisPerCall} each call. */
  static StatementWork statement(
      String query,
      long calls,
      long rows,
      long sharedHit,
      long temp,
      long walBytes,
      double millisPerCall) {
    return new StatementWork(
        query,
        calls,
        rows,
        0,
        calls * millisPerCall,
        0,
        new Blocks(sharedHit, 0, 0, 0, 0, 0, 0, 0, temp, 0),
        new WalUsage(walBytes / 100, 0, walBytes),
        0,
        0);
  }
}
