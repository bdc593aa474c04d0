package io.github.pgperf.provision;

import io.github.pgperf.connect.ConnectionSpec;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;

/** Starts PostgreSQL from zonky's embedded binaries; closing the server stops it. */
final class EmbeddedServer {

  private EmbeddedServer() {}

  static ProvisionedServer start(ProviderChoice choice, Provider.Embedded embedded)
      throws ProvisionException {
    long startNanos = System.nanoTime();
    ServerStart start = ServerStart.of(embedded, embedded.settings());
    EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
    start.commandLine().forEach(builder::setServerConfig);
    EmbeddedPostgres postgres;
    try {
      postgres = builder.start();
    } catch (IOException | RuntimeException e) {
      throw new ProvisionException(
          "EMBEDDED server could not be started: " + ProvisionedServer.rootCause(e), e);
    }
    // zonky's cluster trusts local connections: user postgres, database postgres, no password.
    ConnectionSpec spec = new ConnectionSpec("localhost", postgres.getPort(), "postgres",
        "postgres", null, ConnectionSpec.DEFAULT_CONNECT_TIMEOUT);
    return ProvisionedServer.ready(choice, spec, start.reported(), embedded.version(),
        postgres::close, startNanos);
  }
}
