package io.github.pgperf.example.ledger;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.junit.LatencyAtMost;
import io.github.pgperf.junit.Load;
import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.NoFailures;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.junit.TpsAtLeast;
import io.github.pgperf.result.RunResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ledger's own workload: its transfer code under load, its hottest query as a pgbench script,
 * and a run at a fixed arrival rate. The tables are made by the application's migrations in the
 * class's schema and filled with a history of entries.
 */
@PgPerfTest
class LedgerPerformanceTest {

  static final int ACCOUNTS = 500;
  static final int ENTRIES_PER_ACCOUNT = 250;

  private static Ledger ledger;

  @BeforeAll
  static void createLedger(DataSource database) throws SQLException {
    LedgerSchema.migrate(database);
    ledger = new Ledger(database);
    try (Connection c = database.getConnection();
        Statement s = c.createStatement()) {
      try (ResultSet r = s.executeQuery("SELECT count(*) FROM account")) {
        r.next();
        if (r.getLong(1) > 0) {
          return; // filled by an earlier run on the same server
        }
      }
      // Each account got ENTRIES_PER_ACCOUNT deposits of 10,000.00, interleaved with the others'.
      s.execute(
          "INSERT INTO account (id, owner, balance) SELECT a, 'owner ' || a, "
              + 1_000_000L * ENTRIES_PER_ACCOUNT
              + " FROM generate_series(1, "
              + ACCOUNTS
              + ") a");
      s.execute("SELECT setval(pg_get_serial_sequence('account', 'id'), " + ACCOUNTS + ")");
      s.execute(
          "INSERT INTO entry (account_id, transfer_id, amount, balance_after, memo)"
              + " SELECT a, nextval('transfer_id_seq'), 1000000, 1000000 * n, 'deposit'"
              + " FROM generate_series(1, "
              + ENTRIES_PER_ACCOUNT
              + ") n,"
              + " generate_series(1, "
              + ACCOUNTS
              + ") a ORDER BY n, a");
      s.execute("ANALYZE account, entry");
    }
  }

  // readme:java-transaction
  @Test
  void transfer(LoadRunner load) {
    RunResult run =
        load.transaction(
                "transfer",
                connection -> {
                  ThreadLocalRandom random = ThreadLocalRandom.current();
                  long from = random.nextLong(1, ACCOUNTS + 1);
                  long to = from % ACCOUNTS + random.nextLong(1, ACCOUNTS); // any account but from
                  ledger.transfer(connection, from, to > ACCOUNTS ? to - ACCOUNTS : to, 1, "load");
                })
            .clients(8)
            .threads(2)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(3))
            .run();

    assertThat(run)
        .hasNoFailures()
        .hasMeanLatencyAtMost(Duration.ofMillis(300))
        .hasLatencyAtMost(99, Duration.ofSeconds(2));
  }

  // /readme:java-transaction

  // readme:script
  @Test
  @Load(
      script = "/queries/statement.sql",
      define = "accounts=" + ACCOUNTS,
      clients = 4,
      threads = 2,
      warmup = "1s",
      duration = "3s")
  @NoFailures
  @TpsAtLeast(50)
  @LatencyAtMost(percentile = 99, limit = "1s")
  void statement() {}

  // /readme:script

  // readme:rate
  @Test
  @Load(
      script = "/queries/statement.sql",
      define = "accounts=" + ACCOUNTS,
      rate = 50,
      clients = 4,
      threads = 2,
      warmup = "1s",
      duration = "4s")
  @NoFailures
  @TpsAtLeast(30)
  @LatencyAtMost(percentile = 99.9, limit = "2s")
  void statementAtFixedRate() {}
  // /readme:rate
}
