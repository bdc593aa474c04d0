package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The second JVM a run on G1 starts: what pgperf adds, and what the user's options override. */
class RelaunchCommandTest {

  private static final String[] ARGS = {"-c", "8", "-S", "bench"};

  @Test
  void aRunGetsTheSerialCollectorASmallYoungGenerationAndTheUsersOptions() {
    List<String> command = Main.relaunchCommand("/jdk/bin/java", List.of("-Dkeep=1"),
        "pgperf.jar", ARGS);

    assertThat(command).startsWith("/jdk/bin/java", "-XX:+UseSerialGC")
        .contains(Main.YOUNG_GENERATION, "-Dkeep=1")
        .endsWith("-cp", "pgperf.jar", Main.class.getName(), "-c", "8", "-S", "bench")
        .noneMatch(option -> option.contains("SharedArchiveFile")
            || option.contains("ArchiveClassesAtExit"));
    // The user's options come after pgperf's, so the JVM takes theirs where both set something.
    assertThat(command.indexOf("-Dkeep=1")).isGreaterThan(command.indexOf(Main.YOUNG_GENERATION));
  }

  @Test
  void aHeapTheUserSizedIsLeftAsGiven() {
    for (String option : List.of("-Xmn64m", "-Xmx48m", "-XX:NewSize=8m", "-XX:MaxNewSize=8m",
        "-XX:NewRatio=3", "-XX:MaxHeapSize=1g")) {
      assertThat(Main.relaunchCommand("java", List.of(option), "pgperf.jar", ARGS))
          .as(option).contains(option).doesNotContain(Main.YOUNG_GENERATION);
    }
  }
}
