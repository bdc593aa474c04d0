package io.github.pgperf.junit;

import io.github.pgperf.internal.provision.ProvisionException;
import io.github.pgperf.internal.provision.ProvisionedServer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * The schema of a test class's own tables: the first schema of its connections' search_path, so
 * that what the class creates through the injected {@code DataSource} (an application's migrations,
 * fixtures, functions) goes there and never into pgbench's schema or another class's. pgperf
 * creates it when missing and never drops it or anything in it.
 *
 * @param name the schema's name, as written (not quoted)
 */
record ClassSchema(String name) {

  /** The prefix of the default names, which marks the schema as pgperf's making. */
  static final String PREFIX = "pgperf_class_";

  private static final int MAX_IDENTIFIER_BYTES = 63;

  /**
   * The schema a class gets when it names none: {@value #PREFIX} and the class's simple name in
   * lower case, other characters than letters, digits and {@code _} replaced by {@code _}, cut to
   * PostgreSQL's 63 bytes.
   */
  static ClassSchema defaultFor(Class<?> annotated) {
    String simple =
        annotated.getSimpleName().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    String name = PREFIX + simple;
    while (name.getBytes(StandardCharsets.UTF_8).length > MAX_IDENTIFIER_BYTES) {
      name = name.substring(0, name.length() - 1);
    }
    return new ClassSchema(name);
  }

  /** Creates the schema on the server unless it is there (then it is left as it is). */
  void ensureOn(ProvisionedServer server) throws ProvisionException {
    try (Connection c = server.connectionSource().open()) {
      try (PreparedStatement exists =
          c.prepareStatement("select 1 from pg_catalog.pg_namespace where nspname = ?")) {
        exists.setString(1, name);
        try (ResultSet rs = exists.executeQuery()) {
          if (rs.next()) {
            return;
          }
        }
      }
      try (Statement s = c.createStatement()) {
        s.execute("create schema if not exists \"" + name.replace("\"", "\"\"") + "\"");
      }
    } catch (SQLException e) {
      throw new ProvisionException(
          "could not create the test class's schema \""
              + name
              + "\" on "
              + server.jdbcUrl()
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
