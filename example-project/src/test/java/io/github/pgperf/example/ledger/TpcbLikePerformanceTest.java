package io.github.pgperf.example.ledger;

// readme:first-test
import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.result.RunResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** pgbench's TPC-B-like load at scale 10: a floor under tps and a ceiling over p99 latency. */
@PgPerfTest(scale = 10)
class TpcbLikePerformanceTest {

  @Test
  void tpcbLike(LoadRunner load) {
    RunResult run = load.builtin("tpcb-like")
        .clients(4).threads(2)
        .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3))
        .run();

    assertThat(run).hasNoFailures()
        .hasTpsAtLeast(100)
        .hasLatencyPercentileAtMost(99, Duration.ofMillis(500));
  }
}
// /readme:first-test
