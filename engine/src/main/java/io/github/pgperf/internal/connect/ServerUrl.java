package io.github.pgperf.internal.connect;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import org.postgresql.Driver;

/**
 * The URL of a server that already runs, as a test is pointed at it ({@code pgperf.url}, {@code
 * PGPERF_URL}): a JDBC URL ({@code jdbc:postgresql://host[:port]/database[?...]}), read by pgjdbc's
 * own {@code Driver.parseURL}, whose other parameters are passed to the driver as the application
 * under test uses them; or a libpq URI ({@code postgresql://...}), read as libpq reads it. A URL
 * holding a password is refused: the password comes from {@code PGPERF_PASSWORD}, a password file
 * or {@code ~/.pgpass}. Messages and {@link #toString()} show the URL with any password masked.
 */
public final class ServerUrl {

  static final String JDBC_PREFIX = "jdbc:postgresql:";

  /** What the URL gives beyond host, port, database and user, for the driver. */
  private static final Set<String> TAKEN =
      Set.of("PGHOST", "PGPORT", "PGDBNAME", "user", "password");

  private final String masked;

  /** A libpq URI's parameters, or {@code null}. */
  private final Map<Keyword, String> libpq;

  /** A JDBC URL's properties as pgjdbc reads them, or {@code null}. */
  private final Properties jdbc;

  private ServerUrl(String masked, Map<Keyword, String> libpq, Properties jdbc) {
    this.masked = masked;
    this.libpq = libpq;
    this.jdbc = jdbc;
  }

  /**
   * Reads a server URL.
   *
   * @throws ConnectionStringException when it is neither form, cannot be read, names several
   *     servers or a parameter pgjdbc cannot honour, or holds a password; the message shows it
   *     masked
   */
  public static ServerUrl parse(String url) {
    if (url.startsWith(JDBC_PREFIX)) {
      return jdbc(url);
    }
    if (ConnectionUri.prefixLength(url) > 0) {
      return libpq(url);
    }
    throw new ConnectionStringException(
        "external server URL must be a JDBC URL"
            + " (jdbc:postgresql://host[:port]/database) or a libpq URI"
            + " (postgresql://host[:port]/database)");
  }

  private static ServerUrl libpq(String url) {
    String masked = ConnectionUri.masked(url);
    Map<Keyword, String> values;
    try {
      values = ConnectionUri.parse(url);
    } catch (ConnectionStringException e) {
      throw new ConnectionStringException(
          "external server URL \"" + masked + "\": " + e.getMessage());
    }
    if (values.containsKey(Keyword.PASSWORD)) {
      throw holdsPassword(masked);
    }
    ServerUrl parsed = new ServerUrl(masked, values, null);
    try {
      parsed.spec(null, null, ConnectionSpec.DEFAULT_CONNECT_TIMEOUT);
    } catch (ConnectionStringException e) {
      throw new ConnectionStringException(
          "external server URL \"" + masked + "\": " + e.getMessage());
    }
    return parsed;
  }

  private static ServerUrl jdbc(String url) {
    int prefix = JDBC_PREFIX.length() + (url.startsWith("//", JDBC_PREFIX.length()) ? 2 : 0);
    String masked = ConnectionUri.masked(url, prefix);
    int end = prefix;
    while (end < url.length() && url.charAt(end) != '/' && url.charAt(end) != '?') {
      end++;
    }
    int at = url.substring(prefix, end).indexOf('@');
    if (at >= 0) {
      if (url.substring(prefix, prefix + at).indexOf(':') >= 0) {
        throw holdsPassword(masked);
      }
      throw new ConnectionStringException(
          "external server URL \""
              + masked
              + "\" names a user"
              + " before the host, which a JDBC URL cannot: use ?user= or pgperf.user");
    }
    // A value no URL holds tells whether the URL set a password, and keeps pgjdbc from reading
    // .pgpass here (it does when it connects).
    String absent = UUID.randomUUID().toString();
    Properties defaults = new Properties();
    defaults.setProperty("password", absent);
    Properties props = QuietDriverLog.quietly(() -> Driver.parseURL(url, defaults));
    if (props == null) {
      throw new ConnectionStringException(
          "external server URL \""
              + masked
              + "\" is not a"
              + " JDBC URL pgjdbc reads (jdbc:postgresql://host[:port]/database[?property=value&...])");
    }
    if (!absent.equals(props.getProperty("password"))) {
      throw holdsPassword(masked);
    }
    props.remove("password");
    if (props.getProperty("PGHOST", "").indexOf(',') >= 0) {
      throw new ConnectionStringException(
          "external server URL \""
              + masked
              + "\" lists several servers; pgperf measures one server");
    }
    return new ServerUrl(masked, null, props);
  }

  private static ConnectionStringException holdsPassword(String masked) {
    return new ConnectionStringException(
        "external server URL \""
            + masked
            + "\" must not hold a"
            + " password: set PGPERF_PASSWORD, a password file (pgperf.passwordFile) or ~/.pgpass");
  }

  /**
   * Any text given as a server URL, for showing: a JDBC URL or libpq URI with its password masked
   * (whether or not it can be read), anything else not at all.
   */
  public static String mask(String url) {
    if (url == null) {
      return null;
    }
    if (url.startsWith(JDBC_PREFIX)) {
      return ConnectionUri.masked(
          url, JDBC_PREFIX.length() + (url.startsWith("//", JDBC_PREFIX.length()) ? 2 : 0));
    }
    return ConnectionUri.prefixLength(url) > 0 ? ConnectionUri.masked(url) : "(not a server URL)";
  }

  /** The URL as given, with any password masked. */
  public String masked() {
    return masked;
  }

  /**
   * Where to connect.
   *
   * @param user the role to log in as, or {@code null} for the URL's, else the operating-system
   *     user
   * @param password the password, or {@code null} for pgjdbc's {@code .pgpass} lookup or none
   * @param timeout the connect timeout unless the URL sets one
   */
  public ConnectionSpec spec(String user, String password, Duration timeout) {
    if (libpq != null) {
      ConnectionParameters parameters = new ConnectionParameters();
      parameters.setAll(libpq);
      parameters.set(Keyword.USER, user);
      parameters.set(Keyword.FALLBACK_APPLICATION_NAME, "pgperf");
      ConnectionSpec s = parameters.toSpec(timeout);
      return new ConnectionSpec(
          s.host(),
          s.port(),
          s.user(),
          s.database(),
          password,
          s.connectTimeout(),
          s.driverProperties());
    }
    String login = user != null ? user : jdbc.getProperty("user", System.getProperty("user.name"));
    String database = jdbc.getProperty("PGDBNAME", login);
    Map<String, String> driver = new LinkedHashMap<>();
    for (String name : jdbc.stringPropertyNames()) {
      if (!TAKEN.contains(name)) {
        driver.put(name, jdbc.getProperty(name));
      }
    }
    String host = jdbc.getProperty("PGHOST");
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    return new ConnectionSpec(
        host,
        Integer.parseInt(jdbc.getProperty("PGPORT")),
        login,
        database,
        password,
        timeout,
        driver);
  }

  @Override
  public String toString() {
    return masked;
  }
}
