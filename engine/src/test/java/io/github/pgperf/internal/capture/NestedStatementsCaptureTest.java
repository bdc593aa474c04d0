package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.output.WorkSummary;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.TransactionCounts;
import io.github.pgperf.work.WorkPart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A transaction whose UPDATE fires a trigger that inserts into an audit table, against a cluster of
 * the test's own with {@code pg_stat_statements.track = all}: the trigger's INSERT is a nested
 * statement of its own, with one call per transaction, while the statements the client sent and the
 * blocks and WAL per transaction count each block once (the UPDATE's counters already hold its
 * trigger's). And a database whose {@code pg_stat_statements.track} is {@code top}, as an external
 * server may have it: pgperf leaves the setting alone, sees no nested statement, and says so.
 */
class NestedStatementsCaptureTest {

  private static final int CLIENTS = 2;
  private static final int PER_CLIENT = 150;
  private static final int TRANSACTIONS = CLIENTS * PER_CLIENT;
  private static final String UPDATE = "UPDATE acct SET bal = bal + $1 WHERE id = $2";
  private static final String AUDIT = "insert into audit (acct, bal) values (new.id, new.bal)";

  private static OwnServer server;
  private static RunResult plain;
  private static RunResult audited;
  private static RunResult auditedOnTrackTop;
  private static String saidOnTrackTop;
  private static TestDatabase trackTop;

  @BeforeAll
  static void run() throws Exception {
    server =
        OwnServer.start(
            Map.of(
                "shared_preload_libraries",
                "pg_stat_statements",
                "pg_stat_statements.track",
                "all"));
    plain = run(database(false), new ByteArrayOutputStream());
    audited = run(database(true), new ByteArrayOutputStream());
    trackTop = database(true);
    try (Connection c = trackTop.open();
        Statement s = c.createStatement()) {
      // As an external server may be set: the capture must read it, not change it.
      s.execute("alter database \"" + trackTop.name() + "\" set pg_stat_statements.track = top");
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    auditedOnTrackTop = run(trackTop, err);
    saidOnTrackTop = err.toString(StandardCharsets.UTF_8);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  /** A database of accounts, with an audit trigger on their updates when {@code audited}. */
  private static TestDatabase database(boolean audited) throws Exception {
    TestDatabase db = server.createDatabase();
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute("create table acct (id int primary key, bal int not null)");
      s.execute("insert into acct select g, 0 from generate_series(1, 1000) g");
      s.execute("create table audit (id bigserial primary key, acct int, bal int)");
      if (audited) {
        s.execute(
            "create function audit_it() returns trigger language plpgsql as $$"
                + " begin insert into audit (acct, bal) values (new.id, new.bal); return new; end $$");
        s.execute(
            "create trigger acct_audit after update on acct for each row"
                + " execute function audit_it()");
      }
      s.execute("vacuum analyze acct");
    }
    return db;
  }

  private static RunResult run(TestDatabase db, ByteArrayOutputStream err) throws Exception {
    return new Runner(
            db,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            CaptureSettings.defaults().withInstallExtensions(true))
        .run(
            Workload.of(
                Script.parse(
                    "transfer.sql",
                    "\\set id random(1, 1000)\n"
                        + "begin;\nupdate acct set bal = bal + 1 where id = :id;\ncommit;\n"),
                QueryMode.PREPARED),
            RunOptions.builder()
                .clients(CLIENTS)
                .transactions(PER_CLIENT)
                .vacuum(VacuumMode.NONE)
                .build());
  }

  private static StatementWork one(ServerWork work, String text, boolean nested) {
    List<StatementWork> found =
        work.statements().stream()
            .filter(s -> s.query().equalsIgnoreCase(text) && s.nested() == nested)
            .toList();
    assertThat(found).as("%s (nested %s) in %s", text, nested, work.statements()).hasSize(1);
    return found.get(0);
  }

  @Test
  void theTriggersInsertIsANestedStatementWithOneCallPerTransaction() {
    assertThat(audited.totalCounts().processed()).isEqualTo(TRANSACTIONS);
    ServerWork work = audited.serverWork();
    assertThat(work.nestedStatementsSeen()).isTrue();
    assertThat(work.whyUnavailable(WorkPart.NESTED_STATEMENTS)).isNull();
    StatementWork insert = one(work, AUDIT, true);
    assertThat(insert.calls()).isEqualTo(TRANSACTIONS);
    assertThat(insert.rows()).isEqualTo(TRANSACTIONS);
    TransactionCounts counts = TransactionCounts.of(work, TRANSACTIONS);
    assertThat(counts.callsPerTransaction(insert)).isEqualTo(1.0);
    assertThat(counts.callsPerTransaction("insert into audit")).isEqualTo(1.0);
    assertThat(counts.nestedStatementsPerTransaction()).isEqualTo(1.0);
    // The client sent the same statements: the trigger adds no round trip.
    assertThat(counts.statementsPerTransaction())
        .isEqualTo(1.0)
        .isEqualTo(
            TransactionCounts.of(plain.serverWork(), TRANSACTIONS).statementsPerTransaction());
    assertThat(one(work, UPDATE, false).calls()).isEqualTo(TRANSACTIONS);
    // Without the trigger nothing nested ran, though nested statements were seen.
    assertThat(plain.serverWork().statements()).noneMatch(StatementWork::nested);
    assertThat(
            TransactionCounts.of(plain.serverWork(), TRANSACTIONS).nestedStatementsPerTransaction())
        .isZero();
  }

  @Test
  void blocksAndWalPerTransactionCountTheTriggersWorkOnce() {
    ServerWork work = audited.serverWork();
    StatementWork update = one(work, UPDATE, false);
    StatementWork insert = one(work, AUDIT, true);
    StatementWork plainUpdate = one(plain.serverWork(), UPDATE, false);
    // What the server counts: the UPDATE's counters hold its trigger's INSERT (measured on
    // PostgreSQL 15: 11.9 shared blocks per call with the trigger, 5.0 without, the INSERT 3.8).
    assertThat(update.blocks().sharedAccessed())
        .isGreaterThanOrEqualTo(
            plainUpdate.blocks().sharedAccessed() + insert.blocks().sharedAccessed() * 9 / 10);
    assertThat(update.wal().records()).isGreaterThanOrEqualTo(insert.wal().records());
    // So the sums add the statements the clients sent only.
    long topLevel =
        work.statements().stream()
            .filter(s -> !s.nested())
            .mapToLong(s -> s.blocks().sharedAccessed())
            .sum();
    assertThat(work.statementBlocks().sharedAccessed())
        .isEqualTo(topLevel)
        .isLessThan(topLevel + insert.blocks().sharedAccessed());
    assertThat(work.statementWal().records())
        .isEqualTo(
            work.statements().stream()
                .filter(s -> !s.nested())
                .mapToLong(s -> s.wal().records())
                .sum());
    assertThat(TransactionCounts.of(work, TRANSACTIONS).walRecordsPerTransaction())
        .isEqualTo((double) work.statementWal().records() / TRANSACTIONS);
    assertThat(work.statementCalls())
        .isEqualTo(
            work.statements().stream()
                .filter(s -> !s.nested())
                .mapToLong(StatementWork::calls)
                .sum());
  }

  @Test
  void theResultFileKeepsNestedStatementsAndTheSummaryCountsThemApart() throws Exception {
    ServerWork read = ResultJson.fromJson(ResultJson.toJson(audited), "memory").serverWork();
    assertThat(read.statements()).isEqualTo(audited.serverWork().statements());
    assertThat(read.nestedStatementsSeen()).isTrue();
    // The line counts every statement the clients sent, BEGIN and COMMIT too.
    assertThat(WorkSummary.lines(audited))
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("server work per transaction: ")
                    .endsWith(" 3.0 statements (and 1.0 nested, run by triggers and functions)"));
    assertThat(WorkSummary.lines(plain))
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("server work per transaction: ")
                    .endsWith(" 3.0 statements"));
  }

  @Test
  void onTrackTopTheSettingIsLeftAloneAndTheResultSaysNestedStatementsAreNotSeen()
      throws Exception {
    ServerWork work = auditedOnTrackTop.serverWork();
    assertThat(work.statements()).isNotEmpty().noneMatch(StatementWork::nested);
    assertThat(work.nestedStatementsSeen()).isFalse();
    assertThat(work.whyUnavailable(WorkPart.NESTED_STATEMENTS))
        .isEqualTo(
            "pg_stat_statements.track is top, so the statements functions and triggers run are not"
                + " counted: set pg_stat_statements.track = all in the server's configuration (a"
                + " reload, no restart) to count them");
    assertThat(saidOnTrackTop)
        .contains(
            "pgperf: per-statement work without nested statements:"
                + " pg_stat_statements.track is top");
    assertThat(WorkSummary.lines(auditedOnTrackTop))
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("not captured: ")
                    .contains("nested statements (run by triggers and functions)"));
    assertThat(TransactionCounts.of(work, TRANSACTIONS).nestedStatementsPerTransaction()).isNaN();
    // The per-transaction figures are the same as where nested statements are seen.
    assertThat(TransactionCounts.of(work, TRANSACTIONS).statementsPerTransaction()).isEqualTo(1.0);
    // Read back, the note stays.
    assertThat(
            ResultJson.fromJson(ResultJson.toJson(auditedOnTrackTop), "memory")
                .serverWork()
                .nestedStatementsSeen())
        .isFalse();
    // pgperf did not change it.
    try (Connection c = trackTop.open();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select current_setting('pg_stat_statements.track')")) {
      rs.next();
      assertThat(rs.getString(1)).isEqualTo("top");
    }
  }
}
