package io.github.pgperf.example.ledger;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.result.RunResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * pgbench's TPC-B-like load at scale 10 with 1, 2, 4, 8 and 16 clients, printed as the
 * tps-by-clients table of pgbench write-ups. Shares TpcbLikePerformanceTest's tables (same scale).
 */
@PgPerfTest(scale = 10)
class ClientSweepPerformanceTest {

  // readme:sweep
  @Test
  void clientSweep(LoadRunner load) {
    load.builtin("tpcb-like").duration(Duration.ofSeconds(2));
    Map<Integer, RunResult> runs = new LinkedHashMap<>();
    for (int clients : new int[] {1, 2, 4, 8, 16}) {
      runs.put(clients, load.clients(clients).threads(Math.min(clients, 2))
          .label("clients-" + clients).run());
    }

    System.out.println(" clients |        tps | p99 latency (ms)");
    runs.forEach((clients, run) -> System.out.printf(Locale.ROOT, " %7d | %10.1f | %8.3f%n",
        clients, run.tps(), run.total().latency().percentile(99) / 1e3));
    runs.values().forEach(run -> assertThat(run).hasNoFailures().hasTpsAtLeast(50));
  }
  // /readme:sweep
}
