package io.github.pgperf.testing;

import io.github.pgperf.internal.connect.ConnectionSource;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * A database of a test's own on the test server: created on {@link #create()}, dropped on {@link
 * #close()}, so tests never disturb each other or anything else on the server.
 *
 * <p>The server comes from {@code PGPERF_TEST_URL} (default {@value #DEFAULT_URL}); the URL's
 * database is only used to create and drop the test's database.
 */
public final class TestDatabase implements AutoCloseable, ConnectionSource {

  public static final String DEFAULT_URL =
      "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres";

  private final String adminUrl;
  private final String name;
  private final String url;

  private TestDatabase(String adminUrl, String name) {
    this.adminUrl = adminUrl;
    this.name = name;
    this.url = replaceDatabase(adminUrl, name);
  }

  /** Creates a new, empty database with a unique name. */
  public static TestDatabase create() throws SQLException {
    return createOn(adminUrl());
  }

  /** Creates a new, empty database with a unique name on the server of {@code admin}. */
  public static TestDatabase createOn(String admin) throws SQLException {
    String name = "pgperf_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(admin);
        Statement s = c.createStatement()) {
      s.execute("create database " + name);
    }
    return new TestDatabase(admin, name);
  }

  /**
   * Creates a new, empty database in {@code encoding} ({@code LATIN1}, {@code SQL_ASCII}, ...),
   * with the C locale, which suits every encoding.
   */
  public static TestDatabase create(String encoding) throws SQLException {
    String admin = adminUrl();
    String name = "pgperf_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(admin);
        Statement s = c.createStatement()) {
      s.execute(
          "create database "
              + name
              + " encoding '"
              + encoding.replace("'", "''")
              + "' lc_collate 'C' lc_ctype 'C' template template0");
    }
    return new TestDatabase(admin, name);
  }

  /** The server's URL as the tests are told it. */
  public static String adminUrl() {
    String env = System.getenv("PGPERF_TEST_URL");
    return env == null || env.isBlank() ? DEFAULT_URL : env;
  }

  /** The database's name. */
  public String name() {
    return name;
  }

  /** A JDBC URL of this database, with the user of the admin URL. */
  public String url() {
    return url;
  }

  /** The server's host, as pgbench's {@code -h} takes it. */
  public String host() {
    return URI.create(url.substring("jdbc:".length())).getHost();
  }

  /** The server's port, as pgbench's {@code -p} takes it. */
  public int port() {
    int port = URI.create(url.substring("jdbc:".length())).getPort();
    return port < 0 ? 5432 : port;
  }

  /** The user in the admin URL's query, as pgbench's {@code -U} takes it. */
  public String user() {
    String query = URI.create(url.substring("jdbc:".length())).getQuery();
    if (query != null) {
      for (String part : query.split("&")) {
        if (part.toLowerCase(Locale.ROOT).startsWith("user=")) {
          return part.substring(5);
        }
      }
    }
    return "postgres";
  }

  @Override
  public Connection open() throws SQLException {
    return DriverManager.getConnection(url);
  }

  @Override
  public String describe() {
    return "test database \"" + name + "\"";
  }

  @Override
  public void close() throws SQLException {
    try (Connection c = DriverManager.getConnection(adminUrl);
        Statement s = c.createStatement()) {
      s.execute("drop database if exists " + name + " with (force)");
    }
  }

  private static String replaceDatabase(String jdbcUrl, String database) {
    int schemeEnd = jdbcUrl.indexOf("//");
    int pathStart = jdbcUrl.indexOf('/', schemeEnd + 2);
    int queryStart = jdbcUrl.indexOf('?', pathStart);
    String query = queryStart < 0 ? "" : jdbcUrl.substring(queryStart);
    return jdbcUrl.substring(0, pathStart + 1) + database + query;
  }
}
