package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.internal.run.RunResultBuilder;
import io.github.pgperf.internal.run.ThreadRecorder;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.Target;
import io.github.pgperf.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The assertions on latencies measured from real queries, recorded as the runner records them.
 * {@code pg_sleep(0.005)} cannot answer in less than 5 ms, so ceilings below that must fail and the
 * tps of 20 such transactions on one connection cannot exceed 200, however noisy the machine.
 */
class MeasuredQueriesTest {

  private static final int TRANSACTIONS = 20;

  @Test
  void judgesRealLatenciesByTheirLowerBound() throws SQLException {
    RunResult run = measure(false);
    assertThat(run.totalCounts().processed()).isEqualTo(TRANSACTIONS);
    assertThat(run.total().latency().minMicros()).isGreaterThanOrEqualTo(5_000);

    assertThat(run)
        .hasNoFailures()
        .hasLatencyAtMost(50, Duration.ofSeconds(5))
        .meets("p99.9<=5s", "mean<=5s", "failures<=0%");
    assertThatThrownBy(() -> assertThat(run).hasLatencyAtMost(50, Duration.ofNanos(4_999_000)))
        .hasMessageContainingAll(
            "Expecting p50 latency of run:",
            "20 processed, 0 failed",
            "to be at most:%n  4.999 ms".formatted());
    assertThatThrownBy(() -> assertThat(run).hasMeanLatencyAtMost(Duration.ofMillis(4)))
        .hasMessageContaining("Expecting mean latency of run:");
    assertThatThrownBy(() -> assertThat(run).hasTpsAtLeast(201))
        .hasMessageContaining("to be at least:%n  201.0 tps".formatted());
  }

  @Test
  void countsARealErrorAsAFailure() throws SQLException {
    RunResult run = measure(true);
    assertThat(run.totalCounts().otherFailures()).isEqualTo(1);
    assertThat(run).hasFailureRateAtMost(5);
    assertThatThrownBy(() -> assertThat(run).hasNoFailures())
        .hasMessageContainingAll("19 processed, 1 failed", "but was:%n  1".formatted());
    assertThatThrownBy(() -> assertThat(run).hasFailureRateAtMost(4.9))
        .hasMessageContaining("5.0% (1 of 20 transactions failed)");
  }

  /**
   * Runs {@link #TRANSACTIONS} sleeps of 5 ms on one connection, the last one an error if asked.
   */
  private static RunResult measure(boolean lastFails) throws SQLException {
    RunSettings settings =
        new RunSettings(
            List.of(new RunSettings.Script("sleep.sql", 1)),
            1,
            1,
            new RunLength.PerClient(TRANSACTIONS),
            QueryMode.SIMPLE,
            0,
            0,
            1,
            1,
            null,
            false,
            0,
            false,
            false,
            null);
    ThreadRecorder recorder =
        new ThreadRecorder(settings, List.of(List.of("select pg_sleep(0.005);")), 0);
    Instant startedAt;
    long start;
    long end;
    try (TestDatabase db = TestDatabase.create();
        Connection c = db.open();
        Statement s = c.createStatement()) {
      startedAt = Instant.now();
      start = System.nanoTime();
      for (int i = 0; i < TRANSACTIONS; i++) {
        long begin = System.nanoTime();
        try {
          s.execute(lastFails && i == TRANSACTIONS - 1 ? "select 1/0" : "select pg_sleep(0.005)");
          long now = System.nanoTime();
          recorder.processed(0, (now - start) / 1000, (now - begin) / 1000, 0, 1);
        } catch (SQLException e) {
          recorder.failed(0, (System.nanoTime() - start) / 1000, FailureKind.OTHER, 1);
        }
      }
      end = System.nanoTime();
      recorder.finish((end - start) / 1000);
      return new RunResultBuilder(settings)
          .target(new Target(db.host(), db.port(), db.user(), db.name()))
          .startedAt(startedAt)
          .endedAt(Instant.now())
          .benchMicros((end - start) / 1000)
          .build(List.of(recorder));
    }
  }
}
