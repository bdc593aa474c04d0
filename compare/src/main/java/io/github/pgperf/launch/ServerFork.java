package io.github.pgperf.launch;

import io.github.pgperf.result.ForkProtocol;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code pgperf:compare}'s shared server JVM: the harness's {@code CompareServer} started with the
 * test JVM's java, argLine, system properties and class path, so it resolves and starts the server
 * as the tests would. The plugin itself holds no JDBC driver and no server binaries: it only starts
 * this JVM, reads its hand-over file and, on {@link #close}, closes its standard input, which stops
 * the server (and drops the databases it made on an external one).
 */
public final class ServerFork implements AutoCloseable {

  /** The harness's entry point. */
  public static final String MAIN = ForkProtocol.COMPARE_SERVER_MAIN;

  /** The server JVM's arguments file and hand-over file, in its output directory. */
  static final String ARGUMENTS = "server-jvm.args";

  static final String HAND_OVER = "server.properties";

  /** How long the server JVM may take to stop after its input closed. */
  private static final Duration STOPPING = Duration.ofSeconds(60);

  private final Process process;
  private final Thread killer;
  private final Properties handOver;

  private ServerFork(Process process, Thread killer, Properties handOver) {
    this.process = process;
    this.killer = killer;
    this.handOver = handOver;
  }

  /**
   * Starts the server JVM and waits for its hand-over.
   *
   * @param settings the candidate's test JVM settings; their output directory gets the server JVM's
   *     arguments file and hand-over file
   * @param comparison the comparison's id, in the sides' database names
   * @param testClasses the candidate's test classes, whose annotations the server resolves
   * @param wait how long starting the server may take
   * @param out the server JVM's output and error, line by line
   * @throws ServerForkException naming the cause when no hand-over came: the JVM ended (with its
   *     last line of error output), or the wait ran out
   */
  public static ServerFork start(
      ForkSettings settings,
      String comparison,
      Path testClasses,
      TestSelection selection,
      Duration wait,
      Consumer<String> out)
      throws IOException, InterruptedException, ServerForkException {
    Files.createDirectories(settings.outputDirectory());
    Path handOverFile = settings.outputDirectory().resolve(HAND_OVER);
    Files.deleteIfExists(handOverFile);
    List<String> args =
        new ArrayList<>(
            List.of(
                handOverFile.toAbsolutePath().toString(),
                comparison,
                testClasses.toAbsolutePath().toString()));
    args.addAll(selection.classRegexes());
    Path argumentFile = settings.outputDirectory().resolve(ARGUMENTS);
    Files.writeString(
        argumentFile,
        TestFork.argumentFile(settings, List.of(), MAIN, args),
        StandardCharsets.UTF_8);
    ProcessBuilder builder = TestFork.processBuilder(settings, argumentFile);
    builder.redirectErrorStream(true);
    Process process = builder.start();
    // Ctrl-C on the build: a polite stop first, so the server JVM's hooks stop PostgreSQL.
    Thread killer = new Thread(() -> stop(process), "pgperf-server-stop");
    Runtime.getRuntime().addShutdownHook(killer);
    TestFork.LastLine last = new TestFork.LastLine(out);
    TestFork.pump(process.getInputStream(), last, "pgperf-server-output");
    try {
      long deadline = System.nanoTime() + wait.toNanos();
      while (!Files.exists(handOverFile)) {
        if (!process.isAlive()) {
          throw new ServerForkException(
              "the shared server JVM ended with exit status "
                  + process.exitValue()
                  + " before handing the server over"
                  + (last.line.isEmpty() ? "" : ": " + last.line));
        }
        if (System.nanoTime() > deadline) {
          throw new ServerForkException(
              "the shared server JVM handed no server over within "
                  + wait.toSeconds()
                  + " s (pgperf.compareServerTimeout)"
                  + (last.line.isEmpty() ? "" : "; its last line: " + last.line));
        }
        Thread.sleep(100);
      }
      Properties handOver = new Properties();
      try (InputStream in = Files.newInputStream(handOverFile)) {
        handOver.load(in);
      }
      return new ServerFork(process, killer, handOver);
    } catch (ServerForkException | IOException | InterruptedException | RuntimeException e) {
      stop(process);
      removeHook(killer);
      throw e;
    }
  }

  /** What the server JVM handed over: each side's URL, the server's version and settings. */
  public Properties handOver() {
    Properties copy = new Properties();
    copy.putAll(handOver);
    return copy;
  }

  /** Stops the server: closes the JVM's input and waits, then ends it if it did not stop. */
  @Override
  public void close() {
    stop(process);
    removeHook(killer);
  }

  private static void stop(Process process) {
    try {
      OutputStream in = process.getOutputStream();
      in.close();
      if (process.waitFor(STOPPING.toMillis(), TimeUnit.MILLISECONDS)) {
        return;
      }
      // SIGTERM: the JVM's shutdown hooks (its own and zonky's) still stop PostgreSQL.
      process.destroy();
      if (process.waitFor(STOPPING.toMillis(), TimeUnit.MILLISECONDS)) {
        return;
      }
    } catch (IOException e) {
      process.destroy();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway
    }
  }
}
