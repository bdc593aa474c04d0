package io.github.pgperf.connect;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * A PostgreSQL server and database given the way pgbench and libpq take them: host, port, user,
 * database name and an optional password.
 *
 * <p>The password is never part of {@link #toString()}, {@link #jdbcUrl()} or {@link #describe()};
 * it is passed to the driver as a connection property only.
 *
 * @param host the server's host name or address
 * @param port the server's TCP port
 * @param user the role to log in as
 * @param database the database name
 * @param password the password, or {@code null} when the server needs none
 * @param connectTimeout how long one connection attempt may take; zero waits without limit
 */
public record ConnectionSpec(
    String host, int port, String user, String database, String password, Duration connectTimeout)
    implements ConnectionSource {

  /** libpq's defaults when neither an option nor an environment variable says otherwise. */
  public static final String DEFAULT_HOST = "localhost";

  public static final int DEFAULT_PORT = 5432;
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  public ConnectionSpec {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("invalid port number: \"" + port + "\"");
    }
  }

  /**
   * Resolves the connection the way libpq does: an explicit value wins, then the environment
   * ({@code PGHOST}, {@code PGPORT}, {@code PGUSER}, {@code PGDATABASE}, {@code PGPASSWORD},
   * {@code PGCONNECT_TIMEOUT}), then the defaults (user: the operating-system user; database: the
   * user name; connect timeout: {@link #DEFAULT_CONNECT_TIMEOUT}, where libpq waits without limit,
   * so that a server that accepts connections but answers nothing cannot hang a run).
   *
   * @param host explicit host, or {@code null}
   * @param port explicit port, or {@code null}
   * @param user explicit user, or {@code null}
   * @param database explicit database, or {@code null}
   * @param env the environment to read, usually {@link System#getenv()}
   * @throws IllegalArgumentException when a port is not a number in 1..65535, or {@code
   *     PGCONNECT_TIMEOUT} not an integer
   */
  public static ConnectionSpec resolve(
      String host, String port, String user, String database, Map<String, String> env) {
    String h = firstNonEmpty(host, env.get("PGHOST"), DEFAULT_HOST);
    String portText = firstNonEmpty(port, env.get("PGPORT"), Integer.toString(DEFAULT_PORT));
    int p;
    try {
      p = Integer.parseInt(portText.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("invalid port number: \"" + portText + "\"");
    }
    String u = firstNonEmpty(user, env.get("PGUSER"), System.getProperty("user.name"));
    String d = firstNonEmpty(database, env.get("PGDATABASE"), u);
    String password = env.get("PGPASSWORD");
    return new ConnectionSpec(h, p, u, d, password, connectTimeout(env.get("PGCONNECT_TIMEOUT")));
  }

  /** libpq's {@code connect_timeout}: seconds, at least 2; zero or negative waits without limit. */
  private static Duration connectTimeout(String text) {
    if (text == null || text.isEmpty()) {
      return DEFAULT_CONNECT_TIMEOUT;
    }
    int seconds;
    try {
      seconds = Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "invalid integer value \"" + text + "\" for connection option \"connect_timeout\"");
    }
    return seconds <= 0 ? Duration.ZERO : Duration.ofSeconds(Math.max(2, seconds));
  }

  /** The same server and user, another database. */
  public ConnectionSpec withDatabase(String otherDatabase) {
    return new ConnectionSpec(host, port, user, otherDatabase, password, connectTimeout);
  }

  /** The JDBC URL of this database, without user or password. */
  public String jdbcUrl() {
    String h = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    return "jdbc:postgresql://" + h + ":" + port + "/" + database;
  }

  @Override
  public Connection open() throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", user);
    if (password != null) {
      props.setProperty("password", password);
    }
    long seconds = connectTimeout.isZero() ? 0 : Math.max(1, connectTimeout.toSeconds());
    props.setProperty("connectTimeout", Long.toString(seconds));
    props.setProperty("loginTimeout", Long.toString(seconds));
    props.setProperty("ApplicationName", "pgperf");
    return DriverManager.getConnection(jdbcUrl(), props);
  }

  @Override
  public String describe() {
    return "server at \"" + host + "\", port " + port + ", database \"" + database + "\"";
  }

  @Override
  public String toString() {
    return "ConnectionSpec[" + user + "@" + host + ":" + port + "/" + database + "]";
  }

  private static String firstNonEmpty(String... values) {
    for (String v : values) {
      if (v != null && !v.isEmpty()) {
        return v;
      }
    }
    return null;
  }
}
