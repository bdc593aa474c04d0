package io.github.pgperf.work;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class TransactionCountsTest {

  @Test
  void transactionControlIsNotAStatementOfTheTransaction() {
    for (String control :
        List.of(
            "BEGIN",
            "begin",
            "START TRANSACTION ISOLATION LEVEL $1",
            "COMMIT",
            "commit;",
            "END",
            "ROLLBACK",
            "rollback work",
            "ABORT",
            "PREPARE TRANSACTION $1")) {
      assertThat(TransactionCounts.transactionControl(control)).as(control).isTrue();
    }
    for (String work :
        List.of(
            "ROLLBACK TO SAVEPOINT a",
            "rollback to a",
            "SAVEPOINT a",
            "SELECT 1",
            "begin_work()",
            "UPDATE commits SET n = n + $1",
            "endpoint")) {
      assertThat(TransactionCounts.transactionControl(work)).as(work).isFalse();
    }
  }

  @Test
  void countsPerTransactionFromTheServersCounters() {
    ServerWork full = SampleWork.full(2);
    ServerWork work =
        new ServerWork(
            full.windowSeconds(),
            List.of(
                SampleWork.statement("SELECT abalance FROM pgbench_accounts WHERE aid = $1", 2),
                SampleWork.statement(
                    "UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2", 4),
                SampleWork.statement("BEGIN", 2),
                SampleWork.statement("COMMIT", 2)),
            full.database(),
            full.wal(),
            full.checkpoints(),
            full.waits(),
            full.cpu(),
            List.of());
    // 200 SELECTs, 400 UPDATEs, 200 BEGINs and COMMITs; 200 commits, 2 rollbacks in the database
    TransactionCounts counts = TransactionCounts.of(work, 200);
    assertThat(counts.statementsPerTransaction()).isEqualTo(3.0);
    assertThat(counts.callsPerTransaction("UPDATE pgbench_accounts")).isEqualTo(2.0);
    assertThat(counts.callsPerTransaction("pgbench_accounts")).isEqualTo(3.0);
    assertThat(counts.callsPerTransaction("nothing like it")).isZero();
    assertThat(counts.commitsPerTransaction()).isEqualTo(1.0);
    assertThat(counts.rollbacksPerTransaction()).isEqualTo(0.01);
    // WAL records: 2 + 4 + 2 + 2 per statement entry
    assertThat(counts.walRecordsPerTransaction()).isCloseTo(10.0 / 200, within(1e-12));
  }

  @Test
  void withoutTheCountersOrTransactionsThereIsNoFigure() {
    ServerWork partial = SampleWork.partial(1);
    TransactionCounts none = TransactionCounts.of(partial, 100);
    assertThat(none.statementsPerTransaction()).isNaN();
    assertThat(none.callsPerTransaction("SELECT")).isNaN();
    assertThat(none.walRecordsPerTransaction()).isNaN();
    assertThat(none.commitsPerTransaction()).isEqualTo(1.0);
    assertThat(TransactionCounts.of(SampleWork.full(1), 0).commitsPerTransaction()).isNaN();
  }

  @Test
  void theEdgeIsOneTransactionPerClientAtEachEnd() {
    assertThat(TransactionCounts.edge(4, 8000)).isEqualTo(0.001);
    assertThat(TransactionCounts.edge(1, 1000)).isEqualTo(0.002);
    assertThat(TransactionCounts.edge(10, 5)).isEqualTo(1.0);
    assertThat(TransactionCounts.edge(1, 0)).isEqualTo(1.0);
  }
}
