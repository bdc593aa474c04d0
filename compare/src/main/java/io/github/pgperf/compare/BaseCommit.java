package io.github.pgperf.compare;

/**
 * The commit the candidate is compared with, and why that one.
 *
 * @param commit the full commit id
 * @param subject the commit's first line, for the log
 * @param reason how it was chosen: {@code -Dpgperf.base=v1.2}, {@code the merge base of HEAD and
 *     origin/main} ...
 */
public record BaseCommit(String commit, String subject, String reason) {

  /** The first 12 hex digits, as people quote commits. */
  public String shortCommit() {
    return commit.substring(0, Math.min(12, commit.length()));
  }

  /**
   * {@code compares with 1a2b3c4d5e6f "Add the index" (the merge base of HEAD and origin/main)}.
   */
  public String describe() {
    return "compares with " + shortCommit() + " \"" + subject + "\" (" + reason + ")";
  }

  /** Why this commit, without the log's hint on choosing another: for a pull request comment. */
  public String why() {
    int hint = reason.indexOf("; set ");
    return hint < 0 ? reason : reason.substring(0, hint);
  }
}
