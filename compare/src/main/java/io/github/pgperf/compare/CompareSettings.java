package io.github.pgperf.compare;

import io.github.pgperf.gate.GateSettings;
import java.nio.file.Path;

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
 * @param alternate {@code pgperf.alternate}: {@code class} or {@code jvm}
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
    String onNew,
    String onGone,
    GateSettings gate,
    Directories directories) {

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
