package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.DockerHost;
import io.github.pgperf.testing.ForkedJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Testcontainers' reuse, where the user turned it on ({@code TESTCONTAINERS_REUSE_ENABLE=true}):
 * two builds (test JVMs) one after the other run in one container, the second finding the first's
 * pgbench tables, and the container is left running for the next. Against the real Docker engine;
 * the test removes the container at the end.
 */
@DockerHost.Required
class ContainerReuseIT {

  /** The tests' image under a name of this test's, whose containers it may remove. */
  private static final String REUSE_IMAGE = "pgperf-it/postgres:reuse";

  @TempDir static Path dir;

  @BeforeAll
  static void tagTheImage() {
    removeContainers();
    DockerHost.with(
        docker -> docker.tagImageCmd(DockerHost.image(), "pgperf-it/postgres", "reuse").exec());
  }

  @AfterAll
  static void removeTheContainerAndTheTag() {
    removeContainers();
    DockerHost.with(docker -> docker.removeImageCmd(REUSE_IMAGE).withNoPrune(true).exec());
  }

  private static void removeContainers() {
    DockerHost.containersOf(REUSE_IMAGE)
        .forEach(
            c ->
                DockerHost.with(
                    docker ->
                        docker
                            .removeContainerCmd(c.getId())
                            .withForce(true)
                            .withRemoveVolumes(true)
                            .exec()));
  }

  @Test
  void theNextBuildFindsTheContainerWithItsTablesAndLeavesItRunning() throws Exception {
    Seen first = build("first");
    Seen second = build("second");

    assertThat(second.postmasterStart()).isEqualTo(first.postmasterStart());
    assertThat(first.tables()).isEqualTo("MADE");
    assertThat(second.tables()).isEqualTo("REUSED");
    assertThat(DockerHost.containersOf(REUSE_IMAGE))
        .singleElement()
        .satisfies(c -> assertThat(c.getState()).isEqualTo("running"));
  }

  private record Seen(String postmasterStart, String tables) {}

  /** A build's test JVM with reuse on, running one class on TESTCONTAINERS. */
  private static Seen build(String name) throws IOException, InterruptedException {
    ForkedJvm.Ended build =
        ForkedJvm.run(
            dir,
            List.of(
                "-Dpgperf.provider=TESTCONTAINERS",
                "-Dpgperf.image=" + REUSE_IMAGE,
                "-Dpgperf.results=" + dir.resolve(name)),
            env -> {
              env.put("TESTCONTAINERS_REUSE_ENABLE", "true");
              env.remove("PGPERF_URL");
            },
            ForkedRun.class.getName(),
            ContainerFixtures.SelectOnly.class.getName());
    String console = build.console();
    assertThat(build.exitValue()).as(console).isZero();
    Matcher m =
        Pattern.compile("seen SelectOnly postmaster (.+) tables (\\w+) images").matcher(console);
    assertThat(m.find()).as(console).isTrue();
    return new Seen(m.group(1), m.group(2));
  }
}
