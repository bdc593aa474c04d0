package io.github.pgperf.compare;

import static io.github.pgperf.compare.Comparison.GOAL;

import io.github.pgperf.goal.GoalError;
import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Both sides' warm test JVMs of {@code pgperf.alternate=slice}, one per side with every selected
 * class: started once (each finds its tests as it starts, so no JVM runs only to discover), then
 * asked for slices until closed, also when the comparison fails. One per side rather than one per
 * class and side: a JVM start, the test engine's start and, with {@code pgperf.compareServer=own},
 * a server start are paid once per side however many classes there are, and only two JVMs hold
 * memory on the machine the measurement shares; what one class leaves in its JVM (a cache, the
 * JIT's work) it leaves on both sides alike.
 */
final class WarmSides implements AutoCloseable {

  private final Map<Side, TestJvms.WarmJvm> jvms;

  private WarmSides(Map<Side, TestJvms.WarmJvm> jvms) {
    this.jvms = jvms;
  }

  /**
   * Starts both sides' warm JVMs, the base's first, each with its side's settings; a JVM that could
   * not start is a {@link GoalError}, one that started but failed before finding its tests shows in
   * its {@link #discovery}.
   */
  static WarmSides start(
      TestJvms testJvms, PairRuns.Sides sides, TestSelection selection, GoalLog log)
      throws GoalError {
    Map<Side, TestJvms.WarmJvm> started = new EnumMap<>(Side.class);
    WarmSides warm = new WarmSides(started);
    try {
      for (Side side : Side.values()) {
        String prefix = "[" + side + "] ";
        long start = System.nanoTime();
        started.put(
            side,
            testJvms.startWarm(
                side,
                sides.testClasses().get(side),
                selection,
                sides.settings().get(side),
                line -> log.info(prefix + line)));
        log.info(
            String.format(
                Locale.ROOT,
                GOAL
                    + ": the %s's warm test JVM started and found its tests in %.1f s (output: %s)",
                side,
                (System.nanoTime() - start) / 1e9,
                started.get(side).log()));
      }
      return warm;
    } catch (IOException e) {
      warm.close();
      throw new GoalError(GOAL + ": cannot start a warm test JVM: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      warm.close();
      Thread.currentThread().interrupt();
      throw new GoalError(GOAL + ": interrupted", e);
    } catch (RuntimeException e) {
      warm.close();
      throw e;
    }
  }

  /** What {@code side}'s JVM found as it started. */
  TestRun discovery(Side side) {
    return jvms.get(side).discovery();
  }

  /** A slice of {@code side}: {@link TestJvms.WarmJvm#slice}. */
  TestRun slice(
      Side side, int trial, String testClass, List<String> methods, Path results, Duration warmup)
      throws IOException, InterruptedException {
    return jvms.get(side).slice(trial, testClass, methods, results, warmup);
  }

  /** The file of {@code side}'s JVM's output. */
  Path log(Side side) {
    return jvms.get(side).log();
  }

  /** Ends both JVMs (each killed when it does not end). */
  @Override
  public void close() {
    jvms.values().forEach(TestJvms.WarmJvm::close);
  }
}
