package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plans of a run's script commands, asked of a real server with pgbench's tables. */
class ScriptPlansTest {

  @TempDir Path dir;

  @Test
  void everyCommandOfTpcbLikeHasAPlanOrSaysWhyNot() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Pgbench.initialize(db, dir, "-s", "1");
      Workload workload = Workload.of(BuiltinScript.TPCB_LIKE.script(), QueryMode.PREPARED);

      List<StatementPlan> plans;
      long history;
      try (Connection c = db.open()) {
        plans = ScriptPlans.capture(c, workload);
        try (Statement s = c.createStatement();
            ResultSet rows = s.executeQuery("select count(*) from pgbench_history")) {
          rows.next();
          history = rows.getLong(1);
        }
      }

      assertThat(plans)
          .extracting(StatementPlan::sql)
          .containsExactly(
              "BEGIN;",
              "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;",
              "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;",
              "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;",
              "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;",
              "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime)"
                  + " VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);",
              "END;");
      assertThat(plans.get(0).reason()).isEqualTo("\"begin\" has no plan");
      assertThat(plans.get(6).reason()).isEqualTo("\"end\" has no plan");
      assertThat(plans.get(0).utility()).isTrue();
      assertThat(plans.get(1).utility()).isFalse();
      assertThat(plans.get(1).shape().lines())
          .containsExactly(
              "Update on pgbench_accounts",
              "->  Index Scan using pgbench_accounts_pkey on pgbench_accounts");
      assertThat(plans.get(2).shape().scans())
          .containsExactly("Index Scan using pgbench_accounts_pkey on pgbench_accounts");
      assertThat(plans.get(5).shape().lines().get(0)).isEqualTo("Insert on pgbench_history");
      assertThat(plans).extracting(StatementPlan::command).containsExactly(4, 5, 6, 7, 8, 9, 10);
      // Planned, never run.
      assertThat(history).isZero();
    }
  }

  @Test
  void aCommandTheServerCannotPlanAndACompoundCommandSayWhy() throws Exception {
    try (TestDatabase db = TestDatabase.create();
        Connection c = db.open()) {
      Script script =
          Script.parse(
              "own.sql", "select * from no_such_table where id = :id;\nselect 1 \\; select 2;\n");
      List<StatementPlan> plans = ScriptPlans.capture(c, Workload.of(script, QueryMode.SIMPLE));

      assertThat(plans)
          .extracting(StatementPlan::reason)
          .containsExactly(
              "the server could not plan it: ERROR: relation \"no_such_table\" does not exist",
              "a compound command (\\;) is not planned");
      // Neither is a utility command: either might scan a table.
      assertThat(plans).noneMatch(StatementPlan::utility);
    }
  }

  @Test
  void findsTheFirstKeywordAfterCommentsAndParentheses() {
    assertThat(ScriptPlans.firstWord("  -- note\n/* x */ (SELECT 1)")).isEqualTo("select");
    assertThat(ScriptPlans.firstWord("VACUUM t")).isEqualTo("vacuum");
  }
}
