package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.STABLE;

import java.io.IOException;
import org.apiguardian.api.API;

/** A result file (or text) that cannot be read as pgperf's JSON result: the message names both. */
@API(status = STABLE, since = "0.1.0")
public final class ResultFileException extends IOException {

  private static final long serialVersionUID = 1L;

  ResultFileException(String source, String cause, Throwable e) {
    super("cannot read result " + source + ": " + cause, e);
  }
}
