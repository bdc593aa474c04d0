package io.github.pgperf.internal.capture;

import io.github.pgperf.plan.PlanShape;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Asks the server how it plans a statement for any parameter values: its <em>generic</em> plan, the
 * one a prepared statement keeps once its plan no longer depends on the values. The statement is
 * prepared under {@code plan_cache_mode = force_generic_plan} and {@code EXPLAIN (FORMAT JSON,
 * COSTS OFF) EXECUTE} is asked with every parameter {@code NULL}, which a generic plan never looks
 * at (PostgreSQL 16's {@code EXPLAIN (GENERIC_PLAN)} says the same in one statement; this works
 * from 12 on). A generic plan depends on the tables and their statistics only, so the same data
 * gives the same plan whichever values a run happened to draw. The statement is planned, never run.
 */
public final class Explain {

  /** The prepared statement's name: one at a time per connection, deallocated after each. */
  private static final String NAME = "pgperf_plan";

  private Explain() {}

  /**
   * The generic plan's shape of {@code sql}, whose parameters are written {@code $1..$n} ({@code
   * script.SqlTemplate#numbered()}) and left untyped, as a run's prepared statements send them, so
   * the server infers their types the same way.
   *
   * @param parameters how many parameters {@code sql} has
   * @throws SQLException when the server cannot plan it (a utility statement such as {@code VACUUM}
   *     has no plan, nor has a statement that refers to a table that does not exist yet)
   */
  public static PlanShape shape(Connection connection, String sql, int parameters)
      throws SQLException {
    try (Statement s = connection.createStatement()) {
      // The text goes to the server as written: no JDBC escapes ({fn ...}) in a script's SQL.
      s.setEscapeProcessing(false);
      s.execute("SET plan_cache_mode = force_generic_plan");
      try {
        s.execute("PREPARE " + NAME + " AS " + sql);
        try (ResultSet rows =
            s.executeQuery(
                "EXPLAIN (FORMAT JSON, COSTS OFF) EXECUTE " + NAME + nulls(parameters))) {
          StringBuilder json = new StringBuilder();
          while (rows.next()) {
            json.append(rows.getString(1)).append('\n');
          }
          return PlanShape.fromExplainJson(json.toString());
        } finally {
          s.execute("DEALLOCATE " + NAME);
        }
      } finally {
        s.execute("RESET plan_cache_mode");
      }
    }
  }

  private static String nulls(int parameters) {
    if (parameters == 0) {
      return "";
    }
    return "(" + "NULL, ".repeat(parameters - 1) + "NULL)";
  }
}
