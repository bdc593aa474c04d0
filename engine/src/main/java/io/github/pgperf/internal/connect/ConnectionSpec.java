package io.github.pgperf.internal.connect;

import io.github.pgperf.result.Target;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;

/**
 * A PostgreSQL server and database as libpq and pgbench take them: host (a name, an address, or a
 * socket directory: a path starting with {@code /}), port, user, database name, an optional
 * password, the connect timeout, and what else the connection string said, as pgjdbc's connection
 * properties.
 *
 * <p>Connections are opened with {@code DriverManager.getConnection("jdbc:postgresql://",
 * properties)}: host, port and database go to pgjdbc as its {@code PGHOST}, {@code PGPORT} and
 * {@code PGDBNAME} properties, so no name is ever pasted into a URL, and pgjdbc reads {@code
 * PGPASSFILE} or {@code ~/.pgpass} itself when no password is given. The password is never part of
 * {@link #toString()}, {@link #jdbcUrl()}, {@link #describe()} or {@link #target()}.
 *
 * @param host the server's host name or address, or the directory of its Unix-domain socket
 * @param port the server's port (TCP, or the number in the socket's file name)
 * @param user the role to log in as
 * @param database the database name
 * @param password the password, or {@code null} for pgjdbc's password file lookup or none
 * @param connectTimeout how long one connection attempt may take; zero waits without limit
 * @param driverProperties further pgjdbc connection properties (sslmode, options ...)
 * @param clientEncoding libpq's {@code client_encoding} ({@code PGCLIENTENCODING}), or {@code
 *     null}: pgjdbc always talks UTF8, so a run honours it by reading its scripts' bytes in it
 *     ({@code RunOptions.clientEncoding}), as the server would read what libpq sends
 */
public record ConnectionSpec(
    String host,
    int port,
    String user,
    String database,
    String password,
    Duration connectTimeout,
    Map<String, String> driverProperties,
    String clientEncoding)
    implements ConnectionSource {

  /** libpq's host when no socket directory holds the server's socket. */
  public static final String DEFAULT_HOST = "localhost";

  public static final int DEFAULT_PORT = 5432;

  /**
   * How long connecting may take when {@code PGCONNECT_TIMEOUT} (or {@code connect_timeout}) is not
   * set. libpq waits without limit; pgperf gives a server that accepts connections and answers
   * nothing this long, so that it cannot hang a run, and a loaded machine this much slack.
   */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(60);

  /** junixsocket's factory that connects every socket to the file named by its argument. */
  static final String SOCKET_FACTORY = "org.newsclub.net.unix.AFUNIXSocketFactory$FactoryArg";

  /** Properties set from this record's components; the driver properties may not set them. */
  private static final Set<String> RESERVED =
      Set.of("PGHOST", "PGPORT", "PGDBNAME", "user", "password");

  public ConnectionSpec {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("invalid port number: \"" + port + "\"");
    }
    for (String name : driverProperties.keySet()) {
      if (RESERVED.contains(name)) {
        throw new IllegalArgumentException("driver property " + name + " is set by pgperf");
      }
    }
    driverProperties = Collections.unmodifiableMap(new LinkedHashMap<>(driverProperties));
  }

  /** A connection in the client encoding of the database. */
  public ConnectionSpec(
      String host,
      int port,
      String user,
      String database,
      String password,
      Duration connectTimeout,
      Map<String, String> driverProperties) {
    this(host, port, user, database, password, connectTimeout, driverProperties, null);
  }

  /** A connection with pgjdbc's defaults for everything but these. */
  public ConnectionSpec(
      String host,
      int port,
      String user,
      String database,
      String password,
      Duration connectTimeout) {
    this(host, port, user, database, password, connectTimeout, Map.of());
  }

  /**
   * Resolves a connection the way pgbench and libpq do from pgbench's {@code -h}, {@code -p},
   * {@code -U} and database argument: the database argument may be a libpq connection string (a
   * {@code postgresql://} URI, or {@code keyword=value} pairs) whose values override the options;
   * then libpq's environment variables ({@code PGHOST}, {@code PGPORT}, {@code PGUSER}, {@code
   * PGDATABASE}, {@code PGPASSWORD}, {@code PGCONNECT_TIMEOUT}, {@code PGSSLMODE}, {@code
   * PGAPPNAME} ...) fill what is still unset, then libpq's defaults. Without a database argument
   * the database is pgbench's: {@code PGDATABASE}, else {@code PGUSER}, else the operating-system
   * user. Without {@code PGCONNECT_TIMEOUT} the timeout is {@link #DEFAULT_CONNECT_TIMEOUT}.
   *
   * @param host {@code -h}, or {@code null}
   * @param port {@code -p}, or {@code null}
   * @param user {@code -U}, or {@code null}
   * @param database the database argument, or {@code null}
   * @param env the environment to read, usually {@link System#getenv()}
   * @throws ConnectionStringException with libpq's message when a value is invalid or a connection
   *     string malformed, or naming what pgjdbc cannot honour
   */
  public static ConnectionSpec resolve(
      String host, String port, String user, String database, Map<String, String> env) {
    ConnectionParameters parameters = new ConnectionParameters();
    parameters.set(Keyword.HOST, host);
    parameters.set(Keyword.PORT, port);
    parameters.set(Keyword.USER, user);
    String dbName =
        database != null
            ? database
            : firstNonEmpty(
                env.get("PGDATABASE"), env.get("PGUSER"), System.getProperty("user.name"));
    if (dbName != null && ConnectionString.recognized(dbName)) {
      parameters.setAll(ConnectionString.parse(dbName));
    } else {
      parameters.set(Keyword.DBNAME, dbName);
    }
    // After the database, as pgbench passes it: a connection string cannot override it.
    parameters.set(Keyword.FALLBACK_APPLICATION_NAME, "pgperf");
    parameters.fillFromEnvironment(env);
    return parameters.toSpec(DEFAULT_CONNECT_TIMEOUT);
  }

  /**
   * libpq's {@code PGCONNECT_TIMEOUT} from {@code env} (whole seconds, at least 2, zero or less for
   * no limit), or {@code otherwise} when it is not set.
   *
   * @throws ConnectionStringException when it is not an integer, naming the variable
   */
  public static Duration connectTimeout(Map<String, String> env, Duration otherwise) {
    String text = env.get("PGCONNECT_TIMEOUT");
    if (text == null) {
      return otherwise;
    }
    try {
      return ConnectionParameters.connectTimeout(text);
    } catch (ConnectionStringException e) {
      throw new ConnectionStringException(
          "environment variable PGCONNECT_TIMEOUT: " + e.getMessage());
    }
  }

  /** The same server and user, another database. */
  public ConnectionSpec withDatabase(String otherDatabase) {
    return new ConnectionSpec(
        host,
        port,
        user,
        otherDatabase,
        password,
        connectTimeout,
        driverProperties,
        clientEncoding);
  }

  /** Whether the host is a socket directory, as libpq tells: it starts with {@code /}. */
  public boolean onSocket() {
    return host.startsWith("/");
  }

  /** Where this connects, without the password. */
  public Target target() {
    return new Target(host, port, user, database);
  }

  /** The socket file of a port in a socket directory, as libpq names it. */
  static String socketFileName(int port) {
    return ".s.PGSQL." + port;
  }

  /**
   * A JDBC URL of this database without user or password, for applications under test: the socket
   * factory's properties for a socket directory, and the driver properties but {@code sslpassword}.
   */
  public String jdbcUrl() {
    StringBuilder url = new StringBuilder("jdbc:postgresql://");
    String h = onSocket() ? "localhost" : host;
    url.append(h.indexOf(':') >= 0 && !h.startsWith("[") ? "[" + h + "]" : h);
    url.append(':').append(port).append('/').append(encode(database));
    Map<String, String> query = new LinkedHashMap<>();
    if (onSocket()) {
      query.put("socketFactory", SOCKET_FACTORY);
      query.put("socketFactoryArg", target().socketPath());
    }
    driverProperties.forEach(
        (k, v) -> {
          if (!k.equals("sslpassword")) {
            query.put(k, v);
          }
        });
    char separator = '?';
    for (Map.Entry<String, String> e : query.entrySet()) {
      url.append(separator).append(encode(e.getKey())).append('=').append(encode(e.getValue()));
      separator = '&';
    }
    return url.toString();
  }

  /**
   * Opens a connection. With a connect timeout, pgjdbc's {@code connectTimeout} bounds the TCP
   * connect, {@code loginTimeout} the whole attempt (SSL request, startup, authentication), as
   * libpq's {@code connect_timeout} does, and {@code socketTimeout} each read meanwhile, so that an
   * attempt given up on ends its thread and socket too; it is cleared once connected unless the
   * driver properties set one.
   */
  @Override
  public Connection open() throws SQLException {
    Properties props = new Properties();
    props.putAll(driverProperties);
    if (onSocket()) {
      // The factory takes "localhost" only; pgjdbc's .pgpass lookup then uses localhost, which
      // libpq uses for the default socket directory.
      props.setProperty("PGHOST", "localhost");
      props.setProperty("socketFactory", SOCKET_FACTORY);
      props.setProperty("socketFactoryArg", target().socketPath());
    } else {
      props.setProperty("PGHOST", host);
    }
    props.setProperty("PGPORT", Integer.toString(port));
    props.setProperty("PGDBNAME", database);
    props.setProperty("user", user);
    if (password != null) {
      props.setProperty("password", password);
    }
    boolean clearSocketTimeout = false;
    if (!connectTimeout.isZero()) {
      String seconds = Long.toString(Math.max(1, connectTimeout.toSeconds()));
      props.putIfAbsent("connectTimeout", seconds);
      props.putIfAbsent("loginTimeout", seconds);
      clearSocketTimeout = props.putIfAbsent("socketTimeout", seconds) == null;
    }
    props.putIfAbsent("ApplicationName", "pgperf");
    // libpq turns TCP keepalives on unless told otherwise; pgjdbc's default is off.
    props.putIfAbsent("tcpKeepAlive", "true");
    Connection connection = DriverManager.getConnection("jdbc:postgresql://", props);
    if (clearSocketTimeout) {
      try {
        connection.setNetworkTimeout(Runnable::run, 0);
      } catch (SQLException e) {
        connection.close();
        throw e;
      }
    }
    return connection;
  }

  @Override
  public String describe() {
    return target().describe();
  }

  @Override
  public String toString() {
    return "ConnectionSpec["
        + user
        + "@"
        + (onSocket() ? target().socketPath() : host + ":" + port)
        + "/"
        + database
        + "]";
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
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
