package io.github.pgperf.internal.run;

import java.sql.SQLException;

/**
 * The server refused to prepare a statement under {@code -M prepared}. pgbench prints the server's
 * error for the prepare, then fails executing the statement that was never prepared; the client
 * knows the statement's name for that second line.
 */
final class PreparationException extends SQLException {

  private static final long serialVersionUID = 1L;

  PreparationException(SQLException serverError) {
    super(serverError.getMessage(), serverError.getSQLState(), serverError);
  }

  /** The server's error for the prepare. */
  SQLException serverError() {
    return (SQLException) getCause();
  }
}
