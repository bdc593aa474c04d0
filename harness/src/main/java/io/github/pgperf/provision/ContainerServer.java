package io.github.pgperf.provision;

import io.github.pgperf.connect.ConnectionSpec;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Starts PostgreSQL in a container with Testcontainers. This is the only class that refers to
 * Testcontainers, and it is loaded only after {@link DockerProbe} found its classes.
 */
final class ContainerServer {

  private static final int POSTGRES_PORT = 5432;

  private ContainerServer() {}

  static boolean dockerAvailable() {
    return DockerClientFactory.instance().isDockerAvailable();
  }

  static ProvisionedServer start(ProviderChoice choice, Provider.Testcontainers provider)
      throws ProvisionException {
    long startNanos = System.nanoTime();
    ServerStart start = ServerStart.of(provider, provider.settings());
    // A fresh password per container: nothing to configure, nothing that could leak and matter.
    byte[] random = new byte[12];
    new SecureRandom().nextBytes(random);
    String password = HexFormat.of().formatHex(random);
    PostgreSQLContainer container;
    try {
      container = new PostgreSQLContainer(
          DockerImageName.parse(provider.image()).asCompatibleSubstituteFor("postgres"));
      container.withDatabaseName("pgperf").withUsername("pgperf").withPassword(password);
      // Replaces Testcontainers' own command, which is postgres -c fsync=off.
      List<String> command = new ArrayList<>(List.of("postgres"));
      start.commandLine().forEach((name, value) -> {
        command.add("-c");
        command.add(name + "=" + value);
      });
      container.setCommand(command.toArray(String[]::new));
      container.start();
    } catch (RuntimeException e) {
      throw new ProvisionException("TESTCONTAINERS could not start image \"" + provider.image()
          + "\": " + ProvisionedServer.rootCause(e), e);
    }
    ConnectionSpec spec = new ConnectionSpec(container.getHost(),
        container.getMappedPort(POSTGRES_PORT), "pgperf", "pgperf", password,
        ConnectionSpec.DEFAULT_CONNECT_TIMEOUT);
    return ProvisionedServer.ready(choice, spec, start.reported(), provider.version(),
        container::stop, startNanos);
  }
}
