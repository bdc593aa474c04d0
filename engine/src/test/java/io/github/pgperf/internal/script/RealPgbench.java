package io.github.pgperf.internal.script;

import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** Runs the real pgbench on a script text against a test database and reads its debug lines. */
final class RealPgbench {

  private final TestDatabase database;
  private final Path directory;

  RealPgbench(TestDatabase database, Path directory) {
    this.database = database;
    this.directory = directory;
  }

  /** Runs {@code pgbench -n -f script} with the extra options and returns stderr, line by line. */
  List<String> run(String script, String... options) throws IOException, InterruptedException {
    Path file = Files.createTempFile(directory, "script", ".sql");
    Files.writeString(file, script, StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>();
    args.add("-n");
    args.addAll(Arrays.asList(options));
    args.addAll(List.of("-f", file.toString()));
    return Pgbench.run(database, directory, args).stderrLines();
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
