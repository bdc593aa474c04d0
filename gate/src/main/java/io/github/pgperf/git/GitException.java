package io.github.pgperf.git;

/**
 * A git command that failed, did not end in time or could not be started; the message quotes git's
 * own words.
 */
public final class GitException extends Exception {

  private static final long serialVersionUID = 1L;

  private final boolean notStarted;

  GitException(boolean notStarted, String message) {
    super(message);
    this.notStarted = notStarted;
  }

  GitException(boolean notStarted, String message, Throwable cause) {
    super(message, cause);
    this.notStarted = notStarted;
  }

  /** Whether the git command could not be started at all (not installed, not on the PATH). */
  public boolean notStarted() {
    return notStarted;
  }
}
