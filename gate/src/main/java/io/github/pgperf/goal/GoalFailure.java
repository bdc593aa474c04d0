package io.github.pgperf.goal;

/**
 * A goal's verdict that fails the build (a regression, results that cannot be recorded): the
 * message is what the build prints. Maven's {@code MojoFailureException}, the command's exit status
 * 1.
 */
public final class GoalFailure extends Exception {

  private static final long serialVersionUID = 1L;

  public GoalFailure(String message) {
    super(message);
  }
}
