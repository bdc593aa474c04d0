package io.github.pgperf.compare;

import io.github.pgperf.git.Git;
import java.util.List;
import java.util.Map;

/**
 * Finds the base commit: the ref {@code pgperf.base} names, else on a GitHub Actions pull request
 * the merge base of {@code HEAD} and {@code origin/$GITHUB_BASE_REF}, else the merge base of {@code
 * HEAD} and {@code origin/main}, else of {@code origin/master}. The merge base, not the branch's
 * tip: a pull request is judged on its own change, not on what landed on main since.
 */
public final class BaseRef {

  /** The property that names the base ref. */
  public static final String PROPERTY = "pgperf.base";

  /** Set by GitHub Actions on pull_request events: the target branch's name. */
  static final String GITHUB_BASE_REF = "GITHUB_BASE_REF";

  /** The default branches tried, in order, when nothing names the base. */
  static final List<String> DEFAULT_BRANCHES = List.of("origin/main", "origin/master");

  static final String SHALLOW_HINT =
      "fetch the whole history: with actions/checkout set"
          + " `fetch-depth: 0`; on GitLab CI set the variable `GIT_DEPTH: 0`;"
          + " elsewhere run `git fetch --unshallow`";

  private BaseRef() {}

  /**
   * @param git git in the project's directory
   * @param explicit the value of {@code pgperf.base}, or null/blank for the default
   * @param environment the build's environment (for {@code GITHUB_BASE_REF})
   */
  public static BaseCommit resolve(Repository git, String explicit, Map<String, String> environment)
      throws CompareException {
    requireRepository(git);
    if (explicit != null && !explicit.isBlank()) {
      String ref = explicit.strip();
      String commit = commitOf(git, ref);
      if (commit == null) {
        throw missing(
            git,
            "the base ref \"" + ref + "\" (" + PROPERTY + ") names no commit in " + git.directory(),
            "fetch it (git fetch origin " + ref + ") or name another");
      }
      return found(git, commit, "-D" + PROPERTY + "=" + ref);
    }
    String prTarget = environment.get(GITHUB_BASE_REF);
    if (prTarget != null && !prTarget.isBlank()) {
      String ref = "origin/" + prTarget.strip();
      if (commitOf(git, ref) == null) {
        throw missing(
            git,
            "the pull request's base branch "
                + ref
                + " (GITHUB_BASE_REF) is not in"
                + " this clone",
            "fetch it, or set " + PROPERTY);
      }
      return mergeBase(
          git,
          ref,
          "a GitHub Actions pull request into "
              + prTarget.strip()
              + ": the merge base of HEAD and "
              + ref);
    }
    for (String ref : DEFAULT_BRANCHES) {
      if (commitOf(git, ref) != null) {
        return mergeBase(
            git,
            ref,
            "the merge base of HEAD and " + ref + "; set " + PROPERTY + " to choose another");
      }
    }
    throw missing(
        git,
        "no base to compare with: neither "
            + String.join(" nor ", DEFAULT_BRANCHES)
            + " exists in "
            + git.directory(),
        "set " + PROPERTY + " to a branch, tag or commit");
  }

  /**
   * The files that differ from HEAD (staged, unstaged, untracked and not ignored), as git lists
   * them.
   */
  public static List<String> uncommitted(Repository git) throws CompareException {
    String status = git.run("status", "--porcelain", "--untracked-files=all");
    return status.isEmpty() ? List.of() : status.lines().map(l -> l.substring(3)).toList();
  }

  static void requireRepository(Repository git) throws CompareException {
    Git.Result inside = git.call("rev-parse", "--is-inside-work-tree");
    if (inside.status() != 0 || !inside.output().equals("true")) {
      throw new CompareException(
          Outcome.NOT_A_REPOSITORY,
          git.directory()
              + " is not in a git working tree ("
              + (inside.error().isEmpty() ? inside.output() : inside.error())
              + "): pgperf:compare builds the base revision from git history;"
              + " run it in a clone");
    }
  }

  /** The commit {@code ref} names, or null when it names none. */
  static String commitOf(Repository git, String ref) throws CompareException {
    Git.Result r =
        git.call("rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}");
    return r.status() == 0 && !r.output().isBlank() ? r.output().strip() : null;
  }

  static boolean shallow(Repository git) throws CompareException {
    return git.run("rev-parse", "--is-shallow-repository").equals("true");
  }

  private static BaseCommit mergeBase(Repository git, String ref, String reason)
      throws CompareException {
    Git.Result base = git.call("merge-base", "HEAD", ref);
    if (base.status() != 0 || base.output().isBlank()) {
      throw missing(
          git,
          "HEAD and " + ref + " have no common commit in this clone",
          "fetch their history, or set " + PROPERTY);
    }
    return found(git, base.output().strip(), reason);
  }

  private static BaseCommit found(Repository git, String commit, String reason)
      throws CompareException {
    return new BaseCommit(commit, git.run("log", "-1", "--format=%s", commit), reason);
  }

  /** A missing base; in a shallow clone that is the cause, and the message says how to fix it. */
  private static CompareException missing(Repository git, String what, String fix)
      throws CompareException {
    if (shallow(git)) {
      return new CompareException(
          Outcome.SHALLOW_CLONE,
          what + ": the clone is shallow (it holds" + " only the latest commits). " + SHALLOW_HINT);
    }
    return new CompareException(Outcome.BASE_MISSING, what + ": " + fix);
  }
}
