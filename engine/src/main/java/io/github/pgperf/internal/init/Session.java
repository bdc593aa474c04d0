package io.github.pgperf.internal.init;

import io.github.pgperf.internal.connect.ConnectionSource;
import java.io.PrintStream;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * One connection used the way pgbench uses its: statements run one by one, server notices are
 * printed as libpq prints them, and a failed statement becomes pgbench's {@code query failed: ...}
 * error with the statement as detail.
 */
final class Session implements AutoCloseable {

  private final Connection connection;
  private final PrintStream notices;

  private Session(Connection connection, PrintStream notices) {
    this.connection = connection;
    this.notices = notices;
  }

  /**
   * Opens a connection, turning a failure into pgbench's message: where it tried to connect and the
   * cause.
   */
  static Session open(ConnectionSource source, PrintStream notices) throws InitException {
    try {
      return new Session(source.open(), notices);
    } catch (SQLException e) {
      Throwable root = root(e);
      String message =
          root instanceof UnknownHostException
              ? "could not translate host name \""
                  + root.getMessage()
                  + "\" to address: unknown host"
              : "connection to " + source.describe() + " failed: " + cause(e);
      throw new InitException(message, "could not create connection for initialization", e);
    }
  }

  Connection connection() {
    return connection;
  }

  void execute(String sql) throws InitException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
      printNotices(s.getWarnings());
    } catch (SQLException e) {
      throw failed(sql, e);
    }
  }

  /** Runs a query that returns one number. */
  long queryLong(String sql) throws InitException {
    try (Statement s = connection.createStatement();
        var rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw failed(sql, e);
    }
  }

  /** Runs a query that returns one text value, or {@code null} for no row. */
  String queryText(String sql) throws InitException {
    try (Statement s = connection.createStatement();
        var rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    } catch (SQLException e) {
      throw failed(sql, e);
    }
  }

  static InitException failed(String sql, SQLException e) {
    return new InitException("query failed: " + cause(e), "Query was: " + sql, e);
  }

  private void printNotices(SQLWarning warning) {
    for (SQLWarning w = warning; w != null; w = w.getNextWarning()) {
      ServerErrorMessage m = w instanceof PSQLWarning pw ? pw.getServerErrorMessage() : null;
      if (m != null) {
        notices.println(m.getSeverity() + ":  " + m.getMessage());
      } else {
        notices.println("WARNING:  " + w.getMessage());
      }
    }
  }

  /**
   * The server's own words when it sent an error ({@code ERROR: ...}, {@code FATAL: ...}), else the
   * innermost cause, which for a refused connection is the socket's message.
   */
  static String cause(SQLException e) {
    if (e instanceof PSQLException pe && pe.getServerErrorMessage() != null) {
      ServerErrorMessage m = pe.getServerErrorMessage();
      return m.getSeverity() + ":  " + m.getMessage();
    }
    Throwable t = root(e);
    String message = t.getMessage();
    return message == null ? t.getClass().getSimpleName() : message;
  }

  private static Throwable root(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // Closing after a failure: the failure is what the user needs to see, not this.
    }
  }
}
