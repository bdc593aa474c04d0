package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Where the load went: server, port, user and database. There is deliberately no password field, so
 * a result can be written, shared and printed without leaking one; every message, log line and file
 * that names a connection renders it from here.
 *
 * @param host the server's host name or address, or the directory of its Unix-domain socket
 * @param port the server's port
 * @param user the role the clients logged in as
 * @param database the database name
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Target(String host, int port, String user, String database) {

  public Target {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(database, "database");
  }

  /** The socket file a socket directory host means, as libpq names it. */
  public String socketPath() {
    return host + (host.endsWith("/") ? "" : "/") + ".s.PGSQL." + port;
  }

  /**
   * The server as libpq names it in its messages: {@code server at "host", port 5432}, or {@code
   * server on socket "/var/run/postgresql/.s.PGSQL.5432"} when the host is a socket directory.
   */
  public String server() {
    return host.startsWith("/")
        ? "server on socket \"" + socketPath() + "\""
        : "server at \"" + host + "\", port " + port;
  }

  /** The server and the database, for messages and logs. */
  public String describe() {
    return server() + ", database \"" + database + "\"";
  }
}
