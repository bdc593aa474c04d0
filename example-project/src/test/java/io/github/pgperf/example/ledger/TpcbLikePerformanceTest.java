package io.github.pgperf.example.ledger;

// readme:first-test
import io.github.pgperf.junit.LatencyAtMost;
import io.github.pgperf.junit.Load;
import io.github.pgperf.junit.NoFailures;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.junit.TpsAtLeast;
import org.junit.jupiter.api.Test;

/** pgbench's TPC-B-like load at scale 10: a floor under tps and a ceiling over p99 latency. */
@PgPerfTest(scale = 10)
class TpcbLikePerformanceTest {

  @Test
  @Load(builtin = "tpcb-like", clients = 4, threads = 2, warmup = "1s", duration = "3s")
  @NoFailures
  @TpsAtLeast(4)
  @LatencyAtMost(percentile = 99, limit = "3s")
  void tpcbLike() {}
}
// /readme:first-test
