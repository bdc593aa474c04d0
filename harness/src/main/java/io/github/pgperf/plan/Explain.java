package io.github.pgperf.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Asks the server how it plans a statement: {@code EXPLAIN (FORMAT JSON, COSTS OFF)} with the
 * parameter values of one execution, so the plan is the custom plan that execution got. The
 * statement is planned, never run.
 */
public final class Explain {

  private Explain() {}

  /**
   * The plan shape of {@code sql} with {@code parameters} bound to its JDBC {@code ?} placeholders
   * in order ({@code script.SqlTemplate#jdbcText()}), sent untyped as the run's own statements send
   * them, so the server infers their types the same way.
   *
   * @throws SQLException when the server cannot plan it (a utility statement such as {@code
   *     VACUUM} has no plan, nor has a statement that refers to a table that does not exist yet)
   */
  public static PlanShape shape(Connection connection, String sql, List<String> parameters)
      throws SQLException {
    try (PreparedStatement explain =
        connection.prepareStatement("EXPLAIN (FORMAT JSON, COSTS OFF) " + sql)) {
      for (int i = 0; i < parameters.size(); i++) {
        explain.setObject(i + 1, parameters.get(i), java.sql.Types.OTHER);
      }
      try (ResultSet rows = explain.executeQuery()) {
        StringBuilder json = new StringBuilder();
        while (rows.next()) {
          json.append(rows.getString(1)).append('\n');
        }
        return PlanShape.fromExplainJson(json.toString());
      }
    }
  }
}
