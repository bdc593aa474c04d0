package io.github.pgperf.internal.cli;

import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs the pgperf command line in this JVM with captured streams. */
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
    return new Result(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** Runs {@code pgperf <args> -h host -p port -U user dbname} against a test database. */
  static Result runOn(TestDatabase db, List<String> args) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("-h", db.host(), "-p", Integer.toString(db.port()), "-U", db.user(),
        db.name()));
    return run(Map.of(), all.toArray(String[]::new));
  }
}
