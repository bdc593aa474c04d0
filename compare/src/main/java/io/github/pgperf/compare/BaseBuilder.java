package io.github.pgperf.compare;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Builds the base revision in its worktree, a build that writes how the base's test JVM starts
 * ({@link ForkPlan}): the build tool's job (the plugin's {@code maven.BaseBuild}, Maven in a
 * process of its own).
 */
@FunctionalInterface
public interface BaseBuilder {

  /**
   * Builds the base revision and writes its fork plan.
   *
   * @param root the base worktree's directory where this build started (its execution root)
   * @param module the compared module's path relative to {@code root}; empty for the root itself
   * @param log where the build's output goes (kept)
   * @param forkPlan where the build writes the compared module's {@link ForkPlan}
   * @param timeout how long the build may run
   * @return the fork plan's file
   * @throws CompareException {@link Outcome#BASE_DOES_NOT_BUILD}, naming the cause and the log
   */
  Path build(Path root, String module, Path log, Path forkPlan, Duration timeout)
      throws CompareException;
}
