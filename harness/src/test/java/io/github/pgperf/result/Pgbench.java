package io.github.pgperf.result;

import io.github.pgperf.testing.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the real pgbench 15 against a test database, for differential tests of the formats. */
final class Pgbench {

  /** What a pgbench run printed. */
  record Output(int exitCode, List<String> stdout, List<String> stderr) {}

  private Pgbench() {}

  /** Runs {@code pgbench <args> -h .. -p .. -U .. <db>} in {@code dir}; fails after 60 s. */
  static Output run(TestDatabase db, Path dir, List<String> args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add("pgbench");
    command.addAll(args);
    command.addAll(List.of("-h", db.host(), "-p", Integer.toString(db.port()), "-U", db.user(), db.name()));
    Path out = Files.createTempFile(dir, "pgbench", ".out");
    Path err = Files.createTempFile(dir, "pgbench", ".err");
    Process p = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("pgbench did not finish in 60 s: " + command);
    }
    Output o = new Output(p.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8),
        Files.readAllLines(err, StandardCharsets.UTF_8));
    Files.delete(out);
    Files.delete(err);
    return o;
  }

  /** {@code pgbench -i -q -s 1 [extra]} in the test database. */
  static void initialize(TestDatabase db, Path dir, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of("-i", "-q", "-s", "1"));
    args.addAll(List.of(extra));
    Output o = run(db, dir, args);
    if (o.exitCode() != 0) {
      throw new IllegalStateException("pgbench -i failed: " + o.stderr());
    }
  }
}
