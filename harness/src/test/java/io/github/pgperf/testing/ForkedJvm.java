package io.github.pgperf.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A JVM of its own on the tests' class path, for what only a fresh JVM shows or takes: what it
 * prints from its start, and settings read once per JVM from the environment (Testcontainers').
 */
public final class ForkedJvm {

  /** The longest a forked JVM may run. */
  private static final long MINUTES = 5;

  /**
   * What it printed (stdout and stderr together) and how it ended.
   *
   * @param exitValue its exit status
   * @param console stdout and stderr, interleaved as printed
   */
  public record Ended(int exitValue, String console) {}

  private ForkedJvm() {}

  /**
   * Runs {@code main} with {@code args} in {@code directory}, the JVM options first and the
   * environment as {@code environment} leaves it; echoes what it printed to this JVM's stdout.
   */
  public static Ended run(
      Path directory,
      List<String> jvmOptions,
      Consumer<Map<String, String>> environment,
      String main,
      String... args)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), main));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    if (directory != null) {
      builder.directory(directory.toFile());
    }
    environment.accept(builder.environment());
    Process process = builder.start();
    String console;
    try {
      console = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(MINUTES, TimeUnit.MINUTES)).as(console).isTrue();
    } finally {
      process.destroyForcibly();
    }
    System.out.print(console);
    return new Ended(process.exitValue(), console);
  }
}
