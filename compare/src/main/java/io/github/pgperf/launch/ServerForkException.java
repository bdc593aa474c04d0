package io.github.pgperf.launch;

/** The shared server JVM handed no server over; the message names the cause. */
public final class ServerForkException extends Exception {

  private static final long serialVersionUID = 1L;

  ServerForkException(String message) {
    super(message);
  }
}
