package io.github.pgperf.internal.capture;

import io.github.pgperf.result.ServerInfo;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/** Reads the {@link ServerInfo} a result records from the server itself. */
public final class ServerInfoQuery {

  private ServerInfoQuery() {}

  /**
   * The version and the settings that change results, read from a live connection; the connection
   * stays open and unchanged.
   *
   * @throws SQLException when the server cannot be queried
   */
  public static ServerInfo read(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select current_setting('server_version'), current_setting('fsync'),"
                    + " current_setting('synchronous_commit'), current_setting('full_page_writes'),"
                    + " current_setting('shared_buffers'), current_setting('max_connections'),"
                    + " current_setting('wal_level')")) {
      rs.next();
      return new ServerInfo(
          rs.getString(1),
          rs.getString(2),
          rs.getString(3),
          rs.getString(4),
          rs.getString(5),
          rs.getString(6),
          rs.getString(7),
          Map.of(),
          null,
          null);
    }
  }
}
