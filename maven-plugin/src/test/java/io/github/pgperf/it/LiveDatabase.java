package io.github.pgperf.it;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.UUID;

/**
 * A database of an invoker build's own on the test server ({@code PGPERF_TEST_URL}, else the local
 * one), for the live builds' setup and cleanup scripts. The build's tests find it through the
 * {@code junit-platform.properties} written here, which also names it for {@link #drop}.
 */
public final class LiveDatabase {

  private static final String DEFAULT_ADMIN =
      "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres";
  static final String PROPERTIES = "src/test/resources/junit-platform.properties";

  private LiveDatabase() {}

  /** Creates the database and writes {@code junit-platform.properties} pointing to it. */
  public static void create(File basedir) throws SQLException, IOException {
    String admin = admin();
    String name =
        "pgperf_it_"
            + basedir.getName().replace('-', '_')
            + "_"
            + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    Path file = basedir.toPath().resolve(PROPERTIES);
    Files.createDirectories(file.getParent());
    // Written first: a database made but never named would outlive a failed setup.
    String url = admin.replaceFirst("/[^/?]*(\\?|$)", "/" + name + "$1");
    Files.writeString(
        file,
        "# written by LiveDatabase\npgperf.url="
            + url
            + "\npgperf.it.database="
            + name
            + "\npgperf.it.admin="
            + admin
            + "\n",
        StandardCharsets.UTF_8);
    execute(admin, "create database " + name);
  }

  /** Drops the database {@link #create} made, when there is one. */
  public static void drop(File basedir) throws SQLException {
    Properties props = written(basedir);
    if (props != null) {
      execute(
          props.getProperty("pgperf.it.admin"),
          "drop database if exists " + props.getProperty("pgperf.it.database") + " with (force)");
    }
  }

  /** Whether a database of that name is on the test server (one a build should have dropped). */
  public static boolean exists(String database) throws SQLException {
    try (Connection c = new org.postgresql.Driver().connect(admin(), new Properties());
        java.sql.PreparedStatement p =
            c.prepareStatement("select 1 from pg_database where datname = ?")) {
      p.setString(1, database);
      try (java.sql.ResultSet r = p.executeQuery()) {
        return r.next();
      }
    }
  }

  /** The test server's admin URL: {@code PGPERF_TEST_URL}, else the local server. */
  static String admin() {
    String env = System.getenv("PGPERF_TEST_URL");
    return env == null || env.isBlank() ? DEFAULT_ADMIN : env;
  }

  /** The build's {@code junit-platform.properties} as a setup wrote it, or null when none did. */
  static Properties written(File basedir) {
    Path file = basedir.toPath().resolve(PROPERTIES);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      props.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return props;
  }

  /** Runs {@code sql} statements, in order, as the server's admin. */
  static void execute(String admin, String... sql) throws SQLException {
    try (Connection c = new org.postgresql.Driver().connect(admin, new Properties());
        Statement s = c.createStatement()) {
      for (String statement : sql) {
        s.execute(statement);
      }
    }
  }
}
