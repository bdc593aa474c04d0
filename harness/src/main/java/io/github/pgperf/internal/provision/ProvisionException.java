package io.github.pgperf.internal.provision;

/**
 * No server could be provided: bad configuration, a server that cannot be reached or started, a
 * schema that is not pgperf's to use. The message is one line naming the thing and the cause, and
 * never holds a password.
 */
public final class ProvisionException extends Exception {

  private static final long serialVersionUID = 1L;

  public ProvisionException(String message) {
    super(message);
  }

  public ProvisionException(String message, Throwable cause) {
    super(message, cause);
  }
}
