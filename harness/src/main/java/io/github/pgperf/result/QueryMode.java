package io.github.pgperf.result;

import java.util.Locale;

/** How statements are sent to the server, as pgbench's {@code -M} names them. */
public enum QueryMode {
  /** One simple-protocol query string per statement (pgbench's default). */
  SIMPLE,
  /** Extended protocol, unnamed statement parsed each time. */
  EXTENDED,
  /** Extended protocol, each statement prepared once per connection. */
  PREPARED;

  /** The name pgbench prints and takes: {@code simple}, {@code extended} or {@code prepared}. */
  public String pgbenchName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
