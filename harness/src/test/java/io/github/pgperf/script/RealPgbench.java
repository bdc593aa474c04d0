package io.github.pgperf.script;

import io.github.pgperf.testing.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/** Runs the real pgbench on a script against a test database and returns its stderr lines. */
final class RealPgbench {

  private final TestDatabase database;
  private final Path directory;

  RealPgbench(TestDatabase database, Path directory) {
    this.database = database;
    this.directory = directory;
  }

  /**
   * Runs {@code pgbench -n -f script} with the extra options and returns stderr, line by line.
   */
  List<String> run(String script, String... options) throws IOException, InterruptedException {
    Path file = Files.createTempFile(directory, "script", ".sql");
    Files.writeString(file, script, StandardCharsets.UTF_8);
    List<String> command = new ArrayList<>();
    command.add("pgbench");
    command.add("-n");
    command.addAll(Arrays.asList(options));
    command.addAll(
        List.of(
            "-f", file.toString(),
            "-h", database.host(),
            "-p", Integer.toString(database.port()),
            "-U", database.user(),
            database.name()));
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(directory.resolve("stderr.txt").toFile())
            .start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("pgbench did not finish: " + command);
    }
    return Files.readAllLines(directory.resolve("stderr.txt"), StandardCharsets.UTF_8);
  }

  /**
   * The lines a script's debug() calls printed, and for each aborted client its error message and
   * abort line.
   */
  static List<String> debugLines(List<String> stderr) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < stderr.size(); i++) {
      String line = stderr.get(i);
      if (line.startsWith("debug(")) {
        lines.add(line);
      } else if (ABORT.matcher(line).find()) {
        lines.add(stderr.get(i - 1));
        lines.add(line);
      }
    }
    return lines;
  }

  private static final Pattern ABORT =
      Pattern.compile("^pgbench: error: client \\d+ aborted in command");
}
