package io.github.pgperf.junit;

import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Test classes with declared work thresholds that {@link DeclaredWorkThresholdsTest} runs through
 * EngineTestKit against a cluster of its own with pg_stat_statements; see {@link Fixture}. Each
 * class has its own table {@code entry} (in its own schema), made by its {@code @BeforeEach}.
 */
final class WorkThresholdFixtures {

  private WorkThresholdFixtures() {}

  /**
   * Makes the class's table {@code entry} once: 50,000 rows over 500 accounts, with an index on the
   * account or without.
   */
  static void entries(DataSource source, boolean index) throws SQLException {
    try (Connection c = source.getConnection();
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("select to_regclass('entry') is not null")) {
        rs.next();
        if (rs.getBoolean(1)) {
          return;
        }
      }
      s.execute("create table entry (id bigserial primary key, account_id int, amount int)");
      s.execute(
          "insert into entry (account_id, amount)"
              + " select g % 500, g from generate_series(1, 50000) g");
      if (index) {
        s.execute("create index entry_account_id_idx on entry (account_id)");
      }
      s.execute("analyze entry");
    }
  }

  /** Lookups by account with its index: every work threshold met. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Indexed {
    @BeforeEach
    void table(DataSource source) throws SQLException {
      entries(source, true);
    }

    @Test
    @Load(
        script = "/queries/entry-lookup.sql",
        clients = 2,
        transactionsPerClient = 50,
        vacuum = false)
    @NoSequentialScanOn(table = {"entry", "account"})
    @SharedBlocksPerTransactionAtMost(200)
    @TempBlocksAtMost(0)
    @WalBytesPerTransactionAtMost(8192)
    void lookups(RunResult run) {
      DeclaredFixtures.add("Indexed", run);
    }
  }

  /**
   * The lookup declared as if it were a transaction of two statements each committing on its own
   * (one statement, one commit a transaction in fact): both counts fail.
   */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Miscounted {
    @BeforeEach
    void table(DataSource source) throws SQLException {
      entries(source, true);
    }

    @Test
    @Load(
        script = "/queries/entry-lookup.sql",
        clients = 2,
        transactionsPerClient = 50,
        vacuum = false)
    @StatementsPerTransactionAtMost(0.5)
    @CommitsPerTransaction(2)
    void lookups(RunResult run) {
      DeclaredFixtures.add("Miscounted", run);
    }
  }

  /** The lookup as it is: one statement, one commit a transaction. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Counted {
    @BeforeEach
    void table(DataSource source) throws SQLException {
      entries(source, true);
    }

    @Test
    @Load(
        script = "/queries/entry-lookup.sql",
        clients = 2,
        transactionsPerClient = 50,
        vacuum = false)
    @StatementsPerTransactionAtMost(1)
    @CommitsPerTransaction(1)
    void lookups(RunResult run) {
      DeclaredFixtures.add("Counted", run);
    }
  }

  /** The same lookups without the index: each reads the table whole. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Unindexed {
    @BeforeEach
    void table(DataSource source) throws SQLException {
      entries(source, false);
    }

    @Test
    @Load(
        script = "/queries/entry-lookup.sql",
        clients = 2,
        transactionsPerClient = 50,
        vacuum = false)
    @NoSequentialScanOn(table = {"entry", "account"})
    @SharedBlocksPerTransactionAtMost(200)
    @TempBlocksAtMost(0)
    void lookups(RunResult run) {
      DeclaredFixtures.add("Unindexed", run);
    }
  }

  /** Makes the class's table {@code counter} once: 100 rows. */
  static void counters(DataSource source) throws SQLException {
    try (Connection c = source.getConnection();
        Statement s = c.createStatement()) {
      s.execute("create table if not exists counter (id int primary key, n bigint not null)");
      s.execute(
          "insert into counter select g, 0 from generate_series(1, 100) g"
              + " on conflict do nothing");
    }
  }

  /**
   * Four clients updating one row and holding it 2 ms: they queue on its lock, and a transaction
   * costs the server more than a microsecond of CPU. Both ceilings fail.
   */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class HotRow {
    @BeforeEach
    void table(DataSource source) throws SQLException {
      counters(source);
    }

    @Test
    @Load(
        script = "/queries/counter-hot.sql",
        clients = 4,
        threads = 4,
        transactionsPerClient = 20,
        vacuum = false)
    @LockWaitPerTransactionAtMost("100us")
    @ServerCpuPerTransactionAtMost("1us")
    void orders(RunResult run) {
      DeclaredFixtures.add("HotRow", run);
    }
  }

  /** Each client its own row: no lock wait, and the server's CPU far below a second. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class OwnRows {
    @BeforeEach
    void table(DataSource source) throws SQLException {
      counters(source);
    }

    @Test
    @Load(
        script = "/queries/counter-own.sql",
        clients = 4,
        threads = 4,
        transactionsPerClient = 20,
        vacuum = false)
    @LockWaitPerTransactionAtMost("100us")
    @ServerCpuPerTransactionAtMost("1s")
    void orders(RunResult run) {
      DeclaredFixtures.add("OwnRows", run);
    }
  }

  /** Ceilings that are no durations. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class BadCeilings {
    @Test
    @Load(script = "/queries/entry-lookup.sql", transactionsPerClient = 1, vacuum = false)
    @LockWaitPerTransactionAtMost("1 fortnight")
    void lockWait() {}

    @Test
    @Load(script = "/queries/entry-lookup.sql", transactionsPerClient = 1, vacuum = false)
    @ServerCpuPerTransactionAtMost("-2ms")
    void serverCpu() {}
  }

  /** A sort bigger than work_mem. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Sorting {
    @BeforeEach
    void table(DataSource source) throws SQLException {
      entries(source, true);
    }

    @Test
    @Load(script = "/queries/entry-sort.sql", transactionsPerClient = 3, vacuum = false)
    @TempBlocksAtMost(0)
    void sort() {
      DeclaredFixtures.add("Sorting", true);
    }
  }

  /** Values no work threshold can have. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class BadValues {
    @Test
    @Load(script = "/queries/entry-lookup.sql", transactionsPerClient = 1, vacuum = false)
    @NoSequentialScanOn(table = "public.entry")
    void schemaQualified() {}

    @Test
    @Load(script = "/queries/entry-lookup.sql", transactionsPerClient = 1, vacuum = false)
    @NoSequentialScanOn(table = {})
    void noTable() {}

    @Test
    @Load(script = "/queries/entry-lookup.sql", transactionsPerClient = 1, vacuum = false)
    @TempBlocksAtMost(-1)
    void negativeTemp() {}

    @Test
    @Load(script = "/queries/entry-lookup.sql", transactionsPerClient = 1, vacuum = false)
    @SharedBlocksPerTransactionAtMost(Double.NaN)
    void notANumber() {}
  }
}
