package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.work.TransactionCounts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The exact counters per transaction asserted on runs against a cluster of the test's own with
 * pg_stat_statements: an order placed in one transaction (a product read, a stock update), the same
 * with its transaction lost (autocommit: a commit per statement), and with an N+1 (the product read
 * once per item of three).
 */
class TransactionCountAssertionsTest {

  private static final String PRODUCT = "from product where id";
  private static final String ORDER =
      "\\set id random(1, 100)\n"
          + "select price from product where id = :id;\n"
          + "update product set stock = stock - 1 where id = :id;\n";

  private static OwnServer server;
  private static RunResult order;
  private static RunResult autocommit;
  private static RunResult nPlusOne;

  @BeforeAll
  static void run() throws Exception {
    server = OwnServer.start(Map.of("shared_preload_libraries", "pg_stat_statements"));
    order = run("order.sql", "begin;\n" + ORDER + "commit;\n");
    autocommit = run("autocommit.sql", ORDER);
    nPlusOne =
        run(
            "n-plus-one.sql",
            "begin;\n"
                + ORDER
                + "select price from product where id = :id + 1;\n"
                + "select price from product where id = :id + 2;\n"
                + "commit;\n");
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static RunResult run(String name, String script) throws Exception {
    TestDatabase db = server.createDatabase();
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute("create table product (id int primary key, price int, stock int)");
      s.execute("insert into product select g, g, 1000000 from generate_series(1, 200) g");
      s.execute("analyze product");
    }
    return new Runner(
            db,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            CaptureSettings.defaults().withInstallExtensions(true))
        .run(
            Workload.of(Script.parse(name, script), QueryMode.PREPARED),
            RunOptions.builder().clients(2).transactions(200).vacuum(VacuumMode.NONE).build());
  }

  @Test
  void aTransactionMeetsItsCountsExactly() {
    assertThat(order)
        .hasStatementsPerTransactionAtMost(2)
        .hasCommitsPerTransaction(1)
        .meets("statements/tx<=2", "commits/tx=1");
    assertThat(order).statement("select price " + PRODUCT).hasCallsPerTransactionAtMost(1);
    TransactionCounts counts =
        TransactionCounts.of(order.serverWork(), order.totalCounts().processed());
    // -t runs have no cut transactions: the server's counts are whole.
    org.assertj.core.api.Assertions.assertThat(counts.statementsPerTransaction()).isEqualTo(2.0);
    org.assertj.core.api.Assertions.assertThat(counts.commitsPerTransaction()).isEqualTo(1.0);
    org.assertj.core.api.Assertions.assertThat(counts.rollbacksPerTransaction()).isZero();
    org.assertj.core.api.Assertions.assertThat(counts.walRecordsPerTransaction())
        .isGreaterThanOrEqualTo(1.0);
  }

  @Test
  void aLostTransactionFailsTheCommitsWithWhatTheServerCounted() {
    assertThat(autocommit).hasStatementsPerTransactionAtMost(2);
    assertThatThrownBy(() -> assertThat(autocommit).hasCommitsPerTransaction(1))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            "to be exactly:\n  1.0 commits\nbut was:\n  2.0 commits (800 commits"
                + " in 400 transactions, equal within 1% for the run's edges)");
  }

  @Test
  void anNPlusOneFailsTheStatementsAndTheCallsOfTheStatement() {
    assertThatThrownBy(() -> assertThat(nPlusOne).hasStatementsPerTransactionAtMost(2))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            "to be at most:\n  2.0 statements\nbut was:\n  4.0 statements"
                + " (1600 statements in 400 transactions)");
    assertThatThrownBy(
            () ->
                assertThat(nPlusOne)
                    .statement("select price " + PRODUCT + " = $1 +")
                    .hasCallsPerTransactionAtMost(1))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            "to be called at most:\n  1.0 times per transaction\nbut it was called:\n  2.0")
        .hasMessageContaining("(800 calls in 400 transactions)");
    assertThat(nPlusOne).hasCommitsPerTransaction(1);
  }
}
