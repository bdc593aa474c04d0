package io.github.pgperf.compare;

import io.github.pgperf.launch.ForkSettings;
import io.github.pgperf.launch.ServerForkException;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The JVMs a comparison starts: each pair member's test JVM, each side's test JVM that only finds
 * the tests, each side's warm test JVM that runs slices, and the shared server's JVM. {@link
 * #forked()} starts real ones ({@code launch}); a test hands {@link Comparison} made-up ones, whose
 * result files and reports it chooses.
 */
public interface TestJvms {

  /** The shared server's JVM, started: its hand-over, and a close that stops it. */
  interface Server extends AutoCloseable {

    /** What the server JVM handed over ({@link SharedServer#of}). */
    Properties handOver();

    @Override
    void close();
  }

  /**
   * A side's warm test JVM ({@code pgperf.alternate=slice}): started once, it has found its tests
   * and runs slices of them on demand until closed.
   */
  interface WarmJvm extends AutoCloseable {

    /** The tests it found and their classes; not {@link TestRun#done()} when it failed first. */
    TestRun discovery();

    /**
     * Runs the tests of {@code testClass} (every class when empty) once, only those of {@code
     * methods} when it names some ({@code <class>#<method>}), as trial {@code trial} (0: an
     * unnumbered warm-up), their result files into {@code results}, every run with the warm-up
     * {@code warmup} ({@code null}: each test's own), and reports the slice's runs (not done, with
     * the JVM's exit status or its timeout, when it ended or hung).
     */
    TestRun slice(int trial, String testClass, List<String> methods, Path results, Duration warmup)
        throws IOException, InterruptedException;

    /** The file holding the JVM's whole output, named in messages. */
    Path log();

    /** Tells it to end; kills it when it does not. */
    @Override
    void close();
  }

  /**
   * Runs one test JVM of a pair, which writes its result files into the directory its {@code
   * pgperf.results} system property names, and returns its report.
   *
   * @param side the side it runs (its settings and classes are that side's)
   * @param testClasses the side's compiled test classes
   * @param selection the tests it runs, once
   * @param pair the pair, its runs' trial number
   * @param settings how it starts
   * @param output its output and error, line by line
   */
  TestRun run(
      Side side,
      Path testClasses,
      TestSelection selection,
      int pair,
      ForkSettings settings,
      Consumer<String> output)
      throws IOException, InterruptedException;

  /** A test JVM of {@code side} that only finds the selection's tests; its report, no runs. */
  TestRun discover(
      Side side,
      Path testClasses,
      TestSelection selection,
      ForkSettings settings,
      Consumer<String> output)
      throws IOException, InterruptedException;

  /**
   * Starts {@code side}'s warm test JVM for the selection's tests and waits until it has found them
   * (up to the settings' timeout, which also limits each slice).
   */
  WarmJvm startWarm(
      Side side,
      Path testClasses,
      TestSelection selection,
      ForkSettings settings,
      Consumer<String> output)
      throws IOException, InterruptedException;

  /**
   * Starts the shared server's JVM with the candidate's test JVM settings and waits for its
   * hand-over ({@code launch.ServerFork#start}).
   */
  Server startServer(
      ForkSettings settings,
      String compareId,
      Path testClasses,
      TestSelection selection,
      Duration wait,
      Consumer<String> output)
      throws IOException, InterruptedException, ServerForkException;

  /** Real JVMs: {@code launch.TestFork} and {@code launch.ServerFork}. */
  static TestJvms forked() {
    return new ForkedJvms();
  }
}
