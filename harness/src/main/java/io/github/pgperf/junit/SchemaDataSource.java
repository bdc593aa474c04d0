package io.github.pgperf.junit;

import io.github.pgperf.internal.connect.ConnectionSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A plain, unpooled {@link DataSource} over a connection source, for a test's own setup. Each call
 * opens a new connection, which the caller closes.
 */
final class SchemaDataSource implements DataSource {

  private final ConnectionSource source;
  private PrintWriter logWriter;
  private int loginTimeout;

  SchemaDataSource(ConnectionSource source) {
    this.source = source;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return source.open();
  }

  /** Other credentials than pgperf's are not supported: the server's login is pgperf's choice. */
  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException(
        "pgperf's DataSource logs in as the configured user only");
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    this.logWriter = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("no java.util.logging logger");
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new SQLException("not a wrapper of " + type.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }

  @Override
  public String toString() {
    return "DataSource of " + source.describe();
  }
}
