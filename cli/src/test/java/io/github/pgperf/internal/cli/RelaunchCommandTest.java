package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The second JVM a run on G1 starts: what pgperf adds, and what the user's options override. */
class RelaunchCommandTest {

  private static final String[] ARGS = {"-c", "8", "-S", "bench"};

  @Test
  void aRunGetsTheSerialCollectorASmallYoungGenerationAndTheUsersOptions() {
    List<String> command =
        Main.relaunchCommand("/jdk/bin/java", List.of("-Dkeep=1"), "pgperf.jar", ARGS);

    assertThat(command)
        .startsWith("/jdk/bin/java", "-XX:+UseSerialGC")
        .contains("-Xmn16m", "-Dkeep=1")
        .endsWith("-cp", "pgperf.jar", Main.class.getName(), "-c", "8", "-S", "bench")
        .noneMatch(
            option ->
                option.contains("SharedArchiveFile") || option.contains("ArchiveClassesAtExit"));
    // The user's options come after pgperf's, so the JVM takes theirs where both set something.
    assertThat(command.indexOf("-Dkeep=1")).isGreaterThan(command.indexOf("-Xmn16m"));
  }

  @Test
  void manyClientsOnPlatformThreadsGetHalfAMegabyteOfYoungGenerationEach() {
    boolean virtualByDefault =
        Runtime.version().feature() >= 21 && 200 >= 16 * Runtime.getRuntime().availableProcessors();
    assertThat(young("-c", "200", "bench")).isEqualTo(virtualByDefault ? "-Xmn16m" : "-Xmn100m");
    assertThat(young("-c", "200", "--no-virtual-threads", "bench")).isEqualTo("-Xmn100m");
    assertThat(young("-c", "32", "-S", "bench")).isEqualTo("-Xmn16m");
    assertThat(young("-c", "33", "-S", "--no-virtual-threads")).isEqualTo("-Xmn17m");
    assertThat(young("-c", "200", "-j", "4", "--no-virtual-threads")).isEqualTo("-Xmn100m");
    assertThat(young("--client=64", "--no-virtual-threads")).isEqualTo("-Xmn32m");
    assertThat(young("--client", "64", "--no-virtual-threads")).isEqualTo("-Xmn32m");
    assertThat(young("-c100", "-S", "--no-virtual-threads")).isEqualTo("-Xmn50m");
    // The last one counts, as in the run's parser.
    assertThat(young("-c", "8", "-c", "200", "--no-virtual-threads")).isEqualTo("-Xmn100m");
    // Virtual threads stop only their carriers in a collection: the young generation stays small.
    assertThat(young("-c", "200", "--virtual-threads", "bench")).isEqualTo("-Xmn16m");
    assertThat(young("-c", "200", "--virtual-threads", "--no-virtual-threads", "bench"))
        .isEqualTo("-Xmn100m");
    // What the run will refuse leaves the default; the run reports it.
    assertThat(young("-c", "many", "bench")).isEqualTo("-Xmn16m");
    assertThat(young("-c")).isEqualTo("-Xmn16m");
  }

  private static String young(String... args) {
    return Main.relaunchCommand("java", List.of(), "pgperf.jar", args).stream()
        .filter(option -> option.startsWith("-Xmn"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aHeapTheUserSizedIsLeftAsGiven() {
    for (String option :
        List.of(
            "-Xmn64m",
            "-Xmx48m",
            "-XX:NewSize=8m",
            "-XX:MaxNewSize=8m",
            "-XX:NewRatio=3",
            "-XX:MaxHeapSize=1g")) {
      assertThat(Main.relaunchCommand("java", List.of(option), "pgperf.jar", ARGS))
          .as(option)
          .contains(option)
          .noneMatch(o -> o.startsWith("-Xmn") && !o.equals(option));
    }
  }
}
