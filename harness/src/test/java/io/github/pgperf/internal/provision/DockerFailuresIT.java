package io.github.pgperf.internal.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.testing.DockerHost;
import io.github.pgperf.testing.ForkedJvm;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.testcontainers.dockerclient.DockerClientConfigUtils;

/**
 * When Docker answers but the container cannot be had, against the real Docker engine: an image
 * that does not exist, and Testcontainers' Ryuk left on where its image cannot be pulled (pgperf's
 * CI machine has no Docker Hub), and a Docker that never answers. Each ends with pgperf's one-line
 * message naming the image, the cause and what to do, within {@link DockerReadiness#PATIENCE}, and
 * AUTO takes the embedded server instead, saying why.
 */
@DockerHost.Required
class DockerFailuresIT {

  private static final long BOUND_MILLIS = DockerReadiness.PATIENCE.toMillis();

  private static ServerRequest request(ProviderKind kind, String image) {
    return new ServerRequest(
        kind, null, null, null, Duration.ofSeconds(10), null, image, ServerSettings.NONE);
  }

  @Test
  void anImageThatDoesNotExistIsNamedWithTheCauseAndTheFixesWithinTheBound() {
    String image = "pgperf-ci/no-such-image:0";
    assumeFalse(DockerHost.has(image), "the Docker host has " + image);

    long start = System.nanoTime();
    assertThatThrownBy(() -> ProviderChoice.choose(request(ProviderKind.TESTCONTAINERS, image)))
        .isInstanceOf(ProvisionException.class)
        .hasMessageStartingWith(
            "provider TESTCONTAINERS cannot start a container: image \""
                + image
                + "\" is not on the Docker host and could not be pulled: ")
        .hasMessageContaining("set pgperf.image to an image the Docker host has or can pull")
        .hasMessageEndingWith("use provider EMBEDDED (AUTO falls back to it)")
        .hasMessageNotContaining("\n");
    assertThat(millisSince(start)).isLessThan(BOUND_MILLIS);
  }

  @Test
  void autoTakesTheEmbeddedServerWhenTheImageCannotBeHadSayingWhy() throws ProvisionException {
    String image = "pgperf-ci/no-such-image:1";
    assumeFalse(DockerHost.has(image), "the Docker host has " + image);

    long start = System.nanoTime();
    ProviderChoice choice = ProviderChoice.choose(request(ProviderKind.AUTO, image));

    assertThat(millisSince(start)).isLessThan(BOUND_MILLIS);
    assertThat(choice.provider().kind()).isEqualTo(ProviderKind.EMBEDDED);
    assertThat(choice.reason())
        .startsWith(
            "AUTO: no external server URL configured; Docker is"
                + " available but image \""
                + image
                + "\" is not on the Docker host and could not be"
                + " pulled: ")
        .doesNotContain("\n");
  }

  @Test
  void withRyukLeftOnItsImageIsNamedWithItsSettingAndAutoFallsBack() throws Exception {
    String ryuk =
        DockerReadiness.imageConstant(
            "org.testcontainers.utility.RyukContainer", "testcontainers/ryuk");
    assertThat(ryuk).as("Testcontainers' Ryuk image, read from its class").isNotNull();
    assumeFalse(DockerHost.has(ryuk), "the Docker host has " + ryuk);
    // Only Ryuk on: the host's address is given, and the server's image is there.
    Map<String, String> ryukOn = Map.of(DockerReadiness.HOST_OVERRIDE, "localhost");

    Chosen refused = choose(ryukOn, ProviderKind.TESTCONTAINERS);
    assumeFalse(refused.line().startsWith("chose"), "this Docker engine pulled " + ryuk);
    assertThat(refused.line())
        .startsWith(
            "refused: provider TESTCONTAINERS cannot start a"
                + " container: Testcontainers' Ryuk image \""
                + ryuk
                + "\" is not on the Docker host and"
                + " could not be pulled: ")
        .contains("set TESTCONTAINERS_RYUK_DISABLED=true (pgperf stops its containers itself)")
        .endsWith("use provider EMBEDDED (AUTO falls back to it)")
        .doesNotContain(DockerHost.image());
    assertThat(refused.millis()).isLessThan(BOUND_MILLIS);

    Chosen auto = choose(ryukOn, ProviderKind.AUTO);
    assertThat(auto.line())
        .startsWith(
            "chose EMBEDDED: AUTO: no external server URL configured;"
                + " Docker is available but Testcontainers' Ryuk image \""
                + ryuk
                + "\"");
    assertThat(auto.millis()).isLessThan(BOUND_MILLIS);
  }

  @Test
  void withNeitherSettingEveryImageTestcontainersWouldPullIsNamed() throws Exception {
    String ryuk =
        DockerReadiness.imageConstant(
            "org.testcontainers.utility.RyukContainer", "testcontainers/ryuk");
    assumeFalse(DockerHost.has(ryuk), "the Docker host has " + ryuk);
    // Testcontainers finds the host's address with a container where this machine is itself
    // one and the bridge network names no gateway (pgperf's CI machine).
    boolean findsAddress =
        DockerClientConfigUtils.IN_A_CONTAINER
            && DockerHost.with(
                docker ->
                    docker
                        .inspectNetworkCmd()
                        .withNetworkId("bridge")
                        .exec()
                        .getIpam()
                        .getConfig()
                        .stream()
                        .map(c -> c.getGateway())
                        .allMatch(Objects::isNull));

    Chosen refused = choose(Map.of(), ProviderKind.TESTCONTAINERS);
    assumeFalse(refused.line().startsWith("chose"), "this Docker engine pulled " + ryuk);

    assertThat(refused.line())
        .contains("Testcontainers' Ryuk image \"" + ryuk + "\"")
        .contains("TESTCONTAINERS_RYUK_DISABLED=true");
    if (findsAddress) {
      assertThat(refused.line())
          .contains(
              "(Testcontainers runs it to find the Docker host's"
                  + " address) is not on the Docker host")
          .contains("set TESTCONTAINERS_HOST_OVERRIDE to the Docker host's address");
    }
    assertThat(refused.millis()).isLessThan(BOUND_MILLIS);
  }

  @Test
  void aDockerThatNeverAnswersEndsWithinTheBound() throws Exception {
    // A socket that takes connections and never says a word: a hung daemon, a proxy's black hole.
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor =
          new Thread(
              () -> {
                List<Socket> held = new ArrayList<>();
                try {
                  while (true) {
                    held.add(silent.accept());
                  }
                } catch (IOException closed) {
                  held.forEach(
                      s -> {
                        try {
                          s.close();
                        } catch (IOException e) {
                          // closing anyway
                        }
                      });
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();

      Chosen refused =
          choose(
              Map.of("DOCKER_HOST", "tcp://127.0.0.1:" + silent.getLocalPort()),
              ProviderKind.TESTCONTAINERS);

      assertThat(refused.line())
          .startsWith(
              "refused: provider TESTCONTAINERS cannot start a"
                  + " container: Docker gave no answer for "
                  + DockerReadiness.PATIENCE.toSeconds()
                  + " s while ")
          .contains("docker info")
          .endsWith("use provider EMBEDDED (AUTO falls" + " back to it)");
      // The bound and the JVM's start, no more.
      assertThat(refused.millis()).isBetween(BOUND_MILLIS, BOUND_MILLIS + 5_000);
    }
  }

  /**
   * What {@link ChooseMain} printed for {@code kind} and the tests' image, in a JVM whose
   * environment has Testcontainers' settings from {@code settings} only.
   */
  private static Chosen choose(Map<String, String> settings, ProviderKind kind)
      throws IOException, InterruptedException {
    String printed =
        ForkedJvm.run(
                null,
                List.of(),
                env -> {
                  env.keySet().removeIf(k -> k.startsWith("TESTCONTAINERS_"));
                  env.putAll(settings);
                },
                ChooseMain.class.getName(),
                kind.name(),
                DockerHost.image())
            .console();
    Matcher m =
        Pattern.compile("(?m)^((?:chose|refused)[^\\n]*)\\nafter (\\d+) ms$").matcher(printed);
    assertThat(m.find()).as(printed).isTrue();
    return new Chosen(m.group(1), Long.parseLong(m.group(2)));
  }

  private record Chosen(String line, long millis) {}

  private static long millisSince(long nanoTime) {
    return (System.nanoTime() - nanoTime) / 1_000_000;
  }
}
