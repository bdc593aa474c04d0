package io.github.pgperf.launch;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A warm test JVM ({@link ForkMain} in serve mode) and the build's side of it: started once, it
 * finds the tests, then runs a slice of a class's tests for each {@link #slice} call, in one
 * launcher session, until {@link #close}. Every wait has a limit: a JVM that outlives one is killed
 * with its child processes, and one that ends on its own is reported, never waited on. Its output
 * goes to the given consumer and, whole, to {@link #LOG} in its output directory, which messages
 * name.
 */
public final class ServedFork implements AutoCloseable {

  /** The JVM's output and error, kept in its output directory. */
  public static final String LOG = "test-jvm.log";

  /** How long an ended JVM's last lines and exit may take to arrive, and a told JVM to end. */
  private static final Duration GRACE = Duration.ofSeconds(30);

  /** What the output pump hands the waiting build: acknowledgements, and the end of the output. */
  private static final String OUTPUT_ENDED = "\u0000ended";

  private final Process process;
  private final ForkSettings settings;
  private final Writer commands;
  private final BlockingQueue<String> acknowledgements = new LinkedBlockingQueue<>();
  private final TestFork.LastLine lastError;
  private final Writer log;
  private final Thread killer;
  private final List<List<String>> header = new ArrayList<>();
  private TestRun discovery;
  private int slices;
  private boolean ended;
  private boolean timedOut;

  private ServedFork(
      Process process, ForkSettings settings, TestFork.LastLine lastError, Writer log, Thread k) {
    this.process = process;
    this.settings = settings;
    this.commands =
        new BufferedWriter(
            new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
    this.lastError = lastError;
    this.log = log;
    this.killer = k;
  }

  /**
   * Starts the warm test JVM of the selection's tests (its class narrowing is ignored: a slice
   * names its class) and waits, up to the settings' timeout, until it has found them.
   */
  public static ServedFork start(
      Path testClasses, TestSelection selection, ForkSettings settings, Consumer<String> output)
      throws IOException, InterruptedException {
    ForkArguments arguments =
        ForkArguments.of(testClasses, selection, settings.events(), settings.traces()).serving();
    Files.createDirectories(settings.outputDirectory());
    Files.deleteIfExists(settings.events());
    Path argumentFile = settings.outputDirectory().resolve(ForkSettings.ARGUMENTS);
    Files.writeString(
        argumentFile, TestFork.argumentFile(settings, arguments), StandardCharsets.UTF_8);
    ProcessBuilder builder = TestFork.processBuilder(settings, argumentFile);
    Writer log =
        Files.newBufferedWriter(settings.outputDirectory().resolve(LOG), StandardCharsets.UTF_8);
    Consumer<String> logged =
        line -> {
          synchronized (log) {
            try {
              log.write(line);
              log.write('\n');
              log.flush();
            } catch (IOException e) {
              // The file is a convenience (closed once the JVM ended); the build's log has the
              // line.
            }
          }
          output.accept(line);
        };
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      log.close();
      throw e;
    }
    // Ctrl-C on the build must not leave the test JVM (and a server it started) running.
    Thread killer = new Thread(() -> kill(process), "pgperf-served-kill");
    Runtime.getRuntime().addShutdownHook(killer);
    TestFork.LastLine lastError = new TestFork.LastLine(logged);
    ServedFork fork = new ServedFork(process, settings, lastError, log, killer);
    Thread out =
        TestFork.pump(
            process.getInputStream(),
            line -> {
              // A test's output without a line end comes before the acknowledgement on its line.
              int at = line.indexOf(SliceCommand.DONE);
              if (line.endsWith(SliceCommand.READY)) {
                at = line.length() - SliceCommand.READY.length();
              }
              if (at < 0) {
                logged.accept(line);
                return;
              }
              if (at > 0) {
                logged.accept(line.substring(0, at));
              }
              fork.acknowledgements.add(line.substring(at));
            },
            "pgperf-served-stdout");
    Thread ended =
        new Thread(
            () -> {
              try {
                out.join();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              fork.acknowledgements.add(OUTPUT_ENDED);
            },
            "pgperf-served-ended");
    ended.setDaemon(true);
    ended.start();
    TestFork.pump(process.getErrorStream(), lastError, "pgperf-served-stderr");
    long begin = System.nanoTime();
    boolean ready = fork.await(SliceCommand.READY, settings.timeout());
    List<List<String>> events = Events.read(settings.events());
    for (List<String> e : events) {
      if (e.get(0).equals(Events.JVM)
          || e.get(0).equals(Events.DISCOVERED)
          || e.get(0).equals(Events.TEST)) {
        fork.header.add(e);
      }
    }
    fork.discovery = fork.report(events, 0, ready, begin);
    return fork;
  }

  /** What the JVM found; {@link TestRun#done()} false when it ended or hung before that. */
  public TestRun discovery() {
    return discovery;
  }

  /** The file with the JVM's whole output. */
  public Path log() {
    return settings.outputDirectory().resolve(LOG);
  }

  /**
   * Runs a slice and waits for it, up to {@code timeout} (zero: no limit): the tests of {@code
   * testClass} (every class when empty) once, only those of {@code methods} when it names some
   * ({@code <class>#<method>}, as {@link SliceCommand.Run} takes them), as trial {@code trial} (0:
   * unnumbered), their result files into {@code results}, every run with the warm-up {@code warmup}
   * ({@code null}: each test's own). The report holds the slice's runs only; when the JVM ended
   * during it, or was killed at the timeout, it says so and every later slice reports the same end.
   */
  public TestRun slice(
      int trial,
      String testClass,
      List<String> methods,
      Path results,
      Duration warmup,
      Duration timeout)
      throws IOException, InterruptedException {
    int mark = Events.read(settings.events()).size();
    long begin = System.nanoTime();
    boolean done = false;
    if (!ended && process.isAlive()) {
      try {
        commands.write(new SliceCommand.Run(trial, testClass, methods, results, warmup).line());
        commands.write('\n');
        commands.flush();
        done = await(SliceCommand.DONE + (slices + 1), timeout);
      } catch (IOException pipeClosed) {
        // The JVM ended: reported below from its exit status and last lines.
      }
    }
    if (done) {
      slices++;
    }
    List<List<String>> events = Events.read(settings.events());
    List<List<String>> slice = new ArrayList<>(header);
    slice.addAll(events.subList(Math.min(mark, events.size()), events.size()));
    return report(slice, trial, done, begin);
  }

  /**
   * Waits for {@code acknowledgement}; false when the JVM ended first, or ran past {@code timeout}
   * (then it is killed).
   */
  private boolean await(String acknowledgement, Duration timeout) throws InterruptedException {
    long deadline = timeout.isZero() ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
    while (true) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        timedOut = true;
        end(true);
        return false;
      }
      String next = acknowledgements.poll(Math.min(left, 200_000_000L), TimeUnit.NANOSECONDS);
      if (acknowledgement.equals(next)) {
        return true;
      }
      if (OUTPUT_ENDED.equals(next) || (next == null && !process.isAlive())) {
        // A grandchild holding the output open must not keep the build waiting for it.
        process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
        ended = true;
        return false;
      }
    }
  }

  private TestRun report(List<List<String>> events, int trial, boolean done, long begin) {
    List<List<String>> all = new ArrayList<>(events);
    if (done) {
      all.add(List.of(Events.DONE, "0"));
    }
    boolean alive = process.isAlive();
    return TestRun.of(
        all,
        done || alive ? 0 : process.exitValue(),
        timedOut,
        (System.nanoTime() - begin) / 1_000_000,
        lastError.line,
        settings.traces());
  }

  /**
   * Tells the JVM to end and waits for it a little; kills it (and its children) when it does not
   * end in time.
   */
  @Override
  public void close() {
    try {
      end(false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill(process);
    }
  }

  private void end(boolean now) throws InterruptedException {
    if (!now && process.isAlive()) {
      try {
        commands.write(new SliceCommand.End().line());
        commands.write('\n');
        commands.close();
      } catch (IOException alreadyGone) {
        // it ended by itself
      }
      process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
    }
    if (process.isAlive()) {
      kill(process);
      process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
    }
    ended = true;
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway
    }
    synchronized (log) {
      try {
        log.close();
      } catch (IOException e) {
        // the file is a convenience; the build's own log has every line
      }
    }
  }

  /** Politely first, so that a server the JVM started is stopped by its hooks ({@link ForkEnd}). */
  private static void kill(Process process) {
    ForkEnd.end(process);
  }
}
