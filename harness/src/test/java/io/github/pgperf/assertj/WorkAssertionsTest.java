package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.run.RunOptions;
import io.github.pgperf.run.Runner;
import io.github.pgperf.run.VacuumMode;
import io.github.pgperf.script.QueryMode;
import io.github.pgperf.script.Script;
import io.github.pgperf.script.Workload;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.work.CaptureSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Assertions on the server's work, on runs against a cluster of the test's own with
 * pg_stat_statements: the same lookup with and without its index.
 */
class WorkAssertionsTest {

  private static final String LOOKUP = "select sum(amount) from entry where account_id = :id;\n"
      + "select amount from entry where id = :id;\n";

  private static OwnServer server;
  private static RunResult indexed;
  private static RunResult unindexed;

  @BeforeAll
  static void run() throws Exception {
    server = OwnServer.start(Map.of("shared_preload_libraries", "pg_stat_statements"));
    indexed = lookups(server.createDatabase(), true);
    unindexed = lookups(server.createDatabase(), false);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static RunResult lookups(TestDatabase db, boolean index) throws Exception {
    try (Connection c = db.open(); Statement s = c.createStatement()) {
      s.execute("create table entry (id bigserial primary key, account_id int, amount int)");
      s.execute("insert into entry (account_id, amount)"
          + " select g % 500, g from generate_series(1, 50000) g");
      if (index) {
        s.execute("create index entry_account_id_idx on entry (account_id)");
      }
      s.execute("analyze entry");
    }
    Script script = Script.parse("lookup.sql", "\\set id random(0, 499)\n" + LOOKUP);
    return new Runner(db, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8), CaptureSettings.defaults().withInstallExtensions(true))
        .run(Workload.of(script, QueryMode.PREPARED),
            RunOptions.builder().clients(2).transactions(100).vacuum(VacuumMode.NONE).build());
  }

  @Test
  void aStatementIsPickedByItsTextAndItsPlanAndWorkAsserted() {
    assertThat(indexed).statement("from entry where account_id")
        .usesIndex("entry_account_id_idx")
        .hasNoSequentialScanOn("entry")
        .hasSharedBlocksPerCallAtMost(400);
    assertThat(indexed).statement(Pattern.compile("sum\\(amount\\).*account_id"))
        .usesIndex("entry_account_id_idx");
    assertThat(indexed).hasNoDeadlocks().hasTempBlocksAtMost(0)
        .hasSharedBlocksPerTransactionAtMost(400).hasWalBytesPerTransactionAtMost(0);
  }

  @Test
  void aLostIndexFailsThePlanAndTheWorkWithWhatTheServerDid() {
    assertThatThrownBy(() -> assertThat(unindexed).statement("from entry where account_id")
        .usesIndex("entry_account_id_idx"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to use index:\n  \"entry_account_id_idx\"")
        .hasMessageContaining("Seq Scan on entry");
    assertThatThrownBy(() -> assertThat(unindexed).statement("from entry where account_id")
        .hasNoSequentialScanOn("entry"))
        .hasMessageContaining("to have no sequential scan on:\n  \"entry\"");
    // 50,000 rows in about 270 pages, read whole by every call.
    assertThatThrownBy(() -> assertThat(unindexed).statement("from entry where account_id")
        .hasSharedBlocksPerCallAtMost(100))
        .hasMessageContaining("to touch at most:\n  100.0 shared blocks per call");
    assertThatThrownBy(() -> assertThat(unindexed).hasSharedBlocksPerTransactionAtMost(100))
        .hasMessageContaining("shared blocks per transaction");
  }

  @Test
  void aSelectorMatchingNoneOrSeveralStatementsListsThem() {
    assertThatThrownBy(() -> assertThat(indexed).statement("no such text"))
        .hasMessageContaining("Expecting one statement of the run to match:\n  \"no such text\"")
        .hasMessageContaining("none did")
        .hasMessageContaining("from entry where account_id = $1");
    assertThatThrownBy(() -> assertThat(indexed).statement(Pattern.compile("from entry where")))
        .hasMessageContaining("but 2 did: [");
  }
}
