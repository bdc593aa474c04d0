package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.output.WorkSummary;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A run that makes more distinct statements than {@code pg_stat_statements.max} keeps (100, its
 * smallest) makes the extension evict entries, and loses their counters: its statement work is said
 * incomplete, in the result and its summary. A run that stays within it is complete.
 */
class StatementEvictionTest {

  /** Distinct savepoint names per transaction: pg_stat_statements keeps each as an entry. */
  private static final int NAMES = 5;

  private static OwnServer server;
  private static RunResult within;
  private static RunResult beyond;

  @BeforeAll
  static void run() throws Exception {
    server =
        OwnServer.start(
            Map.of(
                "shared_preload_libraries", "pg_stat_statements", "pg_stat_statements.max", "100"));
    TestDatabase db = server.createDatabase();
    AtomicInteger names = new AtomicInteger();
    JavaTransaction savepoints =
        new JavaTransaction(
            "savepoints",
            c -> {
              c.setAutoCommit(false);
              try (Statement s = c.createStatement()) {
                for (int i = 0; i < NAMES; i++) {
                  s.execute("savepoint sp_" + names.incrementAndGet());
                }
              }
              c.commit();
            });
    // Once to install the extension; then from an empty pg_stat_statements, 2 clients x 3
    // transactions x 5 names: 30 entries, and pgperf's own and BEGIN and COMMIT, within 100.
    GeneratedNamesCaptureTest.run(db, savepoints, 1);
    reset(db);
    within = GeneratedNamesCaptureTest.run(db, savepoints, 3);
    reset(db);
    // 2 clients x 30 transactions x 5 names: 300 distinct texts.
    beyond = GeneratedNamesCaptureTest.run(db, savepoints, 30);
  }

  private static void reset(TestDatabase db) throws Exception {
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute("select pgperf_extensions.pg_stat_statements_reset()"); // pgperf made it there
    }
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  void aRunBeyondPgStatStatementsMaxIsIncompleteAndSaysSo() throws Exception {
    assertThat(beyond.serverWork().statementEvictions()).isPositive();
    assertThat(beyond.serverWork().statementsIncomplete()).isTrue();
    // The counters are short indeed: 300 savepoints ran, at most 100 entries were left to count.
    long counted =
        beyond.serverWork().statementsContaining("SAVEPOINT <name>").stream()
            .mapToLong(s -> s.calls())
            .sum();
    assertThat(within.serverWork().statementsContaining("SAVEPOINT <name>"))
        .singleElement()
        .satisfies(s -> assertThat(s.calls()).isEqualTo(2 * 3 * NAMES));
    assertThat(beyond.totalCounts().processed()).isEqualTo(60);
    assertThat(counted).isLessThan(60L * NAMES);
    assertThat(WorkSummary.lines(beyond))
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith(
                        "per-statement work incomplete: pg_stat_statements evicted its least-used"
                            + " entries ")
                    .contains("raise pg_stat_statements.max"));
    assertThat(
            ResultJson.fromJson(ResultJson.toJson(beyond), "memory")
                .serverWork()
                .statementEvictions())
        .isEqualTo(beyond.serverWork().statementEvictions());
  }

  @Test
  void aRunWithinItIsComplete() {
    assertThat(within.serverWork().statementEvictions()).isZero();
    assertThat(within.serverWork().statementsIncomplete()).isFalse();
    assertThat(WorkSummary.lines(within)).noneMatch(line -> line.contains("incomplete"));
  }
}
