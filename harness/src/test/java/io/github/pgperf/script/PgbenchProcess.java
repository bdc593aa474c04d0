package io.github.pgperf.script;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the real pgbench installed on the machine, in a directory of the test's own. */
final class PgbenchProcess {

  /** What pgbench did: exit status and its output split into lines. */
  record Outcome(int exitCode, List<String> stdout, List<String> stderr) {

    /** stderr without pgbench's "pgbench: error: " prefix on the lines that have it. */
    List<String> errorLines() {
      List<String> lines = new ArrayList<>();
      for (String line : stderr) {
        lines.add(line.startsWith("pgbench: error: ") ? line.substring(16) : line);
      }
      return lines;
    }
  }

  private PgbenchProcess() {}

  static Outcome run(Path directory, List<String> arguments) throws IOException {
    List<String> command = new ArrayList<>();
    command.add("pgbench");
    command.addAll(arguments);
    ProcessBuilder pb = new ProcessBuilder(command).directory(directory.toFile());
    pb.environment().remove("PGBENCH_RANDOM_SEED");
    Path out = Files.createTempFile(directory, "stdout", ".txt");
    Path err = Files.createTempFile(directory, "stderr", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process process = pb.start();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("pgbench did not finish: " + arguments);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return new Outcome(process.exitValue(), lines(out), lines(err));
  }

  private static List<String> lines(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    Files.delete(file);
    if (text.isEmpty()) {
      return List.of();
    }
    if (text.endsWith("\n")) {
      text = text.substring(0, text.length() - 1);
    }
    return Arrays.asList(text.split("\n", -1));
  }
}
