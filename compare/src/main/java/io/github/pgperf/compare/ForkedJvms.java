package io.github.pgperf.compare;

import io.github.pgperf.launch.ForkSettings;
import io.github.pgperf.launch.ServedFork;
import io.github.pgperf.launch.ServerFork;
import io.github.pgperf.launch.ServerForkException;
import io.github.pgperf.launch.TestFork;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

/** {@link TestJvms} as forked JVMs: {@link TestFork}, {@link ServedFork} and {@link ServerFork}. */
final class ForkedJvms implements TestJvms {

  @Override
  public TestRun run(
      Side side,
      Path testClasses,
      TestSelection selection,
      int pair,
      ForkSettings settings,
      Consumer<String> output)
      throws IOException, InterruptedException {
    return TestFork.run(testClasses, selection, pair, settings, output, output);
  }

  @Override
  public TestRun discover(
      Side side,
      Path testClasses,
      TestSelection selection,
      ForkSettings settings,
      Consumer<String> output)
      throws IOException, InterruptedException {
    return TestFork.discover(testClasses, selection, settings, output, output);
  }

  @Override
  public WarmJvm startWarm(
      Side side,
      Path testClasses,
      TestSelection selection,
      ForkSettings settings,
      Consumer<String> output)
      throws IOException, InterruptedException {
    ServedFork fork = ServedFork.start(testClasses, selection, settings, output);
    return new WarmJvm() {
      @Override
      public TestRun discovery() {
        return fork.discovery();
      }

      @Override
      public TestRun slice(
          int trial, String testClass, List<String> methods, Path results, Duration warmup)
          throws IOException, InterruptedException {
        return fork.slice(trial, testClass, methods, results, warmup, settings.timeout());
      }

      @Override
      public Path log() {
        return fork.log();
      }

      @Override
      public void close() {
        fork.close();
      }
    };
  }

  @Override
  public Server startServer(
      ForkSettings settings,
      String compareId,
      Path testClasses,
      TestSelection selection,
      Duration wait,
      Consumer<String> output)
      throws IOException, InterruptedException, ServerForkException {
    ServerFork fork = ServerFork.start(settings, compareId, testClasses, selection, wait, output);
    return new Server() {
      @Override
      public Properties handOver() {
        return fork.handOver();
      }

      @Override
      public void close() {
        fork.close();
      }
    };
  }
}
