package io.github.pgperf.result;

import io.github.pgperf.connect.ConnectionSpec;
import java.util.Objects;

/**
 * Where the load went: server, port, user and database. There is deliberately no password field,
 * so a result can be written, shared and printed without leaking one.
 *
 * @param host the server's host name or address
 * @param port the server's TCP port
 * @param user the role the clients logged in as
 * @param database the database name
 */
public record Target(String host, int port, String user, String database) {

  public Target {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(database, "database");
  }

  /** The target of a connection spec, without its password. */
  public static Target of(ConnectionSpec spec) {
    return new Target(spec.host(), spec.port(), spec.user(), spec.database());
  }
}
