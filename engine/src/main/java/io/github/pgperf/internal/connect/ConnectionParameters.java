package io.github.pgperf.internal.connect;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.newsclub.net.unix.AFUNIXSocket;

/**
 * libpq's connection parameters as they are gathered (explicit values, a connection string, the
 * environment) and then turned into a {@link ConnectionSpec} with libpq's defaults: each libpq
 * keyword is checked as libpq checks it and handed to pgjdbc as the property that does the same, or
 * refused, naming it, when pgjdbc cannot do what libpq would.
 */
final class ConnectionParameters {

  /**
   * Where libpq builds look for the server's socket when no host is given: Debian's and upstream's
   * compiled-in directories. libpq has one of them built in; pgperf takes the first that holds the
   * port's socket, else TCP to localhost.
   */
  static final List<String> DEFAULT_SOCKET_DIRECTORIES = List.of("/var/run/postgresql", "/tmp");

  private static final Set<String> SSL_MODES =
      Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");
  private static final Set<String> MODES = Set.of("disable", "prefer", "require");
  private static final Map<String, String> TARGET_SERVER_TYPES =
      Map.of("any", "any", "read-write", "primary", "read-only", "secondary");
  private static final Set<String> SESSION_ATTRS =
      Set.of("any", "read-write", "read-only", "primary", "standby", "prefer-standby");

  private final Map<Keyword, String> values = new EnumMap<>(Keyword.class);

  /** Where a value came from when it was the environment, for messages about it. */
  private final Map<Keyword, String> fromEnvironment = new EnumMap<>(Keyword.class);

  /** An explicit value, as pgbench passes {@code -h -p -U}: an empty one counts as not given. */
  void set(Keyword keyword, String value) {
    if (value != null && !value.isEmpty()) {
      values.put(keyword, value);
      fromEnvironment.remove(keyword);
    }
  }

  /** Values of a connection string: they override what was set before (libpq's expand_dbname). */
  void setAll(Map<Keyword, String> given) {
    given.forEach(
        (k, v) -> {
          values.put(k, v);
          fromEnvironment.remove(k);
        });
  }

  /**
   * libpq's environment fallbacks for what is still unset (an empty variable counts, as in libpq).
   */
  void fillFromEnvironment(Map<String, String> env) {
    for (Keyword k : Keyword.values()) {
      if (values.containsKey(k)) {
        continue;
      }
      k.environmentVariable()
          .map(env::get)
          .ifPresent(
              v -> {
                values.put(k, v);
                fromEnvironment.put(k, k.environmentVariable().orElseThrow());
              });
    }
    String requireSsl = env.get("PGREQUIRESSL");
    if (!values.containsKey(Keyword.SSLMODE) && requireSsl != null && requireSsl.startsWith("1")) {
      values.put(Keyword.SSLMODE, "require");
      fromEnvironment.put(Keyword.SSLMODE, "PGREQUIRESSL");
    }
  }

  /**
   * The connection these parameters describe, with libpq's defaults for what is unset (host: the
   * default socket directory, else localhost; port 5432; user: the operating-system user; database:
   * the user's name).
   *
   * @param defaultTimeout the connect timeout when {@code connect_timeout} is not given
   * @throws ConnectionStringException naming the parameter when a value is invalid (libpq's
   *     message) or pgjdbc cannot honour it
   */
  ConnectionSpec toSpec(Duration defaultTimeout) {
    refuseUnsupported();
    if (values.containsKey(Keyword.SERVICE)) {
      throw cannotHonour(
          Keyword.SERVICE,
          "pgjdbc's pg_service.conf reader takes pgjdbc's"
              + " property names, not libpq's; give the parameters themselves");
    }
    String host = nonEmpty(Keyword.HOST);
    String address = nonEmpty(Keyword.HOSTADDR);
    oneServer(Keyword.HOST, host);
    oneServer(Keyword.HOSTADDR, address);
    if (address != null) {
      if (!isNumericAddress(address)) {
        throw new ConnectionStringException(
            "could not parse network address \"" + address + "\": Name or service not known");
      }
      if (host != null && !host.equals(address)) {
        throw cannotHonour(
            Keyword.HOSTADDR,
            "pgjdbc connects to the host it is given and checks"
                + " that name; give the address as host");
      }
      host = address;
    }
    String portText = nonEmpty(Keyword.PORT);
    oneServer(Keyword.PORT, portText);
    int port = portText == null ? ConnectionSpec.DEFAULT_PORT : port(portText);
    if (host == null) {
      host = defaultHost(port);
    }
    String user = nonEmpty(Keyword.USER);
    if (user == null) {
      user = System.getProperty("user.name");
    }
    String database = nonEmpty(Keyword.DBNAME);
    if (database == null) {
      database = user;
    }
    String password = nonEmpty(Keyword.PASSWORD);
    ConnectionSpec where = new ConnectionSpec(host, port, user, database, null, Duration.ZERO);
    Duration timeout =
        values.containsKey(Keyword.CONNECT_TIMEOUT)
            ? connectTimeout(where, values.get(Keyword.CONNECT_TIMEOUT))
            : defaultTimeout;
    return new ConnectionSpec(
        host,
        port,
        user,
        database,
        password,
        timeout,
        driverProperties(where),
        nonEmpty(Keyword.CLIENT_ENCODING));
  }

  /** What pgjdbc does the libpq way, as pgjdbc's connection properties. */
  private Map<String, String> driverProperties(ConnectionSpec where) {
    Map<String, String> driver = new LinkedHashMap<>();
    String sslmode = values.get(Keyword.SSLMODE);
    if (sslmode != null) {
      if (!SSL_MODES.contains(sslmode)) {
        throw new ConnectionStringException("invalid sslmode value: \"" + sslmode + "\"");
      }
      driver.put("sslmode", sslmode);
    }
    mode(Keyword.CHANNEL_BINDING, "channelBinding", driver);
    mode(Keyword.GSSENCMODE, "gssEncMode", driver);
    String attrs = values.get(Keyword.TARGET_SESSION_ATTRS);
    if (attrs != null) {
      if (!SESSION_ATTRS.contains(attrs)) {
        throw new ConnectionStringException(
            "invalid target_session_attrs value: \"" + attrs + "\"");
      }
      String type = TARGET_SERVER_TYPES.get(attrs);
      if (type == null) {
        throw cannotHonour(
            Keyword.TARGET_SESSION_ATTRS,
            "pgjdbc tells servers apart by"
                + " transaction_read_only only; use read-write or read-only");
      }
      driver.put("targetServerType", type);
    }
    copy(Keyword.OPTIONS, "options", driver);
    copy(Keyword.SSLCERT, "sslcert", driver);
    copy(Keyword.SSLKEY, "sslkey", driver);
    copy(Keyword.SSLROOTCERT, "sslrootcert", driver);
    copy(Keyword.SSLPASSWORD, "sslpassword", driver);
    copy(Keyword.KRBSRVNAME, "kerberosServerName", driver);
    copy(Keyword.GSSLIB, "gsslib", driver);
    // Sent in the startup packet as libpq sends it; the server checks the value.
    copy(Keyword.REPLICATION, "replication", driver);
    String keepalives = values.get(Keyword.KEEPALIVES);
    if (keepalives != null) {
      driver.put(
          "tcpKeepAlive", Boolean.toString(integer(where, Keyword.KEEPALIVES, keepalives) != 0));
    }
    String application = nonEmpty(Keyword.APPLICATION_NAME);
    if (application == null) {
      application = nonEmpty(Keyword.FALLBACK_APPLICATION_NAME);
    }
    if (application != null) {
      driver.put("ApplicationName", application);
    }
    return driver;
  }

  /** Keywords pgjdbc has no way to honour: refused, never dropped. */
  private void refuseUnsupported() {
    for (Keyword k :
        List.of(
            Keyword.KEEPALIVES_IDLE,
            Keyword.KEEPALIVES_INTERVAL,
            Keyword.KEEPALIVES_COUNT,
            Keyword.TCP_USER_TIMEOUT)) {
      if (values.containsKey(k)) {
        throw cannotHonour(k, "pgjdbc has no per-connection setting for it");
      }
    }
    for (Keyword k : List.of(Keyword.SSLCRL, Keyword.SSLCRLDIR)) {
      if (values.containsKey(k)) {
        throw cannotHonour(k, "pgjdbc does not check certificate revocation lists");
      }
    }
    if (values.containsKey(Keyword.REQUIREPEER)) {
      throw cannotHonour(Keyword.REQUIREPEER, "pgjdbc cannot check the server process's user");
    }
    for (Keyword k : List.of(Keyword.SSL_MIN_PROTOCOL_VERSION, Keyword.SSL_MAX_PROTOCOL_VERSION)) {
      if (values.containsKey(k)) {
        throw cannotHonour(
            k, "pgjdbc takes the TLS versions from the JVM" + " (jdk.tls.client.protocols)");
      }
    }
    if (values.containsKey(Keyword.PASSFILE)) {
      throw cannotHonour(
          Keyword.PASSFILE,
          "pgjdbc reads the password file named by PGPASSFILE, else ~/.pgpass; set PGPASSFILE");
    }
    String sni = values.get(Keyword.SSLSNI);
    if (sni != null && !sni.equals("1")) {
      throw cannotHonour(Keyword.SSLSNI, "pgjdbc always sends the host name (SNI)");
    }
    String compression = values.get(Keyword.SSLCOMPRESSION);
    if (compression != null && !compression.equals("0")) {
      throw cannotHonour(Keyword.SSLCOMPRESSION, "pgjdbc never compresses TLS");
    }
  }

  private ConnectionStringException cannotHonour(Keyword keyword, String why) {
    String variable = fromEnvironment.get(keyword);
    return new ConnectionStringException(
        "connection option \""
            + keyword.libpqName()
            + "\""
            + (variable == null ? "" : " (from environment variable " + variable + ")")
            + " is not supported by pgperf: "
            + why);
  }

  /** pgperf measures one server; libpq's host lists (failover, load balancing) are refused. */
  private void oneServer(Keyword keyword, String value) {
    if (value != null && value.indexOf(',') >= 0) {
      throw new ConnectionStringException(
          "connection option \""
              + keyword.libpqName()
              + "\" lists several servers (\""
              + value
              + "\"); pgperf measures one server");
    }
  }

  private void mode(Keyword keyword, String property, Map<String, String> driver) {
    String value = values.get(keyword);
    if (value != null) {
      if (!MODES.contains(value)) {
        throw new ConnectionStringException(
            "invalid " + keyword.libpqName() + " value: \"" + value + "\"");
      }
      driver.put(property, value);
    }
  }

  private void copy(Keyword keyword, String property, Map<String, String> driver) {
    String value = nonEmpty(keyword);
    if (value != null) {
      driver.put(property, value);
    }
  }

  private String nonEmpty(Keyword keyword) {
    String value = values.get(keyword);
    return value == null || value.isEmpty() ? null : value;
  }

  /** libpq reads the port when it parses the parameters: its two messages, without a server. */
  private static int port(String text) {
    long value = parseInteger(text);
    if (value == Long.MIN_VALUE || value != (int) value) {
      throw new ConnectionStringException(
          "invalid integer value \"" + text + "\" for connection option \"port\"");
    }
    if (value < 1 || value > 65535) {
      throw new ConnectionStringException("invalid port number: \"" + text + "\"");
    }
    return (int) value;
  }

  /**
   * libpq's {@code connect_timeout}: whole seconds, at least 2, zero or less waits without limit.
   * libpq checks it as it connects, so its message names the server.
   */
  private static Duration connectTimeout(ConnectionSpec where, String text) {
    long seconds = integer(where, Keyword.CONNECT_TIMEOUT, text);
    return seconds <= 0 ? Duration.ZERO : Duration.ofSeconds(Math.max(2, seconds));
  }

  /** The same, where no server is known yet: libpq's message without the server. */
  static Duration connectTimeout(String text) {
    long seconds = parseInteger(text);
    if (seconds == Long.MIN_VALUE || seconds != (int) seconds) {
      throw new ConnectionStringException(
          "invalid integer value \"" + text + "\" for connection option \"connect_timeout\"");
    }
    return seconds <= 0 ? Duration.ZERO : Duration.ofSeconds(Math.max(2, seconds));
  }

  private static long integer(ConnectionSpec where, Keyword keyword, String text) {
    long value = parseInteger(text);
    if (value == Long.MIN_VALUE || value != (int) value) {
      throw new ConnectionStringException(
          "connection to "
              + where.target().server()
              + " failed: invalid integer value \""
              + text
              + "\" for connection option \""
              + keyword.libpqName()
              + "\"");
    }
    return value;
  }

  /** libpq's {@code parse_int_param}: an integer, with whitespace after it; else MIN_VALUE. */
  private static long parseInteger(String text) {
    String t = text.stripTrailing();
    int start = 0;
    while (start < t.length() && KeywordValueString.isSpace(t.charAt(start))) {
      start++;
    }
    t = t.substring(start);
    if (t.isEmpty()) {
      return Long.MIN_VALUE;
    }
    try {
      return Long.parseLong(t.startsWith("+") ? t.substring(1) : t);
    } catch (NumberFormatException e) {
      return Long.MIN_VALUE;
    }
  }

  /** An IPv4 or IPv6 literal, as libpq's hostaddr must be (no name lookup). */
  static boolean isNumericAddress(String text) {
    if (text.isEmpty()) {
      return false;
    }
    boolean colon = text.indexOf(':') >= 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean ok =
          colon
              ? Character.digit(c, 16) >= 0 || c == ':' || c == '.' || c == '%'
              : Character.isDigit(c) || c == '.';
      if (!ok) {
        return false;
      }
    }
    return colon || text.chars().filter(c -> c == '.').count() == 3;
  }

  /** libpq's default host: the socket directory where the port's socket is, else localhost. */
  static String defaultHost(int port) {
    if (AFUNIXSocket.isSupported()) {
      for (String dir : DEFAULT_SOCKET_DIRECTORIES) {
        if (Files.exists(Path.of(dir, ConnectionSpec.socketFileName(port)))) {
          return dir;
        }
      }
    }
    return ConnectionSpec.DEFAULT_HOST;
  }
}
