package io.github.pgperf.internal.connect;

import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Filter;
import java.util.logging.Logger;

/**
 * pgjdbc logs a warning quoting the whole URL, password included, through java.util.logging when
 * {@code Driver.parseURL} cannot read a URL, and its default handler prints it on the console.
 * While pgperf parses a user's URL on a thread, its records on that thread are dropped; every other
 * record, of that logger too, still goes where the application's logging sends it.
 */
final class QuietDriverLog {

  /** Held here: java.util.logging keeps loggers, and so their filters, only while referenced. */
  private static final List<Logger> LOGGERS =
      List.of(
          Logger.getLogger("org.postgresql.Driver"),
          Logger.getLogger("org.postgresql.util.PGPropertyUtil"),
          Logger.getLogger("org.postgresql.jdbcurlresolver.PgServiceConfParser"),
          Logger.getLogger("org.postgresql.jdbcurlresolver.PgPassParser"));

  private static final ThreadLocal<Boolean> QUIET = ThreadLocal.withInitial(() -> false);

  static {
    for (Logger logger : LOGGERS) {
      Filter previous = logger.getFilter();
      logger.setFilter(record -> !QUIET.get() && (previous == null || previous.isLoggable(record)));
    }
  }

  private QuietDriverLog() {}

  /** Runs {@code work} with pgjdbc's records on this thread dropped. */
  static <T> T quietly(Supplier<T> work) {
    boolean was = QUIET.get();
    QUIET.set(true);
    try {
      return work.get();
    } finally {
      QUIET.set(was);
    }
  }
}
