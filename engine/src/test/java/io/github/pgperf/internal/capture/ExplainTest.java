package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.plan.PlanShape;
import io.github.pgperf.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Generic plans asked of the real server: a lost index shows, and values play no part. */
class ExplainTest {

  private static final String QUERY = "select sum(amount) from entry where account_id = $1";

  private static void ledger(Connection c, boolean index) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("create table entry (id bigserial primary key, account_id int, amount int)");
      s.execute(
          "insert into entry (account_id, amount)"
              + " select g % 1000, g from generate_series(1, 20000) g");
      if (index) {
        s.execute("create index entry_account_id_idx on entry (account_id)");
      }
      s.execute("analyze entry");
    }
  }

  @Test
  void aLostIndexChangesTheShapeAndEqualSchemasGiveEqualShapes() throws Exception {
    PlanShape indexed;
    PlanShape indexedAgain;
    PlanShape unindexed;
    try (TestDatabase a = TestDatabase.create();
        TestDatabase b = TestDatabase.create();
        TestDatabase c = TestDatabase.create();
        Connection ca = a.open();
        Connection cb = b.open();
        Connection cc = c.open()) {
      ledger(ca, true);
      ledger(cb, true);
      ledger(cc, false);
      indexed = Explain.shape(ca, QUERY, 1);
      indexedAgain = Explain.shape(cb, QUERY, 1);
      unindexed = Explain.shape(cc, QUERY, 1);
    }

    // an index scan, or a bitmap heap scan fed by a bitmap index scan: either way the index
    assertThat(indexed.scans())
        .anyMatch(s -> s.matches("(Bitmap Index Scan on|Index Scan using) entry_account_id_idx.*"))
        .noneMatch(s -> s.startsWith("Seq Scan"));
    assertThat(indexedAgain).isEqualTo(indexed);
    assertThat(unindexed.scans()).containsExactly("Seq Scan on entry");
    assertThat(unindexed.hash()).isNotEqualTo(indexed.hash());
  }

  @Test
  void plansWithoutRunningTheStatement() throws Exception {
    try (TestDatabase db = TestDatabase.create();
        Connection c = db.open()) {
      ledger(c, true);
      PlanShape delete = Explain.shape(c, "delete from entry where account_id = $1", 1);

      assertThat(delete.lines().get(0)).isEqualTo("Delete on entry");
      try (Statement s = c.createStatement();
          var rows = s.executeQuery("select count(*) from entry where account_id = 7")) {
        rows.next();
        assertThat(rows.getLong(1)).isEqualTo(20);
      }
    }
  }

  @Test
  void aStatementWithoutAPlanIsTheServersError() throws Exception {
    try (TestDatabase db = TestDatabase.create();
        Connection c = db.open()) {
      assertThatThrownBy(() -> Explain.shape(c, "select * from no_such_table", 0))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("relation \"no_such_table\" does not exist");
    }
  }
}
