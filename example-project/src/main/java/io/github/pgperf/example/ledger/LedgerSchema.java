package io.github.pgperf.example.ledger;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Creates and upgrades the ledger's tables at startup from the SQL migrations in {@code db/ledger/}
 * on the classpath, in the connection's current schema. Each migration runs once: applied names are
 * kept in {@code ledger_migration}. Safe to call from several instances at once (they queue on an
 * advisory lock).
 */
public final class LedgerSchema {

  /** The migrations, in the order they are applied. Append; never edit an applied one. */
  static final List<String> MIGRATIONS =
      List.of("001-accounts-and-entries.sql", "002-statement-index.sql");

  private LedgerSchema() {}

  /**
   * Applies the migrations not yet applied, in one transaction.
   *
   * @return the names applied by this call
   */
  public static List<String> migrate(DataSource dataSource) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        // Two instances starting together would both see "not applied" without this lock.
        s.execute("SELECT pg_advisory_xact_lock(hashtext('ledger_migration'))");
        s.execute(
            "CREATE TABLE IF NOT EXISTS ledger_migration ("
                + "name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
        List<String> applied = new ArrayList<>();
        for (String name : MIGRATIONS) {
          if (!isApplied(c, name)) {
            s.execute(sql(name));
            try (PreparedStatement p =
                c.prepareStatement("INSERT INTO ledger_migration (name) VALUES (?)")) {
              p.setString(1, name);
              p.executeUpdate();
            }
            applied.add(name);
          }
        }
        c.commit();
        return List.copyOf(applied);
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    }
  }

  private static boolean isApplied(Connection c, String name) throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement("SELECT 1 FROM ledger_migration WHERE name = ?")) {
      p.setString(1, name);
      try (ResultSet r = p.executeQuery()) {
        return r.next();
      }
    }
  }

  private static String sql(String name) {
    String resource = "/db/ledger/" + name;
    try (InputStream in = LedgerSchema.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("migration " + resource + " is not on the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read migration " + resource, e);
    }
  }
}
