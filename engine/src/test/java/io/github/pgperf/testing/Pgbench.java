package io.github.pgperf.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real {@code pgbench} from PATH, the reference every differential test compares with.
 *
 * <p>{@code PGBENCH_RANDOM_SEED} is removed from its environment so that only the arguments decide
 * its random draws.
 */
public final class Pgbench {

  /** What a pgbench run printed, and its exit status. */
  public record Result(int exitCode, String stdout, String stderr) {

    /** stdout split into lines, without the final newline. */
    public List<String> stdoutLines() {
      return lines(stdout);
    }

    /** stderr split into lines, without the final newline. */
    public List<String> stderrLines() {
      return lines(stderr);
    }

    /** stderr lines with pgbench's {@code "pgbench: error: "} prefix removed where present. */
    public List<String> errorLines() {
      List<String> lines = new ArrayList<>();
      for (String line : stderrLines()) {
        lines.add(line.startsWith(ERROR_PREFIX) ? line.substring(ERROR_PREFIX.length()) : line);
      }
      return lines;
    }

    private static List<String> lines(String text) {
      if (text.isEmpty()) {
        return List.of();
      }
      String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
      return Arrays.asList(body.split("\n", -1));
    }
  }

  private static final String ERROR_PREFIX = "pgbench: error: ";

  private Pgbench() {}

  /** Runs {@code pgbench <args> -h host -p port -U user dbname}; fails after two minutes. */
  public static Result run(TestDatabase db, List<String> args)
      throws IOException, InterruptedException {
    return run(db, Path.of("."), args);
  }

  /**
   * Runs {@code pgbench <args> -h host -p port -U user dbname} in {@code directory}, where relative
   * script files are read and {@code -l} logs are written; fails after two minutes.
   */
  public static Result run(TestDatabase db, Path directory, List<String> args)
      throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(args);
    all.addAll(
        List.of("-h", db.host(), "-p", Integer.toString(db.port()), "-U", db.user(), db.name()));
    return run(directory, all);
  }

  /** Runs {@code pgbench <args>} as given, for runs that fail or finish before connecting. */
  public static Result runWithoutDatabase(List<String> args)
      throws IOException, InterruptedException {
    return run(Path.of("."), args);
  }

  /** Runs {@code pgbench <args>} as given in {@code directory}; fails after two minutes. */
  public static Result run(Path directory, List<String> args)
      throws IOException, InterruptedException {
    return run(directory, args, Map.of());
  }

  /**
   * Runs {@code pgbench <args>} as given in {@code directory} with {@code environment} added to its
   * environment; fails after two minutes.
   */
  public static Result run(Path directory, List<String> args, Map<String, String> environment)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add("pgbench");
    command.addAll(args);
    // Output goes to files: a pipe that nobody drains could fill and block pgbench.
    Path out = Files.createTempFile("pgbench", ".out");
    Path err = Files.createTempFile("pgbench", ".err");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      builder.environment().remove("PGBENCH_RANDOM_SEED");
      builder.environment().putAll(environment);
      Process process = builder.start();
      process.getOutputStream().close();
      if (!process.waitFor(2, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException("pgbench did not finish within 2 minutes: " + command);
      }
      return new Result(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** {@code pgbench -i -q -s 1 [extra]} into the test database; fails if pgbench does. */
  public static void initialize(TestDatabase db, Path directory, String... extra)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of("-i", "-q", "-s", "1"));
    args.addAll(List.of(extra));
    Result result = run(db, directory, args);
    if (result.exitCode() != 0) {
      throw new IllegalStateException("pgbench -i failed: " + result.stderr());
    }
  }
}
