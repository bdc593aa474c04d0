package io.github.pgperf.internal.run;

import io.github.pgperf.result.RunSettings;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What pgbench does with its tables before a run: finds the scale and the partitioning of
 * pgbench_accounts for built-in scripts, and vacuums ({@code -n}, default, {@code -v}).
 */
final class BenchmarkTables {

  private BenchmarkTables() {}

  /** The scale and partitioning found in the tables. */
  record Found(int scale, RunSettings.Partitioning partitioning) {}

  /**
   * Reads the scale from pgbench_branches and the partitioning of pgbench_accounts.
   *
   * @throws RunException pgbench's {@code could not count number of branches} with its hint
   */
  static Found discover(Connection connection) throws RunException, SQLException {
    int scale;
    String count = "select count(*) from pgbench_branches";
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(count)) {
      rs.next();
      scale = rs.getInt(1);
    } catch (SQLException e) {
      String hint = null;
      if ("42P01".equals(e.getSQLState())) {
        hint =
            "Perhaps you need to do initialization (\"pgbench -i\") in database \""
                + database(connection)
                + "\".";
      }
      throw new RunException(
          "could not count number of branches: " + ErrorMessage.of(e, count), hint);
    }
    if (scale == 0) {
      throw new RunException("invalid count(*) from pgbench_branches", null);
    }
    // The first pgbench_accounts on the search path: its partition strategy and partitions.
    String sql =
        "select p.partstrat, (select count(*) from pg_catalog.pg_inherits i"
            + " where i.inhparent = c.oid)"
            + " from pg_catalog.pg_class c"
            + " join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
            + " left join pg_catalog.pg_partitioned_table p on p.partrelid = c.oid"
            + " where c.relname = 'pgbench_accounts'"
            + " and pg_catalog.array_position(pg_catalog.current_schemas(true), n.nspname) is not null"
            + " order by pg_catalog.array_position(pg_catalog.current_schemas(true), n.nspname)"
            + " limit 1";
    RunSettings.Partitioning partitioning = null;
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      if (rs.next() && rs.getString(1) != null) {
        String method =
            switch (rs.getString(1)) {
              case "r" -> "range";
              case "h" -> "hash";
              default -> rs.getString(1);
            };
        partitioning = new RunSettings.Partitioning(method, rs.getInt(2));
      }
    }
    return new Found(scale, partitioning);
  }

  private static String database(Connection connection) {
    try {
      return connection.getCatalog();
    } catch (SQLException e) {
      return "";
    }
  }

  /** pgbench's vacuum before a run; errors are printed and ignored, as pgbench does. */
  static void vacuum(Connection connection, VacuumMode mode, Messages err) {
    if (mode == VacuumMode.NONE) {
      return;
    }
    err.raw("starting vacuum...");
    tryStatement(connection, "vacuum pgbench_branches", err);
    tryStatement(connection, "vacuum pgbench_tellers", err);
    tryStatement(connection, "truncate pgbench_history", err);
    err.rawLine("end.");
    if (mode == VacuumMode.ALL) {
      err.raw("starting vacuum pgbench_accounts...");
      tryStatement(connection, "vacuum analyze pgbench_accounts", err);
      err.rawLine("end.");
    }
  }

  private static void tryStatement(Connection connection, String sql, Messages err) {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      err.error(ErrorMessage.of(e, sql));
      err.detail("(ignoring this error and continuing anyway)");
    }
  }
}
