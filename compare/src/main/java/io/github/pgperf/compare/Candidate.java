package io.github.pgperf.compare;

import io.github.pgperf.goal.GoalError;
import io.github.pgperf.launch.ForkSettings;
import io.github.pgperf.launch.TestSelection;
import java.nio.file.Path;

/**
 * The working tree's test JVM, as the build tool resolves it (the plugin: this Maven project's test
 * class path and {@code pgperf:test}'s configuration).
 *
 * @param selection the tests to compare, one trial each (a test JVM runs one pair member)
 * @param settings how its test JVM starts
 * @param testClasses its compiled test classes
 * @param engineMissing whether its test class path has no JUnit engine, for the message when no
 *     test is found
 */
public record Candidate(
    TestSelection selection, ForkSettings settings, Path testClasses, boolean engineMissing) {

  /**
   * Where the candidate comes from. {@link Comparison} asks once it knows the base commit, so a
   * comparison without a base resolves nothing of the project (no launcher is looked up).
   */
  @FunctionalInterface
  public interface Source {

    /** The candidate; a bad setting is a {@link GoalError} naming it. */
    Candidate resolve() throws GoalError;
  }
}
