package io.github.pgperf.history;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * Which build a history point belongs to.
 *
 * @param build the build id: the results' own ({@code identity.build}), or the one given
 * @param commit the commit built, or {@code null} when unknown
 * @param branch the branch built, or {@code null} when unknown
 * @param time when the build ran: its first run's start
 */
public record BuildInfo(String build, String commit, String branch, Instant time) {

  public BuildInfo {
    Objects.requireNonNull(build, "build");
    Objects.requireNonNull(time, "time");
    if (build.isBlank() || build.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          "a build id must be non-blank text on one line, not \"" + build + "\"");
    }
  }

  /**
   * The commit CI names in its environment: GitHub Actions' {@code GITHUB_SHA}, GitLab's {@code
   * CI_COMMIT_SHA}, Jenkins' {@code GIT_COMMIT}, else {@code null}.
   */
  public static String commitOf(Map<String, String> environment) {
    return first(environment, "GITHUB_SHA", "CI_COMMIT_SHA", "GIT_COMMIT");
  }

  /**
   * The branch CI names: {@code GITHUB_HEAD_REF} (a pull request's), {@code GITHUB_REF_NAME},
   * {@code CI_COMMIT_REF_NAME}, {@code BRANCH_NAME}, {@code GIT_BRANCH}, else {@code null}.
   */
  public static String branchOf(Map<String, String> environment) {
    return first(
        environment,
        "GITHUB_HEAD_REF",
        "GITHUB_REF_NAME",
        "CI_COMMIT_REF_NAME",
        "BRANCH_NAME",
        "GIT_BRANCH");
  }

  private static String first(Map<String, String> environment, String... names) {
    for (String name : names) {
      String value = environment.get(name);
      if (value != null && !value.isBlank()) {
        return value.strip();
      }
    }
    return null;
  }

  /** The commit abbreviated as git does (12 characters), or {@code ?} when unknown. */
  public String shortCommit() {
    if (commit == null) {
      return "?";
    }
    return commit.length() > 12 ? commit.substring(0, 12) : commit;
  }
}
