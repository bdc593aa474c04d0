package io.github.pgperf.internal.provision;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.connect.ConnectionStringException;
import io.github.pgperf.provision.ProviderKind;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The provider chosen for a request and why, in words a user can act on (for example {@code AUTO:
 * no external URL configured; Docker is not available}).
 *
 * @param provider the chosen provider
 * @param reason why it was chosen, one line
 */
public record ProviderChoice(Provider provider, String reason) {

  public ProviderChoice {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(reason, "reason");
  }

  /**
   * Chooses the provider for a request. {@link ProviderKind#AUTO} takes the external server when a
   * URL is configured, else Testcontainers when it is on the classpath and Docker is available,
   * else the embedded server. An explicit kind is taken as asked, and its preconditions are checked
   * here so that a missing one is an error rather than a silent fallback. Docker is asked through
   * {@link DockerReadiness}: whether it can start the container (its image and those Testcontainers
   * needs on the Docker host or pullable), known within its bound rather than after Testcontainers'
   * minutes of retries; AUTO takes the embedded server when it cannot, saying why.
   *
   * @throws ProvisionException when the asked provider cannot work: no URL for {@code EXTERNAL},
   *     server settings for {@code EXTERNAL}, Testcontainers missing, no Docker, or an image that
   *     cannot be had for {@code TESTCONTAINERS} (naming the image, the cause and what to do)
   */
  public static ProviderChoice choose(ServerRequest request) throws ProvisionException {
    return choose(request, new DockerProbe());
  }

  static ProviderChoice choose(ServerRequest request, DockerProbe docker)
      throws ProvisionException {
    switch (request.kind()) {
      case EXTERNAL:
        if (request.url() == null) {
          throw new ProvisionException(
              "provider EXTERNAL needs a server URL:"
                  + " set PGPERF_URL or the configuration parameter pgperf.url");
        }
        return new ProviderChoice(external(request), "EXTERNAL asked");
      case TESTCONTAINERS:
        if (!docker.testcontainersPresent()) {
          throw new ProvisionException(
              "provider TESTCONTAINERS needs"
                  + " org.testcontainers:testcontainers-postgresql on the test classpath");
        }
        DockerState state = docker.state(request.effectiveImage());
        if (state instanceof DockerState.Absent) {
          throw new ProvisionException(
              "provider TESTCONTAINERS cannot start a container:"
                  + " Testcontainers found no Docker environment; use EMBEDDED or EXTERNAL,"
                  + " or AUTO to fall back to them");
        }
        if (state instanceof DockerState.Unusable u) {
          throw new ProvisionException(
              "provider TESTCONTAINERS cannot start a container: "
                  + u.problem()
                  + ". To go on: "
                  + u.fixes());
        }
        return new ProviderChoice(container(request), "TESTCONTAINERS asked");
      case EMBEDDED:
        return new ProviderChoice(embedded(request), "EMBEDDED asked");
      case AUTO:
      default:
        if (request.url() != null) {
          return new ProviderChoice(
              external(request), "AUTO: an external server URL is configured");
        }
        if (!docker.testcontainersPresent()) {
          return new ProviderChoice(
              embedded(request),
              "AUTO: no external server URL configured; Testcontainers is not on the classpath");
        }
        DockerState found = docker.state(request.effectiveImage());
        if (found instanceof DockerState.Absent) {
          return new ProviderChoice(
              embedded(request),
              "AUTO: no external server URL configured; Docker is not available");
        }
        if (found instanceof DockerState.Unusable u) {
          return new ProviderChoice(
              embedded(request),
              "AUTO: no external server URL configured; Docker is available but "
                  + u.problem()
                  + " (README, \"Testcontainers\")");
        }
        return new ProviderChoice(
            container(request), "AUTO: no external server URL configured; Docker is available");
    }
  }

  /**
   * Starts (or, for an external server, connects to and checks) the chosen server.
   *
   * @throws ProvisionException naming the server and the cause when it cannot be had
   */
  public ProvisionedServer start() throws ProvisionException {
    if (provider instanceof Provider.External e) {
      return ExternalServer.connect(this, e, System.getenv("PGPERF_PASSWORD"));
    }
    if (provider instanceof Provider.Testcontainers t) {
      return ContainerServer.start(this, t);
    }
    return EmbeddedServer.start(this, (Provider.Embedded) provider);
  }

  private static Provider.External external(ServerRequest request) throws ProvisionException {
    if (!request.settings().isEmpty()) {
      throw new ProvisionException(
          "server settings "
              + request.settings().values().keySet()
              + " cannot be applied to an EXTERNAL server: set them on that server");
    }
    // Read now, so that a URL that cannot work (or holds a password) fails the choice, masked.
    ExternalServer.url(request.url());
    return new Provider.External(
        request.url(),
        request.user(),
        request.passwordFile(),
        connectTimeout(request, System.getenv()),
        request.version());
  }

  /** pgperf.connectTimeout, else libpq's PGCONNECT_TIMEOUT, else the default. */
  static Duration connectTimeout(ServerRequest request, Map<String, String> env)
      throws ProvisionException {
    if (request.connectTimeout() != null) {
      return request.connectTimeout();
    }
    try {
      return ConnectionSpec.connectTimeout(env, ServerRequest.DEFAULT_CONNECT_TIMEOUT);
    } catch (ConnectionStringException e) {
      throw new ProvisionException(e.getMessage());
    }
  }

  private static Provider.Testcontainers container(ServerRequest request) {
    return new Provider.Testcontainers(
        request.effectiveImage(), request.version(), request.settings());
  }

  private static Provider.Embedded embedded(ServerRequest request) {
    return new Provider.Embedded(request.version(), request.settings());
  }
}
