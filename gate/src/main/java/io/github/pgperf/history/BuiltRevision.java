package io.github.pgperf.history;

import io.github.pgperf.git.Git;
import io.github.pgperf.git.GitException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The commit and branch a build built, for the history: what CI names in its environment ({@link
 * BuildInfo#commitOf}, {@link BuildInfo#branchOf}), else what git says in the project's directory,
 * else unknown ({@code null}): a build outside a repository is still recorded.
 *
 * @param commit the commit, or {@code null}
 * @param branch the branch, or {@code null} (also on a detached HEAD)
 */
public record BuiltRevision(String commit, String branch) {

  /** The revision built in {@code directory} under {@code environment}. */
  public static BuiltRevision of(Map<String, String> environment, Path directory) {
    String commit = BuildInfo.commitOf(environment);
    if (commit == null) {
      commit = git(directory, "rev-parse", "HEAD");
    }
    String branch = BuildInfo.branchOf(environment);
    if (branch == null) {
      branch = git(directory, "rev-parse", "--abbrev-ref", "HEAD");
    }
    return new BuiltRevision(commit, "HEAD".equals(branch) ? null : branch);
  }

  private static String git(Path directory, String... args) {
    try {
      String out = new Git(directory).run(args).strip();
      return out.isEmpty() ? null : out;
    } catch (GitException e) {
      return null; // not a repository, or no git: unknown
    }
  }
}
