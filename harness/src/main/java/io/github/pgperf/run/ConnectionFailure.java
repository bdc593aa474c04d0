package io.github.pgperf.run;

import io.github.pgperf.connect.ConnectionSource;
import io.github.pgperf.connect.ConnectionSpec;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import org.postgresql.util.PSQLException;

/**
 * A failed connection attempt as libpq words it, which pgbench prints: {@code could not
 * translate host name "h" to address: ...}, or {@code connection to server at "h" (address), port
 * p failed: } followed by the server's error or the network's reason.
 */
final class ConnectionFailure {

  private ConnectionFailure() {}

  static String message(ConnectionSource source, SQLException e) {
    if (!(source instanceof ConnectionSpec spec)) {
      return "connection to database failed: " + ErrorMessage.of(e);
    }
    if (cause(e, UnknownHostException.class) != null) {
      return "could not translate host name \"" + spec.host()
          + "\" to address: Name or service not known";
    }
    String server = "connection to server at \"" + spec.host() + "\"" + address(spec.host())
        + ", port " + spec.port() + " failed: ";
    if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
      return server + ErrorMessage.of(e);
    }
    if (cause(e, ConnectException.class) != null) {
      return server + "Connection refused\n"
          + "\tIs the server running on that host and accepting TCP/IP connections?";
    }
    if (cause(e, SocketTimeoutException.class) != null || "08001".equals(e.getSQLState())
        && e.getMessage() != null && e.getMessage().contains("timed out")) {
      return server + "timeout expired";
    }
    if (cause(e, IOException.class) != null) {
      // End of stream or a reset while logging in: the server went away.
      return server + "server closed the connection unexpectedly\n"
          + "\tThis probably means the server terminated abnormally\n"
          + "\tbefore or while processing the request.";
    }
    return server + ErrorMessage.of(e);
  }

  /** libpq adds the address when the host is a name, not when it is an address already. */
  private static String address(String host) {
    if (host.isEmpty() || host.startsWith("/") || Character.digit(host.charAt(0), 16) >= 0
        && host.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == '.' || c == ':')) {
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
