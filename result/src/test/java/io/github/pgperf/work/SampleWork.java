package io.github.pgperf.work;

import java.util.List;

/** Server work as tests need it, every field different, from a seed. */
public final class SampleWork {

  private SampleWork() {}

  /** Work with every part captured. */
  public static ServerWork full(int seed) {
    long s = seed;
    return new ServerWork(
            1.5 * seed,
            List.of(
                statement("SELECT abalance FROM pgbench_accounts WHERE aid = $1", s),
                statement(
                    "UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2", 2 * s)),
            new DatabaseWork(
                100 * s, s, 3 * s, 400 * s, 500 * s, 200 * s, 10 * s, 20 * s, 0, s, 8192 * s, 0, 0,
                1.25 * s, 0.5 * s),
            new WalUsage(30 * s, s, 4000 * s),
            new Checkpoints(0, s, 17 * s),
            new WaitEvents(
                10,
                50 * s,
                List.of(
                    new WaitCount("Client:ClientRead", 40 * s),
                    new WaitCount(WaitEvents.CPU, 55 * s),
                    new WaitCount("Lock:transactionid", 5 * s))),
            new ServerCpu(
                90_000 * s,
                5_000 * s,
                0L,
                10_000 * s,
                new MachineCpu(2_000_000L * s, 1_500_000L * s, 600_000L * s)),
            List.of())
        .withPlans(List.of(), null);
  }

  /** Work from a server without pg_stat_statements whose processes are not visible. */
  public static ServerWork partial(int seed) {
    ServerWork f = full(seed);
    return new ServerWork(
            f.windowSeconds(),
            null,
            f.database(),
            f.wal(),
            f.checkpoints(),
            f.waits(),
            null,
            List.of(
                new Unavailable(
                    WorkPart.STATEMENTS,
                    "pg_stat_statements is not loaded: set"
                        + " shared_preload_libraries = 'pg_stat_statements' in the server's configuration"
                        + " and restart it"),
                new Unavailable(
                    WorkPart.SERVER_CPU,
                    "the server's processes are not visible from this machine")))
        .withPlans(List.of(), null);
  }

  static StatementWork statement(String query, long s) {
    return new StatementWork(
        query,
        100 * s,
        100 * s,
        0,
        12.5 * s,
        0,
        new Blocks(300 * s, 3 * s, s, 0, 0, 0, 0, 0, 0, 0),
        new WalUsage(s, 0, 60 * s),
        0.25 * s,
        0);
  }
}
