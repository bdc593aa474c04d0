package io.github.pgperf.history;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Driver;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where the history is kept: a directory of JSON lines ({@link DirectoryStore}, the default, for a
 * CI cache or a branch of the repository), or a table in a PostgreSQL database ({@link
 * PostgresStore}, for many concurrent writers).
 */
public sealed interface HistoryStore permits DirectoryStore, PostgresStore {

  /**
   * Everything stored.
   *
   * @throws IOException when the store cannot be read at all (a line that cannot be read is a
   *     warning instead)
   */
  History load() throws IOException;

  /**
   * Adds one build's points and the changes it reported, all or nothing as far as the store allows
   * (one transaction; one write of whole lines). A point of a build and test already stored is not
   * stored again.
   *
   * @throws IOException when they cannot be written
   */
  void append(List<HistoryRecord> points, List<ReportedChange> reported) throws IOException;

  /** Where the store is, for messages (never a password). */
  String description();

  /**
   * The store at {@code location}: a PostgreSQL URL ({@code jdbc:postgresql://...}, {@code
   * postgresql://...} or {@code postgres://...}), else a directory, relative to {@code base}.
   *
   * @param driver gives the JDBC driver, asked only for a database URL
   * @param environment {@code PGUSER} and {@code PGPASSWORD} for a database without them in its URL
   * @throws IllegalArgumentException when a URL holds a password, or no driver can be had
   */
  static HistoryStore open(
      String location, Path base, Supplier<Driver> driver, Map<String, String> environment) {
    if (PostgresStore.isUrl(location)) {
      return PostgresStore.of(location, driver.get(), environment);
    }
    return new DirectoryStore(base.resolve(location));
  }
}
