package io.github.pgperf.threshold;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.output.RunSummary;
import io.github.pgperf.result.RunResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunSummaryTest {

  @Test
  void summarizesWhatRanAndWhatHappened() {
    assertThat(RunSummary.of(KnownRuns.known(3, 2)))
        .isEqualTo(
            "<builtin: select only> \"known\", 4 clients, 2 threads, 10 s: 10000 processed, 3 failed,"
                + " 2 skipped in 10.0 s; tps 1000.0; latency p50 1.0 ms, p99 1.0 ms, max 20.0 ms");
  }

  @Test
  void namesMultipleScriptsAbortsAndEmptyRuns() {
    assertThat(RunSummary.of(KnownRuns.twoScripts()))
        .startsWith("multiple scripts \"known\",")
        .contains("10090 processed, 10 failed", "tps 1009.0", "p99 1.5 ms", "max 50.0 ms");
    assertThat(RunSummary.of(KnownRuns.aborted())).endsWith("; ABORTED, figures incomplete");
    assertThat(RunSummary.of(KnownRuns.empty()))
        .endsWith(": 0 processed, 0 failed, 0 skipped in 10.0 s;" + " tps 0.0; latency none");
  }

  @Test
  void holdsNoConnectionDetailsLetAloneAPassword() {
    ConnectionSpec spec =
        new ConnectionSpec(
            "db.example.com", 5433, "bench", "shop", "s3cret-Passw0rd", Duration.ofSeconds(1));
    RunResult known = KnownRuns.known(0, 0);
    RunResult run = known.withTarget(spec.target());
    assertThat(RunSummary.of(run)).doesNotContain("s3cret", "db.example.com", "5433", "shop");
  }
}
