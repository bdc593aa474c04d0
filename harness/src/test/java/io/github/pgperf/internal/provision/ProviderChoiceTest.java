package io.github.pgperf.internal.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.provision.ProviderKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProviderChoiceTest {

  private static final DockerProbe NO_TESTCONTAINERS =
      new DockerProbe("no.such.DockerClientFactory");
  private static final DockerProbe REAL = new DockerProbe();

  /**
   * A probe that finds Testcontainers and gets {@code state} from Docker, for the choice's rules;
   * what a real Docker engine answers is DockerFailuresIT's.
   */
  static DockerProbe probe(DockerState state) {
    return new DockerProbe() {
      @Override
      DockerState state(String image) {
        return state;
      }
    };
  }

  private static ServerRequest request(
      ProviderKind kind, String url, String version, ServerSettings settings) {
    return new ServerRequest(
        kind, url, null, null, Duration.ofSeconds(10), version, null, settings);
  }

  @Test
  void autoTakesTheExternalServerWhenAUrlIsConfigured() throws ProvisionException {
    ProviderChoice choice =
        ProviderChoice.choose(
            request(ProviderKind.AUTO, "jdbc:postgresql://db:5432/app", "15", ServerSettings.NONE),
            REAL);
    assertThat(choice.provider())
        .isEqualTo(
            new Provider.External(
                "jdbc:postgresql://db:5432/app", null, null, Duration.ofSeconds(10), "15"));
    assertThat(choice.reason()).isEqualTo("AUTO: an external server URL is configured");
  }

  @Test
  void autoFallsBackToEmbeddedWithoutTestcontainersOrDocker() throws ProvisionException {
    ServerRequest request = request(ProviderKind.AUTO, null, null, ServerSettings.NONE);
    ProviderChoice absent = ProviderChoice.choose(request, NO_TESTCONTAINERS);
    assertThat(absent.provider()).isEqualTo(new Provider.Embedded(null, ServerSettings.NONE));
    assertThat(absent.reason())
        .isEqualTo(
            "AUTO: no external server URL configured; Testcontainers is not on the classpath");
    ProviderChoice noDocker =
        ProviderChoice.choose(request, probe(new DockerState.Absent("no socket")));
    assertThat(noDocker.provider().kind()).isEqualTo(ProviderKind.EMBEDDED);
    assertThat(noDocker.reason()).endsWith("Docker is not available");
    ProviderChoice noImage =
        ProviderChoice.choose(
            request,
            probe(
                new DockerState.Unusable(
                    "image \"postgres:15\" is not on the Docker host and could not be pulled: no such host",
                    "use provider EMBEDDED")));
    assertThat(noImage.provider().kind()).isEqualTo(ProviderKind.EMBEDDED);
    assertThat(noImage.reason())
        .isEqualTo(
            "AUTO: no external server URL configured; Docker is"
                + " available but image \"postgres:15\" is not on the Docker host and could not be"
                + " pulled: no such host (README, \"Testcontainers\")");
    ProviderChoice ready = ProviderChoice.choose(request, probe(new DockerState.Ready()));
    assertThat(ready.provider())
        .isEqualTo(new Provider.Testcontainers("postgres:15", null, ServerSettings.NONE));
    assertThat(ready.reason()).endsWith("Docker is available");
  }

  @Test
  void explicitTestcontainersWithoutItsClassesIsAnError() {
    assertThatThrownBy(
            () ->
                ProviderChoice.choose(
                    request(ProviderKind.TESTCONTAINERS, null, null, ServerSettings.NONE),
                    NO_TESTCONTAINERS))
        .isInstanceOf(ProvisionException.class)
        .hasMessage(
            "provider TESTCONTAINERS needs org.testcontainers:testcontainers-postgresql"
                + " on the test classpath");
  }

  @Test
  void externalNeedsAUrlAndTakesNoServerSettings() {
    assertThatThrownBy(
            () ->
                ProviderChoice.choose(
                    request(ProviderKind.EXTERNAL, null, null, ServerSettings.NONE), REAL))
        .hasMessage(
            "provider EXTERNAL needs a server URL: set PGPERF_URL or the configuration"
                + " parameter pgperf.url");
    ServerSettings settings = ServerSettings.parse(List.of("shared_buffers=1GB"));
    assertThatThrownBy(
            () ->
                ProviderChoice.choose(
                    request(ProviderKind.EXTERNAL, "jdbc:postgresql://db/app", null, settings),
                    REAL))
        .hasMessage(
            "server settings [shared_buffers] cannot be applied to an EXTERNAL server:"
                + " set them on that server");
  }

  @Test
  void testcontainersImageFollowsTheVersionUnlessGiven() {
    assertThat(
            request(ProviderKind.TESTCONTAINERS, null, null, ServerSettings.NONE).effectiveImage())
        .isEqualTo("postgres:15");
    assertThat(
            request(ProviderKind.TESTCONTAINERS, null, "16", ServerSettings.NONE).effectiveImage())
        .isEqualTo("postgres:16");
  }

  @Test
  void startedServersRestorePostgresDefaultsAndTheTestsSettingsWin() {
    ServerSettings mine = ServerSettings.parse(List.of("synchronous_commit=off", "work_mem=8MB"));
    ServerStart embedded = ServerStart.of(new Provider.Embedded(null, mine), mine);
    assertThat(embedded.commandLine())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "fsync",
                "on",
                "synchronous_commit",
                "off",
                "max_connections",
                "100",
                "work_mem",
                "8MB"));
    assertThat(embedded.reported())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("timezone", "UTC", "synchronous_commit", "off", "work_mem", "8MB"));
    ServerStart container =
        ServerStart.of(
            new Provider.Testcontainers("postgres:15", null, ServerSettings.NONE),
            ServerSettings.NONE);
    assertThat(container.commandLine()).containsExactlyInAnyOrderEntriesOf(Map.of("fsync", "on"));
    assertThat(container.reported()).isEmpty();
  }

  @Test
  void serverSettingsAreNameValuePairs() {
    assertThat(ServerSettings.parse(List.of("shared_buffers = 256MB", "a.b=")).values())
        .containsExactly(Map.entry("shared_buffers", "256MB"), Map.entry("a.b", ""));
    assertThatThrownBy(() -> ServerSettings.parse(List.of("fsync")))
        .hasMessage("server setting \"fsync\" is not of the form name=value");
    assertThatThrownBy(() -> ServerSettings.parse(List.of("1x=2")))
        .hasMessage("invalid server setting name \"1x\"");
  }

  @Test
  void versionMatchesByMajorOrExactPrefix() {
    assertThat(ProvisionedServer.sameVersion("15", "15.19")).isTrue();
    assertThat(ProvisionedServer.sameVersion("15", "15.20 (Debian 15.20-0+deb12u1)")).isTrue();
    assertThat(ProvisionedServer.sameVersion("15.19", "15.19")).isTrue();
    assertThat(ProvisionedServer.sameVersion("1", "15.19")).isFalse();
    assertThat(ProvisionedServer.sameVersion("16", "15.19")).isFalse();
  }
}
