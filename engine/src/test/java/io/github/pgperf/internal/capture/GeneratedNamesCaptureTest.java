package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.output.WorkSummary;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.StatementWork;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An application whose statements carry names it generates anew (pgjdbc's own savepoints, cursors,
 * prepared statements, temporary tables, SET values), run against a cluster of the test's own with
 * pg_stat_statements: each kind of statement is one statement of the run, with as many calls as the
 * transactions made, however many names they used. And a run that makes more distinct statements
 * than {@code pg_stat_statements.max} keeps is said incomplete, where one that does not is
 * complete.
 */
class GeneratedNamesCaptureTest {

  private static final int CLIENTS = 2;
  private static final int PER_CLIENT = 30;
  private static final int TRANSACTIONS = CLIENTS * PER_CLIENT;

  private static OwnServer server;
  private static RunResult named;

  @BeforeAll
  static void run() throws Exception {
    server = OwnServer.start(Map.of("shared_preload_libraries", "pg_stat_statements"));
    TestDatabase db = server.createDatabase();
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute("create table item (id int primary key, v text)");
      s.execute("insert into item select g, 'v' || g from generate_series(1, 100) g");
    }
    AtomicInteger names = new AtomicInteger();
    named =
        run(
            db,
            new JavaTransaction(
                "order",
                c -> {
                  int n = names.incrementAndGet();
                  c.setAutoCommit(false);
                  try (Statement s = c.createStatement()) {
                    // pgjdbc's own savepoints: SAVEPOINT JDBC_SAVEPOINT_<n>, RELEASE ..., ROLLBACK
                    // TO ...
                    Savepoint kept = c.setSavepoint();
                    s.executeUpdate("update item set v = v where id = " + (n % 100 + 1));
                    c.releaseSavepoint(kept);
                    Savepoint undone = c.setSavepoint();
                    s.executeUpdate("update item set v = 'x' where id = 1");
                    c.rollback(undone);
                    // A SQL cursor of a generated name (setFetchSize uses a portal, not a cursor).
                    s.execute("declare c_" + n + " cursor for select id from item where id <= 20");
                    try (ResultSet rs = s.executeQuery("fetch 10 from c_" + n)) {
                      while (rs.next()) {
                        rs.getInt(1);
                      }
                    }
                    s.execute("close c_" + n);
                    s.execute("prepare s_" + n + " (int) as select v from item where id = $1");
                    try (ResultSet rs =
                        s.executeQuery("execute s_" + n + "(" + (n % 100 + 1) + ")")) {
                      rs.next();
                    }
                    s.execute("deallocate s_" + n);
                    s.execute("set local statement_timeout = " + (10_000 + n));
                    s.execute("create temp table tmp_" + n + " (a int)");
                    s.execute("drop table tmp_" + n);
                  }
                  c.commit();
                }));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static RunResult run(TestDatabase db, JavaTransaction transaction) throws Exception {
    return run(db, transaction, PER_CLIENT);
  }

  /** {@code transaction} on 2 clients, {@code perClient} times each, capturing the work. */
  static RunResult run(TestDatabase db, JavaTransaction transaction, int perClient)
      throws Exception {
    return new Runner(
            db,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            CaptureSettings.defaults().withInstallExtensions(true))
        .run(
            Workload.of(transaction, QueryMode.SIMPLE),
            RunOptions.builder()
                .clients(CLIENTS)
                .transactions(perClient)
                .vacuum(VacuumMode.NONE)
                .build());
  }

  @Test
  void eachKindOfStatementIsOneStatementWithACallPerTransaction() {
    ServerWork work = named.serverWork();
    assertThat(named.totalCounts().processed()).isEqualTo(TRANSACTIONS);

    assertThat(calls(work, "SAVEPOINT <name>")).isEqualTo(2 * TRANSACTIONS);
    assertThat(calls(work, "RELEASE SAVEPOINT <name>")).isEqualTo(TRANSACTIONS);
    assertThat(calls(work, "ROLLBACK TO SAVEPOINT <name>")).isEqualTo(TRANSACTIONS);
    assertThat(calls(work, "DECLARE <name> CURSOR FOR select id from item where id <= 20"))
        .isEqualTo(TRANSACTIONS);
    assertThat(calls(work, "FETCH 10 FROM <name>")).isEqualTo(TRANSACTIONS);
    assertThat(one(work, "FETCH 10 FROM <name>").rows()).isEqualTo(10L * TRANSACTIONS);
    assertThat(calls(work, "CLOSE <name>")).isEqualTo(TRANSACTIONS);
    // pg_stat_statements charges an EXECUTE to its PREPARE's text (and PostgreSQL 15 does not
    // track DEALLOCATE).
    assertThat(calls(work, "PREPARE <name> (int) AS select v from item where id = $1"))
        .isEqualTo(TRANSACTIONS);
    assertThat(calls(work, "SET LOCAL statement_timeout = <value>")).isEqualTo(TRANSACTIONS);
    assertThat(calls(work, "CREATE TEMP TABLE <name> (a int)")).isEqualTo(TRANSACTIONS);
    assertThat(calls(work, "DROP TABLE <name>")).isEqualTo(TRANSACTIONS);
    // No statement keeps a generated name, however many the transactions made.
    assertThat(work.statements())
        .extracting(StatementWork::query)
        .noneMatch(q -> q.matches("(?s).*(JDBC_SAVEPOINT_|c_[0-9]|s_[0-9]|tmp_[0-9]).*"))
        .hasSizeLessThan(20);
    assertThat(work.statementEvictions()).isZero();
  }

  @Test
  void theResultFileAndTheSummaryCountThemAlike() throws Exception {
    ServerWork read = ResultJson.fromJson(ResultJson.toJson(named), "memory").serverWork();
    assertThat(read.statements()).isEqualTo(named.serverWork().statements());
    assertThat(read.statementEvictions()).isZero();
    // Statements per transaction, each round trip counted once: BEGIN, 2 savepoints, 2 updates,
    // the release and the rollback to, the cursor's 3, the prepared statement's execution (the
    // PREPARE and DEALLOCATE are not counted on PostgreSQL 15), SET, CREATE, DROP, COMMIT.
    assertThat(WorkSummary.lines(named)).first().asString().endsWith(", 15.0 statements");
  }

  private static StatementWork one(ServerWork work, String shape) {
    List<StatementWork> found =
        work.statements().stream().filter(s -> s.query().equals(shape)).toList();
    assertThat(found)
        .as("%s among %s", shape, work.statements().stream().map(StatementWork::query).toList())
        .hasSize(1);
    return found.get(0);
  }

  private static long calls(ServerWork work, String shape) {
    return one(work, shape).calls();
  }
}
