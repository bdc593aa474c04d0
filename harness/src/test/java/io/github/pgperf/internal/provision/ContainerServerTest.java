package io.github.pgperf.internal.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.pgperf.provision.ProviderKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The TESTCONTAINERS provider's container as configured, without starting it, and the messages of a
 * provider that cannot start one; started on a real Docker engine by {@code DockerFailuresIT} and
 * {@code junit.TestcontainersIT}.
 */
class ContainerServerTest {

  private static Provider.Testcontainers provider(String... settings) {
    return new Provider.Testcontainers(
        "postgres:15", null, ServerSettings.parse(List.of(settings)));
  }

  @Test
  void theContainerLoadsPgStatStatementsWithIoTimingAndRecordsThemAsTheProvidersSettings() {
    ServerStart start = ContainerServer.serverStart(provider());

    assertThat(ContainerServer.command(start))
        .containsExactly(
            "postgres",
            "-c",
            "fsync=on",
            "-c",
            "pg_stat_statements.track=all",
            "-c",
            "shared_preload_libraries=pg_stat_statements",
            "-c",
            "track_io_timing=on");
    // Reported as EMBEDDED reports them: part of the baseline's fingerprint. fsync=on is
    // PostgreSQL's default, set back from Testcontainers' fsync=off, and not a change.
    assertThat(start.reported())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "shared_preload_libraries",
                "pg_stat_statements",
                "pg_stat_statements.track",
                "all",
                "track_io_timing",
                "on"));
  }

  @Test
  void aTestsOwnPreloadedLibrariesAreKeptAndItsOtherSettingsWin() {
    ServerStart start =
        ContainerServer.serverStart(
            provider(
                "shared_preload_libraries=auto_explain",
                "track_io_timing=off",
                "work_mem=8MB",
                "fsync=off"));

    assertThat(start.commandLine())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "fsync", "off",
                "pg_stat_statements.track", "all",
                "shared_preload_libraries", "auto_explain,pg_stat_statements",
                "track_io_timing", "off",
                "work_mem", "8MB"));
    assertThat(start.reported()).isEqualTo(start.commandLine());
    // Named already, in any form a configuration file takes: not added twice.
    assertThat(
            ContainerServer.settings(
                    ServerSettings.parse(
                        List.of("shared_preload_libraries='pg_stat_statements, auto_explain'")))
                .values())
        .containsEntry("shared_preload_libraries", "pg_stat_statements,auto_explain");
    assertThat(
            ContainerServer.settings(ServerSettings.parse(List.of("shared_preload_libraries=")))
                .values())
        .containsEntry("shared_preload_libraries", "pg_stat_statements");
  }

  @Test
  void theConfiguredContainerRunsThatCommandWithPgperfsDatabaseAndUser() {
    // (Its image is resolved only with Docker: asking for its name here would look for one.)
    Provider.Testcontainers provider = provider("shared_buffers=256MB");
    ServerStart start = ContainerServer.serverStart(provider);

    try (PostgreSQLContainer container = ContainerServer.container(provider, start, "secret")) {
      assertThat(container.getCommandParts())
          .containsExactlyElementsOf(ContainerServer.command(start))
          .contains("shared_buffers=256MB", "shared_preload_libraries=pg_stat_statements")
          .doesNotContain("fsync=off");
      assertThat(container.getDatabaseName()).isEqualTo("pgperf");
      assertThat(container.getUsername()).isEqualTo("pgperf");
    }
  }

  @Test
  void withoutDockerTheProviderSaysSoAndHowToGoOn() {
    ServerRequest request =
        new ServerRequest(
            ProviderKind.TESTCONTAINERS,
            null,
            null,
            null,
            Duration.ofSeconds(10),
            null,
            null,
            ServerSettings.NONE);

    assertThatThrownBy(
            () ->
                ProviderChoice.choose(
                    request, ProviderChoiceTest.probe(new DockerState.Absent("no socket"))))
        .isInstanceOf(ProvisionException.class)
        .hasMessage(
            "provider TESTCONTAINERS cannot start a container: Testcontainers found no"
                + " Docker environment; use EMBEDDED or EXTERNAL, or AUTO to fall back to them");
    assertThatThrownBy(
            () ->
                ProviderChoice.choose(
                    request,
                    ProviderChoiceTest.probe(
                        new DockerState.Unusable(
                            "image \"postgres:15\" is not on the"
                                + " Docker host and could not be pulled: no such host",
                            "use provider EMBEDDED"))))
        .isInstanceOf(ProvisionException.class)
        .hasMessage(
            "provider TESTCONTAINERS cannot start a container: image \"postgres:15\" is"
                + " not on the Docker host and could not be pulled: no such host. To go on: use"
                + " provider EMBEDDED");
  }

  @Test
  void startedWithoutDockerItSaysWhichImageAndWhy() {
    // Docker gone after the check: where it runs, DockerFailuresIT and TestcontainersIT test it.
    assumeTrue(
        new DockerProbe().state("postgres:15") instanceof DockerState.Absent, "Docker runs here");
    assertThatThrownBy(() -> ContainerServer.start(null, provider()))
        .isInstanceOf(ProvisionException.class)
        .hasMessageStartingWith("TESTCONTAINERS could not start image \"postgres:15\": ")
        .hasMessageNotContaining("\n");
  }
}
