package io.github.pgperf.example.ledger;

import io.github.pgperf.junit.ClientSweep;
import io.github.pgperf.junit.LatencyAtMost;
import io.github.pgperf.junit.Load;
import io.github.pgperf.junit.NoFailures;
import io.github.pgperf.junit.PgPerfTest;

/**
 * pgbench's TPC-B-like load at scale 10 with 1, 2, 4, 8 and 16 clients; after the class, pgperf
 * prints the tps-by-clients table of pgbench write-ups. Shares TpcbLikePerformanceTest's tables
 * (same scale).
 */
@PgPerfTest(scale = 10)
class ClientSweepPerformanceTest {

  // readme:sweep
  @ClientSweep({1, 2, 4, 8, 16})
  @Load(builtin = "tpcb-like", threads = 2, duration = "2s")
  @NoFailures
  @LatencyAtMost(percentile = 99, limit = "3s")
  void tpcbLikeByClients() {}
  // /readme:sweep
}
