package io.github.pgperf.result;

import java.io.IOException;

/** A result file (or text) that cannot be read as pgperf's JSON result: the message names both. */
public final class ResultFileException extends IOException {

  private static final long serialVersionUID = 1L;

  ResultFileException(String source, String cause, Throwable e) {
    super("cannot read result " + source + ": " + cause, e);
  }
}
