package io.github.pgperf.internal.provision;

import com.github.dockerjava.api.DockerClient;
import io.github.pgperf.internal.capture.ContainerCpu;
import io.github.pgperf.internal.connect.ConnectionSpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * Starts PostgreSQL in a container with Testcontainers. With {@link DockerReadiness} and {@link
 * ContainerCpuUsage}, the only classes that refer to Testcontainers, loaded only after {@link
 * DockerProbe} found its classes.
 *
 * <p>Where Testcontainers' reuse is turned on ({@code testcontainers.reuse.enable=true} in {@code
 * ~/.testcontainers.properties}, or {@code TESTCONTAINERS_REUSE_ENABLE=true}), the container is
 * marked reusable: a later build with the same image and settings finds it running (its pgbench
 * tables made already), and pgperf leaves it running at the end.
 *
 * <p>As the embedded server, the container starts with pgperf's own settings ({@link
 * #OWN_SETTINGS}: pg_stat_statements loaded, for the per-statement work runs capture, counting the
 * statements functions and triggers run too ({@code pg_stat_statements.track = all}), and I/O
 * timing on; the official {@code postgres} images ship the extension) under the test's, and results
 * record them as the provider's settings. A test's own {@code shared_preload_libraries} is kept,
 * with pg_stat_statements added to it.
 */
final class ContainerServer {

  private static final int POSTGRES_PORT = 5432;
  private static final String PRELOAD = "shared_preload_libraries";
  private static final String PG_STAT_STATEMENTS = "pg_stat_statements";

  /** What pgperf changes so that runs capture the database's own work. */
  static final ServerSettings OWN_SETTINGS =
      new ServerSettings(
          Map.of(
              "shared_preload_libraries", PG_STAT_STATEMENTS,
              // A trigger's or function's statements are work of the transaction: counted, not
              // hidden.
              "pg_stat_statements.track", "all",
              "track_io_timing", "on"));

  private ContainerServer() {}

  /**
   * The settings the container starts with: pgperf's own, then the test's over them, except that
   * the test's {@code shared_preload_libraries} gets pg_stat_statements added rather than replacing
   * it (a test that preloads {@code auto_explain} still gets its per-statement work).
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
   * The container's command: {@code postgres} and every setting as {@code -c name=value}, in name
   * order. It replaces Testcontainers' own, which is {@code postgres -c fsync=off}; the image's
   * entry point runs it after initializing the cluster.
   */
  static List<String> command(ServerStart start) {
    List<String> command = new ArrayList<>(List.of("postgres"));
    new TreeMap<>(start.commandLine())
        .forEach(
            (name, value) -> {
              command.add("-c");
              command.add(name + "=" + value);
            });
    return List.copyOf(command);
  }

  /** The container of {@code provider}, configured and not started (which needs Docker). */
  static PostgreSQLContainer container(
      Provider.Testcontainers provider, ServerStart start, String password) {
    PostgreSQLContainer container =
        new PostgreSQLContainer(
            DockerImageName.parse(provider.image()).asCompatibleSubstituteFor("postgres"));
    container.withDatabaseName("pgperf").withUsername("pgperf").withPassword(password);
    container.setCommand(command(start).toArray(String[]::new));
    return container;
  }

  static ProvisionedServer start(ProviderChoice choice, Provider.Testcontainers provider)
      throws ProvisionException {
    long startNanos = System.nanoTime();
    ServerStart start = serverStart(provider);
    boolean reuse = TestcontainersConfiguration.getInstance().environmentSupportsReuse();
    PostgreSQLContainer container;
    String password;
    try {
      password = reuse ? reusablePassword(provider) : freshPassword();
      container = container(provider, start, password);
      container.withReuse(reuse);
      container.start();
    } catch (RuntimeException e) {
      throw new ProvisionException(
          "TESTCONTAINERS could not start image \""
              + provider.image()
              + "\": "
              + DockerReadiness.daemonWords(e)
              + " (a container of another image must honour"
              + " the official postgres image's contract: README, \"Testcontainers\")",
          e);
    }
    ConnectionSpec spec =
        new ConnectionSpec(
            container.getHost(),
            container.getMappedPort(POSTGRES_PORT),
            "pgperf",
            "pgperf",
            password,
            ConnectionSpec.DEFAULT_CONNECT_TIMEOUT);
    ContainerCpu cpu =
        ContainerCpuUsage.of(
            container.getContainerId(),
            container.getContainerInfo().getState().getPidLong(),
            container.getDockerClient());
    // A reusable container is left running for the next build, which finds it by its settings.
    AutoCloseable stop = reuse ? () -> {} : container::stop;
    return ProvisionedServer.ready(
            choice, spec, start.reported(), provider.version(), stop, startNanos)
        .withContainerCpu(cpu);
  }

  /** A fresh password per container: nothing to configure, nothing that could leak and matter. */
  private static String freshPassword() {
    byte[] random = new byte[12];
    new SecureRandom().nextBytes(random);
    return HexFormat.of().formatHex(random);
  }

  /**
   * The password of a reusable container, the same in every build, since Testcontainers finds the
   * container to reuse by its settings, the password among them; written nowhere: derived from the
   * Docker engine's ID (which only those who may use the engine, and so read any container's
   * settings, can ask for), the user and the image.
   */
  static String reusablePassword(Provider.Testcontainers provider) {
    DockerClient docker = DockerClientFactory.instance().client();
    String engine = docker.infoCmd().exec().getId();
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(engine.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      byte[] derived =
          mac.doFinal(
              ("pgperf " + System.getProperty("user.name") + " " + provider.image())
                  .getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(derived, 0, 12);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java platform", e);
    }
  }
}
