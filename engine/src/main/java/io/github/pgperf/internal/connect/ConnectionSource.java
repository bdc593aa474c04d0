package io.github.pgperf.internal.connect;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens new connections to the database under test.
 *
 * <p>Initialization and the load runner open several connections (one per client, or several in
 * parallel for loading data), so they take a source rather than one connection. Implementations
 * must be safe to call from several threads.
 */
@FunctionalInterface
public interface ConnectionSource {

  /** Opens a new connection; the caller closes it. */
  Connection open() throws SQLException;

  /**
   * Where this source connects, for messages: host, port and database, never a password. The
   * default is neutral; implementations should say more.
   */
  default String describe() {
    return "database";
  }
}
