package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A load run that could not be set up or did not complete: a bad option or script (the message is
 * pgbench's, naming the option or the script's file and line), a run that could not start (no
 * connection, missing tables), or a run in which a client aborted (the message carries the runner's
 * error lines). Thrown by {@link LoadRunner}, it fails the test that ran the load.
 */
@API(status = STABLE, since = "0.1.0")
public final class LoadRunException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  LoadRunException(String message) {
    super(message, null, false, false);
  }
}
