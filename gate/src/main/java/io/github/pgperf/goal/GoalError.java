package io.github.pgperf.goal;

/**
 * A goal that cannot do its work: a bad setting, a file it cannot read or write, a process it
 * cannot start. Not a verdict ({@link GoalFailure} is one): Maven's {@code MojoExecutionException},
 * which Maven reports as an error of the build rather than a failure of the project. The message is
 * what the build prints; the cause, when there is one, is kept for {@code mvn -e}.
 */
public final class GoalError extends Exception {

  private static final long serialVersionUID = 1L;

  public GoalError(String message) {
    super(message);
  }

  public GoalError(String message, Throwable cause) {
    super(message, cause);
  }
}
