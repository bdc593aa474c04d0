package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs the pgperf command line in this JVM, or the built jar in another, with captured streams. */
final class Cli {

  /** What one command printed, and its exit status. */
  record Result(int exitCode, String stdout, String stderr) {}

  private Cli() {}

  static Result run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = PgPerfCommand.execute(args, o, e, env);
    }
    return new Result(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Runs {@code pgperf <args> -h host -p port -U user dbname} against a test database. */
  static Result runOn(TestDatabase db, List<String> args) {
    List<String> all = new ArrayList<>(args);
    all.addAll(
        List.of("-h", db.host(), "-p", Integer.toString(db.port()), "-U", db.user(), db.name()));
    return run(Map.of(), all.toArray(String[]::new));
  }

  /** The built {@code target/pgperf.jar} (failsafe runs after package). */
  static final Path JAR = Path.of("target", "pgperf.jar");

  /**
   * Runs {@link #JAR} in a JVM of its own.
   *
   * @param environment changes the child's environment (it starts as this JVM's)
   */
  static Result jar(Consumer<Map<String, String>> environment, String... args)
      throws IOException, InterruptedException {
    assertThat(JAR).as("built by mvn package").exists();
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                JAR.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(false);
    environment.accept(builder.environment());
    Process p = builder.start();
    p.getOutputStream().close();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Thread errReader =
        new Thread(
            () -> {
              try {
                p.getErrorStream().transferTo(err);
              } catch (IOException e) {
                // the process ended; keep what was read
              }
            });
    errReader.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("pgperf finished").isTrue();
    errReader.join();
    return new Result(p.exitValue(), out, err.toString(StandardCharsets.UTF_8));
  }
}
