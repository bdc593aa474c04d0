package io.github.pgperf.internal.run;

import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.connect.SessionSetup;
import io.github.pgperf.result.Target;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Set;
import org.postgresql.util.PSQLException;

/**
 * A failed connection attempt as libpq words it, which pgbench prints: {@code could not translate
 * host name "h" to address: ...}, or {@code connection to server at "h" (address), port p failed: }
 * / {@code connection to server on socket "/dir/.s.PGSQL.p" failed: } followed by the server's
 * error or the network's reason and libpq's hint. The target comes from {@link Target}, which holds
 * no password.
 */
final class ConnectionFailure {

  private static final String TCP_HINT =
      "\n\tIs the server running on that host and accepting TCP/IP connections?";
  private static final String SOCKET_HINT =
      "\n\tIs the server running locally and accepting connections on that socket?";

  /** What connect() on a socket file fails with, in the system's words (junixsocket's). */
  private static final Set<String> CONNECT_ERRORS =
      Set.of("No such file or directory", "Connection refused", "Permission denied");

  private ConnectionFailure() {}

  static String message(ConnectionSource source, SQLException e) {
    ConnectionSpec spec = spec(source);
    if (spec == null) {
      return "connection to database failed: " + ErrorMessage.of(e);
    }
    Target target = spec.target();
    if (!spec.onSocket() && cause(e, UnknownHostException.class) != null) {
      return "could not translate host name \""
          + target.host()
          + "\" to address: Name or service not known";
    }
    String server =
        "connection to "
            + (spec.onSocket()
                ? target.server()
                : "server at \""
                    + target.host()
                    + "\""
                    + address(target.host())
                    + ", port "
                    + target.port())
            + " failed: ";
    if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
      return server + ErrorMessage.of(e);
    }
    String driverMessage = e.getMessage() == null ? "" : e.getMessage();
    if (driverMessage.startsWith("The server requested")
        && driverMessage.contains("no password was provided")) {
      return server + "fe_sendauth: no password supplied";
    }
    if (driverMessage.equals("The server does not support SSL.")) {
      return server + "server does not support SSL, but SSL was required";
    }
    if (cause(e, SocketTimeoutException.class) != null
        || "08001".equals(e.getSQLState()) && driverMessage.contains("timed out")) {
      return server + "timeout expired";
    }
    if (spec.onSocket()
        && e.getCause() instanceof SocketException refused
        && CONNECT_ERRORS.contains(refused.getMessage())) {
      // connect() on the socket file failed: the system's reason, as libpq's strerror.
      return server + refused.getMessage() + SOCKET_HINT;
    }
    if (cause(e, ConnectException.class) != null) {
      return server + "Connection refused" + TCP_HINT;
    }
    if (cause(e, IOException.class) != null) {
      // End of stream or a reset while logging in: the server went away.
      return server
          + "server closed the connection unexpectedly\n"
          + "\tThis probably means the server terminated abnormally\n"
          + "\tbefore or while processing the request.";
    }
    return server + ErrorMessage.of(e);
  }

  /** The connection spec behind a source, through the session setups wrapped around it. */
  private static ConnectionSpec spec(ConnectionSource source) {
    ConnectionSource s = source;
    while (s instanceof SessionSetup setup) {
      s = setup.source();
    }
    return s instanceof ConnectionSpec spec ? spec : null;
  }

  /** libpq adds the address when the host is a name, not when it is an address already. */
  private static String address(String host) {
    boolean numeric =
        host.indexOf(':') >= 0
            || !host.isEmpty() && host.chars().allMatch(c -> Character.isDigit(c) || c == '.');
    if (numeric) {
      return "";
    }
    try {
      return " (" + InetAddress.getByName(host).getHostAddress() + ")";
    } catch (UnknownHostException e) {
      return "";
    }
  }

  private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }
}
