package io.github.pgperf.compare;

import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.result.DurationText;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What {@code pgperf:compare} is told, as the user wrote it ({@code pgperf.*} parameters): the text
 * values are read by {@link Comparison}, which names the property of a bad one.
 *
 * @param base {@code pgperf.base}: the ref to compare with; null or blank for the default
 * @param pairs how many pairs ({@code pgperf.pairs}, by default as many as trials)
 * @param confirmationPairs {@code pgperf.confirmationPairs}; null for as many as {@code pairs}
 * @param failIfNoBase {@code pgperf.failIfNoBase}: whether no base fails the build
 * @param baseBuildTimeout {@code pgperf.baseBuildTimeout}, a duration
 * @param compareServer {@code pgperf.compareServer}: {@code shared} or {@code own}
 * @param compareServerTimeout {@code pgperf.compareServerTimeout}, a duration
 * @param alternate {@code pgperf.alternate}: {@code class}, {@code jvm} or {@code slice}
 * @param sliceDuration {@code pgperf.sliceDuration}: how long each test runs in a slice ({@code
 *     pgperf.alternate=slice}), a duration of whole seconds
 * @param compareTime {@code pgperf.compareTime}: with slices, how much measured load each test
 *     class may get while its pairs come until its timing verdicts settle ({@link CompareTime}), a
 *     duration; null for a number of pairs fixed in advance ({@code pgperf.pairs} given)
 * @param onNew {@code pgperf.onNew}: what a test only the candidate has does
 * @param onGone {@code pgperf.onGone}: what a test only the base has does
 * @param gate the gate's settings, as {@code pgperf:check} takes them (NEW and GONE added here)
 * @param directories where the project is and where the comparison writes
 */
public record CompareSettings(
    String base,
    int pairs,
    Integer confirmationPairs,
    boolean failIfNoBase,
    String baseBuildTimeout,
    String compareServer,
    String compareServerTimeout,
    String alternate,
    String sliceDuration,
    String compareTime,
    String onNew,
    String onGone,
    GateSettings gate,
    Directories directories) {

  /**
   * {@code pgperf.sliceDuration}'s default: short enough for many pairs, long enough to measure.
   */
  public static final String DEFAULT_SLICE_DURATION = "2s";

  /**
   * Pairs when {@code pgperf.pairs} is not set with {@code pgperf.alternate=slice}: a slice costs
   * seconds, not a JVM start, so more pairs fit in the time a few whole test JVMs take. Only a
   * comparison told neither {@code pgperf.pairs} nor {@code pgperf.compareTime} uses it: without
   * {@code pgperf.pairs} pairs come until the verdicts settle.
   */
  public static final int DEFAULT_SLICE_PAIRS = 12;

  /** {@code pgperf.compareTime}'s default: {@value CompareTime#DEFAULT}. */
  public static final String DEFAULT_COMPARE_TIME = CompareTime.DEFAULT;

  /**
   * {@code pgperf.compareTime} read with the slice's length, or null for a number of pairs fixed in
   * advance (no compare time, or not alternating slices).
   *
   * @throws IllegalArgumentException naming the setting, the text and the cause
   */
  CompareTime time(Alternation alternation, Duration slice) {
    if (compareTime == null || alternation != Alternation.SLICE) {
      return null;
    }
    Duration limit =
        DurationText.wholeSeconds(
            CompareTime.PROPERTY, compareTime, 1, "the time of slices that last whole seconds");
    return new CompareTime(limit, slice);
  }

  /** These settings alternating as {@code alternate} with slices of {@code sliceDuration}. */
  public CompareSettings withAlternation(String alternate, String sliceDuration) {
    return new CompareSettings(
        base,
        pairs,
        confirmationPairs,
        failIfNoBase,
        baseBuildTimeout,
        compareServer,
        compareServerTimeout,
        alternate,
        sliceDuration,
        compareTime,
        onNew,
        onGone,
        gate,
        directories);
  }

  /**
   * These settings with {@code pgperf.compareTime} {@code compareTime}: null for a number of pairs
   * fixed in advance.
   */
  public CompareSettings withCompareTime(String compareTime) {
    return new CompareSettings(
        base,
        pairs,
        confirmationPairs,
        failIfNoBase,
        baseBuildTimeout,
        compareServer,
        compareServerTimeout,
        alternate,
        sliceDuration,
        compareTime,
        onNew,
        onGone,
        gate,
        directories);
  }

  /** These settings with {@code pgperf.compareServer} {@code compareServer}. */
  public CompareSettings withCompareServer(String compareServer) {
    return new CompareSettings(
        base,
        pairs,
        confirmationPairs,
        failIfNoBase,
        baseBuildTimeout,
        compareServer,
        compareServerTimeout,
        alternate,
        sliceDuration,
        compareTime,
        onNew,
        onGone,
        gate,
        directories);
  }

  /** These settings with {@code pgperf.failIfNoBase} {@code failIfNoBase}. */
  public CompareSettings withFailIfNoBase(boolean failIfNoBase) {
    return new CompareSettings(
        base,
        pairs,
        confirmationPairs,
        failIfNoBase,
        baseBuildTimeout,
        compareServer,
        compareServerTimeout,
        alternate,
        sliceDuration,
        compareTime,
        onNew,
        onGone,
        gate,
        directories);
  }

  /** These settings with {@code pgperf.baseBuildTimeout} {@code baseBuildTimeout}. */
  public CompareSettings withBaseBuildTimeout(String baseBuildTimeout) {
    return new CompareSettings(
        base,
        pairs,
        confirmationPairs,
        failIfNoBase,
        baseBuildTimeout,
        compareServer,
        compareServerTimeout,
        alternate,
        sliceDuration,
        compareTime,
        onNew,
        onGone,
        gate,
        directories);
  }

  /**
   * The pairs when {@code pgperf.pairs} is not set: {@link #DEFAULT_SLICE_PAIRS} with {@code
   * alternate} slice, else as many as the trials.
   */
  public static int defaultPairs(String alternate, int trials) {
    return Alternation.SLICE.value().equalsIgnoreCase(alternate == null ? "" : alternate.trim())
        ? DEFAULT_SLICE_PAIRS
        : trials;
  }

  /**
   * {@code pgperf.sliceDuration} read: whole seconds from 1s, since it becomes each timed run's
   * length ({@code pgperf.slice.duration} and {@code pgperf.duration}, pgbench's {@code -T}).
   *
   * @throws IllegalArgumentException naming the setting, the text and the cause
   */
  public Duration slice() {
    return DurationText.wholeSeconds(
        "pgperf.sliceDuration",
        sliceDuration,
        1,
        "it becomes each test's pgperf.duration, pgbench's -T, which counts seconds");
  }

  /**
   * Where the comparison runs and writes.
   *
   * @param project the compared module's directory
   * @param executionRoot where the build was started (a reactor's root, or the module)
   * @param output {@code target/pgperf}: the base worktree and its build's log, the test JVMs'
   *     files, check.md and its siblings
   * @param results {@code target/pgperf/results}: each side's result files under its name
   */
  public record Directories(Path project, Path executionRoot, Path output, Path results) {}
}
