package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.work.WorkPart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Assertions on the server's work, on runs against a cluster of the test's own with
 * pg_stat_statements: the same lookup with and without its index, a sort bigger than {@code
 * work_mem}, and lookups from a Java transaction (whose statements are not planned on PostgreSQL
 * 15).
 */
class WorkAssertionsTest {

  private static final String LOOKUP =
      "select sum(amount) from entry where account_id = :id;\n"
          + "select amount from entry where id = :id;\n";

  private static OwnServer server;

  /** A sort of the whole table: about 1.2 MB of rows, in 64 kB of work_mem. */
  private static final String SORT =
      "set work_mem = '64kB';\n"
          + "select max(r) from (select row_number() over (order by amount desc) r from entry) s;\n";

  private static RunResult indexed;
  private static RunResult unindexed;
  private static RunResult sorted;
  private static RunResult java;

  @BeforeAll
  static void run() throws Exception {
    server = OwnServer.start(Map.of("shared_preload_libraries", "pg_stat_statements"));
    indexed = lookups(server.createDatabase(), true);
    unindexed = lookups(server.createDatabase(), false);
    sorted =
        run(
            entries(server.createDatabase(), true),
            Workload.of(Script.parse("sort.sql", SORT), QueryMode.SIMPLE),
            5);
    java =
        run(
            entries(server.createDatabase(), true),
            Workload.of(
                new JavaTransaction(
                    "lookup",
                    c -> {
                      try (PreparedStatement ps =
                          c.prepareStatement("select amount from entry where account_id = ?")) {
                        ps.setInt(1, 42);
                        try (ResultSet rs = ps.executeQuery()) {
                          rs.next();
                        }
                      }
                    }),
                QueryMode.PREPARED),
            50);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static RunResult lookups(TestDatabase db, boolean index) throws Exception {
    Script script = Script.parse("lookup.sql", "\\set id random(0, 499)\n" + LOOKUP);
    return run(entries(db, index), Workload.of(script, QueryMode.PREPARED), 100);
  }

  private static TestDatabase entries(TestDatabase db, boolean index) throws Exception {
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute("create table entry (id bigserial primary key, account_id int, amount int)");
      s.execute(
          "insert into entry (account_id, amount)"
              + " select g % 500, g from generate_series(1, 50000) g");
      if (index) {
        s.execute("create index entry_account_id_idx on entry (account_id)");
      }
      s.execute("analyze entry");
    }
    return db;
  }

  private static RunResult run(TestDatabase db, Workload workload, int perClient) throws Exception {
    return new Runner(
            db,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            CaptureSettings.defaults().withInstallExtensions(true))
        .run(
            workload,
            RunOptions.builder()
                .clients(2)
                .transactions(perClient)
                .vacuum(VacuumMode.NONE)
                .build());
  }

  @Test
  void aStatementIsPickedByItsTextAndItsPlanAndWorkAsserted() {
    assertThat(indexed)
        .statement("from entry where account_id")
        .usesIndex("entry_account_id_idx")
        .hasNoSequentialScanOn("entry")
        .hasSharedBlocksPerCallAtMost(400);
    assertThat(indexed)
        .statement(Pattern.compile("sum\\(amount\\).*account_id"))
        .usesIndex("entry_account_id_idx");
    assertThat(indexed)
        .hasNoDeadlocks()
        .hasTempBlocksAtMost(0)
        .hasSharedBlocksPerTransactionAtMost(400)
        .hasWalBytesPerTransactionAtMost(0);
  }

  @Test
  void aLostIndexFailsThePlanAndTheWorkWithWhatTheServerDid() {
    assertThatThrownBy(
            () ->
                assertThat(unindexed)
                    .statement("from entry where account_id")
                    .usesIndex("entry_account_id_idx"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to use index:\n  \"entry_account_id_idx\"")
        .hasMessageContaining("Seq Scan on entry");
    assertThatThrownBy(
            () ->
                assertThat(unindexed)
                    .statement("from entry where account_id")
                    .hasNoSequentialScanOn("entry"))
        .hasMessageContaining("to have no sequential scan on:\n  \"entry\"");
    // 50,000 rows in about 270 pages, read whole by every call.
    assertThatThrownBy(
            () ->
                assertThat(unindexed)
                    .statement("from entry where account_id")
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

  @Test
  void runLevelWorkAssertionsAreTheWorkThresholds() {
    assertThat(indexed)
        .hasNoSequentialScanOn("entry")
        .meets("seqscan(entry)=0", "temp=0", "blocks/tx<=400", "wal/tx<=1kB");
    assertThatThrownBy(() -> assertThat(unindexed).hasNoSequentialScanOn("entry"))
        .hasMessageContaining("Expecting statements scanning entry sequentially of run:")
        .hasMessageContaining(
            "to be at most:\n  0\nbut was:\n  1 (of 2 planned statements:"
                + " select sum(amount) from entry where account_id = :id;)");
    assertThatThrownBy(
            () -> assertThat(unindexed).meets("seqscan(entry)=0", "blocks/tx<=100", "temp=0"))
        .hasMessageContaining(
            "to meet:\n  seqscan(entry)=0, blocks/tx<=100, temp=0\n"
                + "but these 2 failed:\n  seqscan(entry)=0: statements scanning entry sequentially"
                + " was 1 (of 2 planned statements: select sum(amount) from entry")
        .hasMessageContaining("  blocks/tx<=100: shared blocks per transaction was ");
  }

  @Test
  void aWorkThresholdOnOneScriptIsNotCheckedTheWorkIsPerRun() {
    assertThatThrownBy(() -> assertThat(indexed).script("lookup.sql").meets("temp=0"))
        .hasMessageContaining(
            "but temp=0 was not checked: the server's work is measured for the"
                + " whole run, not per script or interval");
  }

  @Test
  void aSortBiggerThanWorkMemSpillsTemporaryBlocks() {
    assertThatThrownBy(() -> assertThat(sorted).hasTempBlocksAtMost(0))
        .hasMessageContaining("Expecting temporary blocks of run:")
        .hasMessageContaining("to be at most:\n  0\nbut was:\n  ");
    long temp = sorted.serverWork().statementBlocks().temp();
    org.assertj.core.api.Assertions.assertThat(temp).isPositive();
    assertThat(sorted).hasTempBlocksAtMost(temp).meets("temp<=" + temp);
  }

  @Test
  void javaTransactionsAreNotPlannedSoASequentialScanBanIsNotChecked() {
    assertThatThrownBy(() -> assertThat(java).hasNoSequentialScanOn("entry"))
        .hasMessageContaining(
            "but seqscan(entry)=0 was not checked: the statements of Java"
                + " transactions are not planned");
    // Their work per statement is counted all the same.
    assertThat(java).hasSharedBlocksPerTransactionAtMost(400).hasTempBlocksAtMost(0);
    assertThatThrownBy(() -> assertThat(java).meets("seqscan(entry)=0", "temp=0"))
        .hasMessageContaining(
            "but this one failed:\n  seqscan(entry)=0 not checked: the"
                + " statements of Java transactions are not planned");
  }

  @Test
  void theSharedServerWithoutPgStatStatementsFailsWorkThresholdsAsNotChecked() throws Exception {
    try (TestDatabase plain = TestDatabase.create()) {
      RunResult run =
          new Runner(
                  entries(plain, true),
                  new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                  CaptureSettings.defaults())
              .run(
                  Workload.of(
                      Script.parse("lookup.sql", "\\set id random(0, 499)\n" + LOOKUP),
                      QueryMode.PREPARED),
                  RunOptions.builder().clients(1).transactions(10).vacuum(VacuumMode.NONE).build());
      String why = run.serverWork().whyUnavailable(WorkPart.STATEMENTS);
      org.assertj.core.api.Assertions.assertThat(why).contains("pg_stat_statements");
      assertThatThrownBy(() -> assertThat(run).hasSharedBlocksPerTransactionAtMost(1e9))
          .hasMessageContaining("but blocks/tx<=1000000000 was not checked: " + why);
      assertThatThrownBy(() -> assertThat(run).meets("temp=0"))
          .hasMessageContaining("but temp=0 was not checked: " + why);
    }
  }

  @Test
  void softlyTheStatementsAssertionsAreCollectedTooAndAStatementNotPickedFailsEach() {
    PgPerfSoftAssertions softly = new PgPerfSoftAssertions();
    softly
        .assertThat(unindexed)
        .statement("from entry where account_id")
        .usesIndex("entry_account_id_idx")
        .hasSharedBlocksPerCallAtMost(100);
    softly.assertThat(unindexed).statement("from entry where id").hasSharedBlocksPerCallAtMost(0.5);
    softly.assertThat(unindexed).statement("no such text").usesIndex("entry_pkey");
    softly
        .assertThat(indexed)
        .statement("from entry where account_id")
        .usesIndex("entry_account_id_idx");
    List<AssertionError> errors = softly.assertionErrorsCollected();
    org.assertj.core.api.Assertions.assertThat(errors).hasSize(4);
    org.assertj.core.api.Assertions.assertThat(errors.get(0))
        .hasMessageContaining("to use index:\n  \"entry_account_id_idx\"");
    org.assertj.core.api.Assertions.assertThat(errors.get(1))
        .hasMessageContaining("to touch at most:\n  100.0 shared blocks per call");
    org.assertj.core.api.Assertions.assertThat(errors.get(2))
        .hasMessageContaining("to touch at most:\n  0.5 shared blocks per call");
    org.assertj.core.api.Assertions.assertThat(errors.get(3))
        .hasMessageContaining("Expecting one statement of the run to match:\n  \"no such text\"");
    assertThatThrownBy(softly::assertAll).hasMessageContaining("Multiple Failures (4 failures)");
  }
}
