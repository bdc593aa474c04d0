package io.github.pgperf.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the real {@code pgbench} from PATH against a test database and captures its output. */
public final class Pgbench {

  /** What a pgbench run printed, and its exit status. */
  public record Result(int exitCode, String stdout, String stderr) {}

  private Pgbench() {}

  /** Runs {@code pgbench <args> -h host -p port -U user dbname}; fails after two minutes. */
  public static Result run(TestDatabase db, List<String> args)
      throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("-h", db.host(), "-p", Integer.toString(db.port()), "-U", db.user(),
        db.name()));
    return runWithoutDatabase(all);
  }

  /** Runs {@code pgbench <args>} as given, for runs that fail before connecting. */
  public static Result runWithoutDatabase(List<String> args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add("pgbench");
    command.addAll(args);
    Process process = new ProcessBuilder(command).start();
    process.getOutputStream().close();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    // stderr is drained on its own thread so that neither pipe can fill and block pgbench.
    Thread errReader = new Thread(() -> drain(process.getErrorStream(), err));
    errReader.start();
    byte[] out = process.getInputStream().readAllBytes();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException("pgbench did not finish within 2 minutes: " + command);
    }
    errReader.join();
    return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private static void drain(InputStream in, ByteArrayOutputStream to) {
    try {
      in.transferTo(to);
    } catch (IOException e) {
      // The process ended; what was read is kept.
    }
  }
}
