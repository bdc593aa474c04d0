package io.github.pgperf.internal.connect;

/**
 * A connection string, a connection parameter or an external server URL that cannot be used, with
 * the line libpq (or pgperf, for what pgjdbc cannot do) prints for it. The message never holds a
 * password: where libpq would quote a text holding one, the password is masked.
 */
public final class ConnectionStringException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  ConnectionStringException(String message) {
    super(message);
  }
}
