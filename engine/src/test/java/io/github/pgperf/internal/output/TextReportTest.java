package io.github.pgperf.internal.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.run.RunResultBuilder;
import io.github.pgperf.internal.run.ThreadRecorder;
import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** pgperf's own report lines, and pgbench's report from figures the runner recorded. */
class TextReportTest {

  @Test
  void pgperfLinesFollowPgbenchsWithPercentilesInMilliseconds() {
    RunSettings w =
        PgbenchReportParser.workload(List.of("-T", "10", "-c", "2", "-f", "a.sql"), 1, null);
    ThreadRecorder r = new ThreadRecorder(w, List.of(List.of("select 1;")), 0);
    for (int i = 1; i <= 10_000; i++) {
      r.processed(0, i, i, 0, 1); // latencies 1 µs .. 10,000 µs
    }
    r.finish(10_000);
    RunResult result =
        new RunResultBuilder(w)
            .client(new ClientMachine("0.1.0", 2, "jvm", "os"))
            .startedAt(Instant.EPOCH)
            .endedAt(Instant.EPOCH.plusSeconds(10))
            .benchMicros(10_000_000)
            .initialConnectionMicros(12_345)
            .build(List.of(r));
    List<String> lines = TextReport.lines(result);
    assertThat(lines)
        .containsExactly(
            "pgperf (0.1.0)",
            "transaction type: a.sql",
            "scaling factor: 1",
            "query mode: simple",
            "number of clients: 2",
            "number of threads: 1",
            "maximum number of tries: 1",
            "duration: 10 s",
            "number of transactions actually processed: 10000",
            "number of failed transactions: 0 (0.000%)",
            "latency average = 2.000 ms",
            "initial connection time = 12.345 ms",
            "tps = 1000.000000 (without initial connection time)",
            "latency min = 0.001 ms",
            // 3 significant digits: above 2048 µs values share buckets of 2, 4 or 8 µs, reported as
            // the bucket's highest value (the 5000th latency, 5000 µs, is in [5000, 5003]).
            "latency p50 = 5.003 ms",
            "latency p90 = 9.007 ms",
            "latency p95 = 9.503 ms",
            "latency p99 = 9.903 ms",
            "latency p99.9 = 9.991 ms",
            "latency p99.99 = 9.999 ms",
            "latency max = 10.000 ms");
  }

  @Test
  void noPgperfLinesWithoutLatencies() {
    RunSettings w = PgbenchReportParser.workload(List.of("-t", "5", "-f", "err.sql"), 1, null);
    ThreadRecorder r = new ThreadRecorder(w, List.of(List.of("select 1/0;")), 0);
    r.finish(0);
    RunResult result =
        new RunResultBuilder(w)
            .client(new ClientMachine("0.1.0", 2, "jvm", "os"))
            .startedAt(Instant.EPOCH)
            .endedAt(Instant.EPOCH)
            .aborted(true)
            .build(List.of(r));
    assertThat(TextReport.pgperfLines(result)).isEmpty();
    assertThat(TextReport.pgbenchLines(result))
        .endsWith(
            "number of transactions actually processed: 0/5",
            "number of failed transactions: 0 (NaN%)");
  }
}
