package io.github.pgperf.internal.connect;

import java.util.Map;

/**
 * A database name that is really a libpq connection string, as pgbench's (libpq's {@code
 * expand_dbname}) rule has it: one that starts with {@code postgresql://} or {@code postgres://} is
 * a URI, any other holding {@code =} is a {@code keyword=value} string.
 */
final class ConnectionString {

  private ConnectionString() {}

  /** libpq's {@code recognized_connection_string}. */
  static boolean recognized(String text) {
    return ConnectionUri.prefixLength(text) > 0 || text.indexOf('=') >= 0;
  }

  /**
   * The parameters the string gives, in its order; what it leaves out is absent.
   *
   * @throws ConnectionStringException with libpq's message when the string is malformed or names a
   *     keyword libpq does not know
   */
  static Map<Keyword, String> parse(String text) {
    return ConnectionUri.prefixLength(text) > 0
        ? ConnectionUri.parse(text)
        : KeywordValueString.parse(text);
  }
}
