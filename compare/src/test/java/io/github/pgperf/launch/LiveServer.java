package io.github.pgperf.launch;

/** The live PostgreSQL the tests of this package use, and a database of their own on it. */
final class LiveServer {

  private LiveServer() {}

  /** {@code PGPERF_TEST_URL}, else the local server as user postgres. */
  static String url() {
    String env = System.getenv("PGPERF_TEST_URL");
    return env == null || env.isBlank()
        ? "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres"
        : env;
  }

  /** {@code live} with {@code database} in place of its database. */
  static String database(String live, String database) {
    return live.replaceFirst("^(jdbc:postgresql://[^/]*)/[^?]*", "$1/" + database);
  }
}
