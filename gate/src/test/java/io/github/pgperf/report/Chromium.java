package io.github.pgperf.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium, run on a file with no network: in a network namespace of its own when
 * this user may make one (root, as CI runs), and always with every host name unresolvable and a
 * proxy that does not exist, so that nothing can leave the machine.
 */
final class Chromium {

  /**
   * What a run printed.
   *
   * @param exitCode the process's exit code
   * @param stdout standard output (the DOM under {@code --dump-dom})
   * @param console the console messages of pages loaded from files (CSP violations, script errors),
   *     one a line; Chromium's own pages ({@code chrome://}) can log too and are left out
   */
  record Output(int exitCode, String stdout, List<String> console) {}

  private final Path binary;

  private Chromium(Path binary) {
    this.binary = binary;
  }

  /**
   * The installed Chromium.
   *
   * @throws IllegalStateException saying how to install it when it is not
   */
  static Chromium find() {
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
      Path p = Path.of(dir.isEmpty() ? "." : dir, "chromium");
      if (Files.isExecutable(p)) {
        return new Chromium(p);
      }
    }
    throw new IllegalStateException(
        "the report's rendering test needs Chromium, which is not"
            + " installed: apt-get install -y chromium (.ci/run installs it)");
  }

  /** Runs Chromium on {@code page} with {@code action} ({@code --dump-dom} or a screenshot). */
  Output run(Path page, Path profile, String... action) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    if (canUnshareNetwork()) {
      command.addAll(List.of("unshare", "-n"));
    }
    command.addAll(
        List.of(
            binary.toString(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--proxy-server=127.0.0.1:9",
            "--user-data-dir=" + profile,
            "--enable-logging=stderr",
            "--v=0"));
    command.addAll(List.of(action));
    command.add(page.toUri().toString());
    Path out = Files.createTempFile(profile.getParent(), "chromium", ".out");
    Path err = Files.createTempFile(profile.getParent(), "chromium", ".err");
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    // A limit for a hung browser only: a loaded CI machine (load 35 on 2 cores) slows it many-fold.
    if (!process.waitFor(600, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      throw new IllegalStateException("Chromium did not finish within 600 s on " + page);
    }
    List<String> console = new ArrayList<>();
    for (String line : Files.readAllLines(err, StandardCharsets.UTF_8)) {
      if (line.contains(":CONSOLE") && line.contains("source: file:")) {
        console.add(line);
      }
    }
    return new Output(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), console);
  }

  private static Boolean unshare;

  /** Whether {@code unshare -n} works here (it needs root or user namespaces). */
  static synchronized boolean canUnshareNetwork() throws InterruptedException {
    if (unshare == null) {
      try {
        Process p =
            new ProcessBuilder("unshare", "-n", "true")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        unshare = p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
      } catch (IOException e) {
        unshare = false;
      }
    }
    return unshare;
  }
}
