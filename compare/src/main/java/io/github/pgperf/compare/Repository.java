package io.github.pgperf.compare;

import io.github.pgperf.git.Git;
import io.github.pgperf.git.GitException;
import java.nio.file.Path;

/**
 * The project's git as the comparison uses it: {@link Git}'s failures become the comparison's
 * outcomes ({@link Outcome#NOT_A_REPOSITORY} when git cannot be started, else {@link
 * Outcome#GIT_FAILED}), so each step reports them as it reports its own.
 */
public final class Repository {

  private final Git git;

  /** Git in {@code directory}, the {@code git} on the PATH. */
  public Repository(Path directory) {
    this(new Git(directory));
  }

  Repository(Git git) {
    this.git = git;
  }

  public Path directory() {
    return git.directory();
  }

  /** What the command printed on standard output, without the final line break. */
  public String run(String... args) throws CompareException {
    try {
      return git.run(args);
    } catch (GitException e) {
      throw failed(e);
    }
  }

  /** The command's result, whatever its exit status. */
  Git.Result call(String... args) throws CompareException {
    try {
      return git.call(args);
    } catch (GitException e) {
      throw failed(e);
    }
  }

  private static CompareException failed(GitException e) {
    return e.notStarted()
        ? new CompareException(
            Outcome.NOT_A_REPOSITORY,
            e.getMessage() + ": pgperf:compare needs the git command on the PATH",
            e)
        : new CompareException(Outcome.GIT_FAILED, e.getMessage(), e);
  }
}
