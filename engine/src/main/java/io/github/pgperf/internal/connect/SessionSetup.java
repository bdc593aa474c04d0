package io.github.pgperf.internal.connect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Connections of another source with one statement run on each as it opens, such as a {@code set}
 * of a session setting.
 *
 * @param source opens the connections
 * @param sql run once on every new connection; a failure closes it and is thrown
 * @param description what {@link #describe()} says
 */
public record SessionSetup(ConnectionSource source, String sql, String description)
    implements ConnectionSource {

  @Override
  public Connection open() throws SQLException {
    Connection c = source.open();
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return c;
  }

  @Override
  public String describe() {
    return description;
  }
}
