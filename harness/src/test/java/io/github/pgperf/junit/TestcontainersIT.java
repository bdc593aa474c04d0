package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.DockerHost;
import io.github.pgperf.work.ServerCpu;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.WorkPart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extension on provider TESTCONTAINERS against a real Docker engine, as a user's build runs it:
 * the container starts from the image {@code pgperf.image} names, with pg_stat_statements
 * preloaded; pgbench's tables are made in it; two classes share the one container; their runs
 * capture the database's work, the scripts' plans and the container's CPU per transaction; the
 * container is gone when the run ends. And AUTO: Testcontainers where the image can be had, the
 * embedded server, saying why, where it cannot.
 */
@DockerHost.Required
class TestcontainersIT {

  /** The tests' image under a name of the user's, so that only pgperf.image can lead to it. */
  private static final String USER_IMAGE = "pgperf-it/postgres:users-own";

  private static final String UPDATE_ACCOUNTS =
      "UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2";

  @TempDir Path dir;

  @BeforeAll
  static void tagTheImageAsTheUsersOwn() {
    DockerHost.with(
        docker -> docker.tagImageCmd(DockerHost.image(), "pgperf-it/postgres", "users-own").exec());
  }

  @AfterAll
  static void removeTheUsersTag() {
    DockerHost.with(docker -> docker.removeImageCmd(USER_IMAGE).withNoPrune(true).exec());
  }

  @BeforeEach
  void forgetWhatFixturesSaw() {
    Fixture.SEEN.clear();
  }

  @Test
  void twoClassesShareOneContainerOfTheUsersImageAndCaptureItsWorkPlansAndCpu() throws Exception {
    Path results = dir.resolve("results");
    Kit.Run run =
        Kit.run(
            Map.of(
                "pgperf.provider",
                "TESTCONTAINERS",
                "pgperf.image",
                USER_IMAGE,
                "pgperf.results",
                results.toString()),
            ContainerFixtures.TpcbLike.class,
            ContainerFixtures.SelectOnly.class);
    System.out.print(run.out());

    assertThat(run.classFailures()).isEmpty();
    run.results().testEvents().assertStatistics(s -> s.succeeded(2).failed(0));
    // One container, announced once, of the image the user named.
    assertThat(run.err().split("pgperf: TESTCONTAINERS PostgreSQL 15", -1)).hasSize(2);
    assertThat(run.err()).contains("(TESTCONTAINERS asked)");
    ContainerFixtures.Seen tpcb = (ContainerFixtures.Seen) Fixture.SEEN.get("TpcbLike");
    ContainerFixtures.Seen select = (ContainerFixtures.Seen) Fixture.SEEN.get("SelectOnly");
    assertThat(select.postmasterStart()).isEqualTo(tpcb.postmasterStart());
    assertThat(tpcb.images()).containsExactly(USER_IMAGE);
    assertThat(select.images()).containsExactly(USER_IMAGE);
    // Initialized in the container, once.
    assertThat(tpcb.accounts()).isEqualTo(100_000);
    assertThat(select.accounts()).isEqualTo(100_000);

    RunResult tpcbRun = tpcb.result();
    assertThat(tpcbRun.server().provider()).isEqualTo("TESTCONTAINERS");
    assertThat(tpcbRun.server().version()).startsWith("15.");
    assertThat(tpcbRun.server().providerSettings())
        .containsEntry("shared_preload_libraries", "pg_stat_statements")
        .containsEntry("track_io_timing", "on");
    ServerWork work = tpcbRun.serverWork();
    assertThat(work.unavailable())
        .singleElement()
        .satisfies(
            u -> {
              assertThat(u.part()).isEqualTo(WorkPart.BACKGROUND_CPU);
              assertThat(u.reason())
                  .startsWith(
                      "the server runs in a container: its CPU is the whole" + " container's");
            });
    assertThat(work.statementsContaining(UPDATE_ACCOUNTS))
        .singleElement()
        .satisfies(s -> assertThat(s.calls()).isEqualTo(200));
    assertThat(work.database().commits()).isEqualTo(200);
    assertThat(work.wal().bytes()).isPositive();
    assertThat(work.plans()).isNotEmpty();
    assertThat(work.plans().toString()).contains("pgbench_accounts");

    // The container's CPU, per transaction, marked as the whole container's.
    for (ContainerFixtures.Seen seen : List.of(tpcb, select)) {
      ServerCpu cpu = seen.result().serverWork().cpu();
      assertThat(cpu.containerMicros()).as("the whole container's CPU").isPositive();
      assertThat(cpu.totalMicros()).isEqualTo(cpu.containerMicros());
      assertThat(cpu.backendsMicros()).isZero();
      assertThat(cpu.walWriterMicros()).isNull();
      // Docker runs here: the container's time is part of this machine's.
      assertThat(cpu.machine()).isNotNull();
      assertThat(cpu.machine().busyMicros()).isGreaterThanOrEqualTo(cpu.containerMicros());
    }
    assertThat(run.out())
        .containsPattern(
            "server CPU per transaction: [0-9]+\\.[0-9]{3} ms \\(the whole container\\)")
        .doesNotContain("background processes' CPU");
    // The result files say so too.
    try (Stream<Path> files = Files.list(results)) {
      List<Path> written = files.toList();
      assertThat(written).hasSize(2);
      for (Path file : written) {
        assertThat(ResultJson.read(file).serverWork().cpu().containerMicros()).isPositive();
      }
    }

    // No container left behind (Ryuk or not: pgperf stops its own).
    assertThat(DockerHost.containersOf(USER_IMAGE)).isEmpty();
  }

  @Test
  void autoTakesTestcontainersWhereTheImageCanBeHad() {
    assumeTrue(System.getenv("PGPERF_URL") == null, "AUTO would choose the PGPERF_URL server");
    Kit.Run run =
        Kit.run(
            Map.of(
                "pgperf.image",
                DockerHost.image(),
                "pgperf.results",
                dir.resolve("results").toString()),
            ContainerFixtures.SelectOnly.class);
    System.out.print(run.out());

    run.results().testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    assertThat(run.err())
        .contains("pgperf: TESTCONTAINERS PostgreSQL 15")
        .contains("(AUTO: no external server URL configured; Docker is available)");
    assertThat(DockerHost.containersOf(DockerHost.image())).isEmpty();
  }

  @Test
  void autoTakesTheEmbeddedServerWhereTheImageCannotBeHadSayingWhy() {
    assumeTrue(System.getenv("PGPERF_URL") == null, "AUTO would choose the PGPERF_URL server");
    String missing = "pgperf-ci/no-such-image:2";
    Kit.Run run =
        Kit.run(
            Map.of("pgperf.image", missing, "pgperf.results", dir.resolve("results").toString()),
            ContainerFixtures.SelectOnly.class);
    System.out.print(run.out());

    run.results().testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    assertThat(run.err())
        .contains("pgperf: EMBEDDED PostgreSQL 15")
        .contains(
            "(AUTO: no external server URL configured; Docker is available but image \""
                + missing
                + "\" is not on the Docker host and could not be pulled: ");
    RunResult result = ((ContainerFixtures.Seen) Fixture.SEEN.get("SelectOnly")).result();
    assertThat(result.server().provider()).isEqualTo("EMBEDDED");
    assertThat(result.server().providerReason()).contains(missing);
  }
}
