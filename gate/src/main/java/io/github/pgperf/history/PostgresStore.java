package io.github.pgperf.history;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The history in a PostgreSQL database named by URL, for teams whose CI jobs write at once: table
 * {@value #POINTS} and {@value #REPORTED} in pgperf's own schema {@value #SCHEMA}, created when
 * first written (never dropped or altered), each build written in one transaction. Writers take a
 * transaction-scoped advisory lock first, so that two jobs creating the tables at once do not
 * collide and no point of either is lost; a build and test already stored is left as it is.
 *
 * <p>Only {@code java.sql} is used: the driver is handed in (the command line's own pgjdbc, or the
 * one on the Maven project's test class path), so the gate module carries none.
 */
public final class PostgresStore implements HistoryStore {

  /** pgperf's schema. */
  public static final String SCHEMA = "pgperf";

  /** The table of history points. */
  public static final String POINTS = SCHEMA + ".history";

  /** The table of reported changes. */
  public static final String REPORTED = SCHEMA + ".history_reported";

  /** The advisory lock every writer takes: 'pgperf' 'hist' as a number, pgperf's alone. */
  static final long LOCK = 0x7067706572666869L;

  /** {@code password=} and {@code sslpassword=} (the TLS key's) among the URL's parameters. */
  private static final Pattern PASSWORD = Pattern.compile("(?i)([?&][a-z]*password=)[^&]*");

  private final String url;
  private final Properties properties;
  private final Driver driver;

  private PostgresStore(String url, Properties properties, Driver driver) {
    this.url = url;
    this.properties = properties;
    this.driver = driver;
  }

  /** Whether {@code location} names a database rather than a directory. */
  static boolean isUrl(String location) {
    String l = location.strip();
    return l.startsWith("jdbc:postgresql:")
        || l.startsWith("postgresql://")
        || l.startsWith("postgres://");
  }

  /**
   * The store at {@code location}, a JDBC URL or a libpq URI; user and password from its parameters
   * or, when it has none, {@code PGUSER} and {@code PGPASSWORD} (pgjdbc reads {@code ~/.pgpass}
   * itself).
   *
   * @throws IllegalArgumentException when the URL holds a password (it would be printed and stored
   *     in build files), is not a URL the driver takes, or there is no driver
   */
  public static PostgresStore of(String location, Driver driver, Map<String, String> environment) {
    String url = location.strip();
    if (url.startsWith("postgres://")) {
      url = "postgresql://" + url.substring("postgres://".length());
    }
    if (url.startsWith("postgresql://")) {
      url = "jdbc:" + url;
    }
    Properties properties = new Properties();
    try {
      URI uri = new URI(url.substring("jdbc:".length()));
      if (uri.getRawUserInfo() != null) {
        String[] user = uri.getRawUserInfo().split(":", 2);
        if (user.length == 2) {
          throw refused(url.replace(uri.getRawUserInfo(), user[0] + ":***"));
        }
        properties.setProperty("user", URLDecoder.decode(user[0], StandardCharsets.UTF_8));
        url = url.replace(uri.getRawUserInfo() + "@", "");
      }
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "the history database URL is not a URL: " + masked(url) + " (" + e.getReason() + ")");
    }
    if (PASSWORD.matcher(url).find()) {
      throw refused(masked(url));
    }
    if (driver == null) {
      throw new IllegalArgumentException(
          "no PostgreSQL JDBC driver to reach the history database "
              + url
              + " (put org.postgresql:postgresql on the class path)");
    }
    try {
      if (!driver.acceptsURL(url)) {
        throw new IllegalArgumentException(
            "the history database URL "
                + url
                + " is not one the PostgreSQL driver takes (jdbc:postgresql://host:port/database)");
      }
    } catch (SQLException e) {
      throw new IllegalArgumentException("the history database URL " + url + ": " + e.getMessage());
    }
    String user = environment.get("PGUSER");
    if (!properties.containsKey("user") && !url.contains("user=") && user != null) {
      properties.setProperty("user", user);
    }
    String password = environment.get("PGPASSWORD");
    if (password != null) {
      properties.setProperty("password", password);
    }
    return new PostgresStore(url, properties, driver);
  }

  private static IllegalArgumentException refused(String maskedUrl) {
    return new IllegalArgumentException(
        "the history database URL holds a password ("
            + maskedUrl
            + "); give it in PGPASSWORD or ~/.pgpass instead, so that it is never printed or kept"
            + " in the build's files");
  }

  private static String masked(String url) {
    return PASSWORD.matcher(url).replaceAll("$1***");
  }

  @Override
  public String description() {
    return "table " + POINTS + " of " + url;
  }

  @Override
  public History load() throws IOException {
    List<HistoryRecord> records = new ArrayList<>();
    List<ReportedChange> reported = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      try (ResultSet exists =
          s.executeQuery(
              "SELECT to_regclass('"
                  + POINTS
                  + "') IS NOT NULL,"
                  + " to_regclass('"
                  + REPORTED
                  + "') IS NOT NULL")) {
        exists.next();
        if (!exists.getBoolean(1)) {
          return new History(records, reported, warnings);
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT build, commit, branch, time, test, fingerprint,"
                  + " work_fingerprint, runner, trials, metrics::text, others_share FROM "
                  + POINTS
                  + " ORDER BY time, build, test")) {
        while (rs.next()) {
          try {
            records.add(
                new HistoryRecord(
                    new BuildInfo(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getObject(4, OffsetDateTime.class).toInstant()),
                    rs.getString(5),
                    rs.getString(6),
                    rs.getString(7),
                    rs.getString(8),
                    rs.getInt(9),
                    HistoryJson.metrics(rs.getString(10)),
                    othersShare(rs)));
          } catch (IllegalArgumentException | NullPointerException e) {
            warnings.add(
                "a row of "
                    + POINTS
                    + " (build "
                    + rs.getString(1)
                    + ", test "
                    + rs.getString(5)
                    + ") cannot be read and is skipped: "
                    + e.getMessage());
          }
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT test, metric, fingerprint, change_build,"
                  + " reported_in, time FROM "
                  + REPORTED
                  + " ORDER BY time")) {
        while (rs.next()) {
          reported.add(
              new ReportedChange(
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getObject(6, OffsetDateTime.class).toInstant()));
        }
      }
    } catch (SQLException e) {
      throw failed("read", e);
    }
    return new History(records, reported, warnings);
  }

  @Override
  public void append(List<HistoryRecord> points, List<ReportedChange> changes) throws IOException {
    try (Connection c = connect()) {
      c.setAutoCommit(false);
      try {
        try (Statement s = c.createStatement()) {
          s.execute("SELECT pg_advisory_xact_lock(" + LOCK + ")");
          s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
          s.execute(
              "CREATE TABLE IF NOT EXISTS "
                  + POINTS
                  + " (build text NOT NULL,"
                  + " test text NOT NULL, commit text, branch text, time timestamptz NOT NULL,"
                  + " fingerprint text NOT NULL, work_fingerprint text, runner text NOT NULL,"
                  + " trials integer NOT NULL, metrics jsonb NOT NULL, others_share double precision,"
                  + " recorded timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (build, test))");
          s.execute(
              "CREATE TABLE IF NOT EXISTS "
                  + REPORTED
                  + " (test text NOT NULL,"
                  + " metric text NOT NULL, fingerprint text NOT NULL, change_build text NOT NULL,"
                  + " reported_in text NOT NULL, time timestamptz NOT NULL,"
                  + " PRIMARY KEY (test, metric, fingerprint, change_build, reported_in))");
        }
        try (PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO "
                    + POINTS
                    + " (build, test, commit, branch, time, fingerprint, work_fingerprint, runner,"
                    + " trials, metrics, others_share) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)"
                    + " ON CONFLICT (build, test) DO NOTHING")) {
          for (HistoryRecord r : points) {
            insert.setString(1, r.build().build());
            insert.setString(2, r.test());
            insert.setString(3, r.build().commit());
            insert.setString(4, r.build().branch());
            insert.setObject(5, OffsetDateTime.ofInstant(r.build().time(), ZoneOffset.UTC));
            insert.setString(6, r.fingerprint());
            insert.setString(7, r.workFingerprint());
            insert.setString(8, r.runner());
            insert.setInt(9, r.trials());
            insert.setString(10, HistoryJson.metricsText(r.metrics()));
            if (Double.isNaN(r.othersShare())) {
              insert.setNull(11, java.sql.Types.DOUBLE);
            } else {
              insert.setDouble(11, r.othersShare());
            }
            insert.addBatch();
          }
          insert.executeBatch();
        }
        try (PreparedStatement insert =
            c.prepareStatement(
                "INSERT INTO "
                    + REPORTED
                    + " (test, metric, fingerprint, change_build, reported_in, time)"
                    + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
          for (ReportedChange r : changes) {
            insert.setString(1, r.test());
            insert.setString(2, r.metric());
            insert.setString(3, r.fingerprint());
            insert.setString(4, r.changeBuild());
            insert.setString(5, r.reportedIn());
            insert.setObject(6, OffsetDateTime.ofInstant(r.time(), ZoneOffset.UTC));
            insert.addBatch();
          }
          insert.executeBatch();
        }
        c.commit();
      } catch (SQLException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw failed("write to", e);
    }
  }

  private static double othersShare(ResultSet rs) throws SQLException {
    double share = rs.getDouble(11);
    return rs.wasNull() ? Double.NaN : share;
  }

  private Connection connect() throws SQLException {
    Connection c = driver.connect(url, properties);
    if (c == null) {
      throw new SQLException("the driver does not take the URL " + url);
    }
    return c;
  }

  private IOException failed(String what, SQLException e) {
    return new IOException(
        "cannot " + what + " the history database (" + description() + "): " + e.getMessage(), e);
  }
}
