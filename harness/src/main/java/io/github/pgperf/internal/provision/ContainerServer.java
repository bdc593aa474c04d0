package io.github.pgperf.internal.provision;

import io.github.pgperf.internal.connect.ConnectionSpec;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Starts PostgreSQL in a container with Testcontainers. This is the only class that refers to
 * Testcontainers, and it is loaded only after {@link DockerProbe} found its classes.
 *
 * <p>As the embedded server, the container starts with pgperf's own settings
 * ({@link #OWN_SETTINGS}: pg_stat_statements loaded, for the per-statement work runs capture, and
 * I/O timing on; the official {@code postgres} images ship the extension) under the test's, and
 * results record them as the provider's settings. A test's own {@code shared_preload_libraries}
 * is kept, with pg_stat_statements added to it.
 */
final class ContainerServer {

  private static final int POSTGRES_PORT = 5432;
  private static final String PRELOAD = "shared_preload_libraries";
  private static final String PG_STAT_STATEMENTS = "pg_stat_statements";

  /** What pgperf changes so that runs capture the database's own work. */
  static final ServerSettings OWN_SETTINGS = new ServerSettings(Map.of(
      "shared_preload_libraries", PG_STAT_STATEMENTS,
      "track_io_timing", "on"));

  private ContainerServer() {}

  /**
   * The settings the container starts with: pgperf's own, then the test's over them, except that
   * the test's {@code shared_preload_libraries} gets pg_stat_statements added rather than
   * replacing it (a test that preloads {@code auto_explain} still gets its per-statement work).
   */
  static ServerSettings settings(ServerSettings test) {
    ServerSettings all = OWN_SETTINGS.with(test);
    String libraries = test.values().get(PRELOAD);
    if (libraries == null) {
      return all;
    }
    List<String> names = new ArrayList<>();
    for (String name : libraries.split(",")) {
      String bare = name.strip().replaceAll("^['\"]|['\"]$", "").strip();
      if (!bare.isEmpty()) {
        names.add(bare);
      }
    }
    if (!names.contains(PG_STAT_STATEMENTS)) {
      names.add(PG_STAT_STATEMENTS);
    }
    return all.with(new ServerSettings(Map.of(PRELOAD, String.join(",", names))));
  }

  /** What the container is started with: its settings as they are applied and reported. */
  static ServerStart serverStart(Provider.Testcontainers provider) {
    return ServerStart.of(provider, settings(provider.settings()));
  }

  /**
   * The container's command: {@code postgres} and every setting as {@code -c name=value}, in
   * name order. It replaces Testcontainers' own, which is {@code postgres -c fsync=off}; the
   * image's entry point runs it after initializing the cluster.
   */
  static List<String> command(ServerStart start) {
    List<String> command = new ArrayList<>(List.of("postgres"));
    new TreeMap<>(start.commandLine()).forEach((name, value) -> {
      command.add("-c");
      command.add(name + "=" + value);
    });
    return List.copyOf(command);
  }

  /** The container of {@code provider}, configured and not started (which needs Docker). */
  static PostgreSQLContainer container(Provider.Testcontainers provider, ServerStart start,
      String password) {
    PostgreSQLContainer container = new PostgreSQLContainer(
        DockerImageName.parse(provider.image()).asCompatibleSubstituteFor("postgres"));
    container.withDatabaseName("pgperf").withUsername("pgperf").withPassword(password);
    container.setCommand(command(start).toArray(String[]::new));
    return container;
  }

  static ProvisionedServer start(ProviderChoice choice, Provider.Testcontainers provider)
      throws ProvisionException {
    long startNanos = System.nanoTime();
    ServerStart start = serverStart(provider);
    // A fresh password per container: nothing to configure, nothing that could leak and matter.
    byte[] random = new byte[12];
    new SecureRandom().nextBytes(random);
    String password = HexFormat.of().formatHex(random);
    PostgreSQLContainer container;
    try {
      container = container(provider, start, password);
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
