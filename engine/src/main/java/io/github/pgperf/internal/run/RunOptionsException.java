package io.github.pgperf.internal.run;

/**
 * Run options pgbench would refuse, with pgbench's message (for example {@code -c/--client must be
 * in range 1..2147483647}).
 */
public final class RunOptionsException extends Exception {

  private static final long serialVersionUID = 1L;

  RunOptionsException(String message) {
    super(message, null, false, false);
  }
}
