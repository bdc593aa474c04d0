package io.github.pgperf.it;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.UUID;
import org.postgresql.PGConnection;

/**
 * A role with a password and a database it owns on the test server, for the secrets IT: the build's
 * tests log in as that role with the password in {@code PGPERF_PASSWORD}. The local test server
 * trusts every local connection, so the server never asks for the password; pgperf still takes it
 * through every path it would take to a server that asks. The build finds both through the {@code
 * junit-platform.properties} written here, which also names them for {@link #drop}.
 */
public final class SecretDatabase {

  private SecretDatabase() {}

  /** Creates the role with {@code basedir}'s build password and its database. */
  public static void create(File basedir) throws SQLException, IOException {
    String admin = LiveDatabase.admin();
    String name = "pgperf_secret_" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    Path file = basedir.toPath().resolve(LiveDatabase.PROPERTIES);
    Files.createDirectories(file.getParent());
    // Written first: a role made but never named would outlive a failed setup.
    String url = admin.replaceFirst("/[^/?]*(\\?.*)?$", "/" + name + "?user=" + name);
    Files.writeString(
        file,
        "# written by SecretDatabase\npgperf.url="
            + url
            + "\npgperf.it.name="
            + name
            + "\npgperf.it.admin="
            + admin
            + "\n",
        StandardCharsets.UTF_8);
    try (Connection c = new org.postgresql.Driver().connect(admin, new Properties());
        Statement s = c.createStatement()) {
      s.execute("create role " + name + " login");
      // pgjdbc sends only the SCRAM verifier: the password itself never reaches the server.
      c.unwrap(PGConnection.class)
          .alterUserPassword(name, password(basedir).toCharArray(), "scram-sha-256");
      s.execute("create database " + name + " owner " + name);
    }
  }

  /** Drops the database and role {@link #create} made, when there are some. */
  public static void drop(File basedir) throws SQLException {
    Properties props = LiveDatabase.written(basedir);
    if (props != null) {
      String name = props.getProperty("pgperf.it.name");
      LiveDatabase.execute(
          props.getProperty("pgperf.it.admin"),
          "drop database if exists " + name + " with (force)",
          "drop role if exists " + name);
    }
  }

  private static String password(File basedir) throws IOException {
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(basedir.toPath().resolve("invoker.properties"))) {
      props.load(in);
    }
    return props.getProperty("invoker.environmentVariables.PGPERF_PASSWORD");
  }
}
