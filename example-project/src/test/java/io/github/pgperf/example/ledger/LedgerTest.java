package io.github.pgperf.example.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ledger's unit tests, against a real PostgreSQL: an embedded one (zonky), started for this
 * class and removed afterwards, so the tests need nothing installed.
 */
class LedgerTest {

  private static EmbeddedPostgres server;
  private static DataSource database;
  private static Ledger ledger;

  @BeforeAll
  static void startServer() throws Exception {
    server = EmbeddedPostgres.builder().start();
    database = server.getPostgresDatabase();
    assertThat(LedgerSchema.migrate(database)).containsExactlyElementsOf(LedgerSchema.MIGRATIONS);
    ledger = new Ledger(database);
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void migratingAgainAppliesNothing() throws SQLException {
    assertThat(LedgerSchema.migrate(database)).isEmpty();
    assertThat(count("SELECT count(*) FROM ledger_migration")).isEqualTo(2);
  }

  @Test
  void instancesMigratingTogetherApplyEachMigrationOnce() throws Exception {
    try (Connection c = database.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA fresh");
    }
    DataSource fresh = server.getDatabase("postgres", "postgres", Map.of("currentSchema", "fresh"));
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<List<String>>> runs = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        runs.add(pool.submit(() -> LedgerSchema.migrate(fresh)));
      }
      List<String> applied = new ArrayList<>();
      for (Future<List<String>> run : runs) {
        applied.addAll(run.get(10, TimeUnit.MINUTES)); // a limit for a hang, not for a busy machine
      }
      assertThat(applied).containsExactlyInAnyOrderElementsOf(LedgerSchema.MIGRATIONS);
    } finally {
      pool.shutdownNow();
    }
    assertThat(count("SELECT count(*) FROM fresh.ledger_migration")).isEqualTo(2);
  }

  @Test
  void anAccountOpensWithItsDeposit() throws SQLException {
    long id = ledger.openAccount("Ada", 10_000);

    assertThat(ledger.balance(id)).isEqualTo(10_000);
    assertThat(ledger.statement(id, 10))
        .singleElement()
        .satisfies(
            line -> {
              assertThat(line.amount()).isEqualTo(10_000);
              assertThat(line.balanceAfter()).isEqualTo(10_000);
              assertThat(line.memo()).isEqualTo("opening deposit");
            });
  }

  @Test
  void aTransferMovesMoneyAndWritesBothEntries() throws SQLException {
    long ada = ledger.openAccount("Ada", 10_000);
    long bob = ledger.openAccount("Bob", 0);

    ledger.transfer(ada, bob, 2_500, "rent");

    assertThat(ledger.balance(ada)).isEqualTo(7_500);
    assertThat(ledger.balance(bob)).isEqualTo(2_500);
    StatementLine debit = ledger.statement(ada, 1).get(0);
    StatementLine credit = ledger.statement(bob, 1).get(0);
    assertThat(debit.amount()).isEqualTo(-2_500);
    assertThat(debit.balanceAfter()).isEqualTo(7_500);
    assertThat(credit.amount()).isEqualTo(2_500);
    assertThat(credit.transferId()).isEqualTo(debit.transferId());
    assertThat(credit.memo()).isEqualTo("rent");
  }

  @Test
  void aStatementListsTheLatestEntriesFirst() throws SQLException {
    long ada = ledger.openAccount("Ada", 1_000);
    long bob = ledger.openAccount("Bob", 0);
    for (int i = 1; i <= 5; i++) {
      ledger.transfer(ada, bob, i, "payment " + i);
    }

    List<StatementLine> lines = ledger.statement(ada, 3);

    assertThat(lines)
        .extracting(StatementLine::memo)
        .containsExactly("payment 5", "payment 4", "payment 3");
    assertThat(lines).extracting(StatementLine::balanceAfter).containsExactly(985L, 990L, 994L);
  }

  @Test
  void aTransferLargerThanTheBalanceChangesNothing() throws SQLException {
    long ada = ledger.openAccount("Ada", 100);
    long bob = ledger.openAccount("Bob", 0);

    assertThatThrownBy(() -> ledger.transfer(ada, bob, 101, "too much"))
        .isInstanceOf(LedgerException.class)
        .hasMessage("account " + ada + " has 100 cents, less than the 101 to transfer");
    assertThat(ledger.balance(ada)).isEqualTo(100);
    assertThat(ledger.statement(bob, 10)).isEmpty();
  }

  @Test
  void unknownAccountsAndBadAmountsAreRefused() throws SQLException {
    long ada = ledger.openAccount("Ada", 100);

    assertThatThrownBy(() -> ledger.transfer(ada, 999_999, 1, ""))
        .isInstanceOf(LedgerException.class)
        .hasMessage("no account 999999");
    assertThatThrownBy(() -> ledger.balance(999_999)).hasMessage("no account 999999");
    assertThatThrownBy(() -> ledger.transfer(ada, ada, 1, ""))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ledger.transfer(ada, 999_999, 0, ""))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ledger.openAccount("Eve", -1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(ledger.balance(ada)).isEqualTo(100);
  }

  @Test
  void oppositeTransfersAtOnceNeitherDeadlockNorLoseMoney() throws Exception {
    long ada = ledger.openAccount("Ada", 1_000_000);
    long bob = ledger.openAccount("Bob", 1_000_000);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Void>> runs = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        boolean forth = t % 2 == 0;
        runs.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 200; i++) {
                    ledger.transfer(forth ? ada : bob, forth ? bob : ada, 3, "back and forth");
                  }
                  return null;
                }));
      }
      for (Future<Void> run : runs) {
        // A deadlock (40P01) fails here at once, as the ExecutionException of its SQLException;
        // the timeout is for a hang only: 800 contended transfers took 62 s at load 25.
        run.get(10, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(ledger.balance(ada) + ledger.balance(bob)).isEqualTo(2_000_000);
    assertThat(ledger.balance(ada)).isEqualTo(1_000_000);
    assertThat(count("SELECT count(*) FROM entry WHERE memo = 'back and forth'")).isEqualTo(1_600);
  }

  private static long count(String sql) throws SQLException {
    try (Connection c = database.getConnection();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }
}
