package io.github.pgperf.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Base ref resolution and its named outcomes, on real repositories made by the git command. */
class BaseRefTest {

  @TempDir Path dir;

  private static String git(Path dir, String... args) throws CompareException {
    return TestGit.git(dir, args);
  }

  /** A repository with commits "one" (returned first), "two" and "three" on main. */
  private String[] threeCommits(Path repo) throws Exception {
    Files.createDirectories(repo);
    git(repo, "init", "-q", "-b", "main");
    String[] commits = new String[3];
    String[] names = {"one", "two", "three"};
    for (int i = 0; i < 3; i++) {
      Files.writeString(repo.resolve("file.txt"), names[i] + "\n", StandardCharsets.UTF_8);
      git(repo, "add", "file.txt");
      git(repo, "commit", "-q", "-m", names[i]);
      commits[i] = git(repo, "rev-parse", "HEAD");
    }
    return commits;
  }

  @Test
  void anExplicitRefIsTakenAsItIsAndSaidSo() throws Exception {
    String[] c = threeCommits(dir);
    git(dir, "tag", "v1", c[0]);
    BaseCommit base = BaseRef.resolve(new Repository(dir), "v1", Map.of());
    assertThat(base.commit()).isEqualTo(c[0]);
    assertThat(base.describe())
        .isEqualTo("compares with " + c[0].substring(0, 12) + " \"one\" (-Dpgperf.base=v1)");
    assertThat(BaseRef.resolve(new Repository(dir), "HEAD~1", Map.of()).commit()).isEqualTo(c[1]);
  }

  @Test
  void byDefaultTheMergeBaseWithOriginMainThenOriginMaster() throws Exception {
    String[] c = threeCommits(dir);
    // A branch from "two" with a commit of its own; origin/master at "three".
    git(dir, "update-ref", "refs/remotes/origin/master", c[2]);
    git(dir, "checkout", "-q", "-b", "feature", c[1]);
    Files.writeString(dir.resolve("other.txt"), "x", StandardCharsets.UTF_8);
    git(dir, "add", "other.txt");
    git(dir, "commit", "-q", "-m", "feature");
    BaseCommit master = BaseRef.resolve(new Repository(dir), null, Map.of());
    assertThat(master.commit()).isEqualTo(c[1]);
    assertThat(master.reason())
        .isEqualTo("the merge base of HEAD and origin/master; set pgperf.base to choose another");
    // origin/main wins over origin/master when both exist.
    git(dir, "update-ref", "refs/remotes/origin/main", c[0]);
    BaseCommit main = BaseRef.resolve(new Repository(dir), " ", Map.of());
    assertThat(main.commit()).isEqualTo(c[0]);
    assertThat(main.subject()).isEqualTo("one");
    assertThat(main.reason()).startsWith("the merge base of HEAD and origin/main");
  }

  @Test
  void aGithubPullRequestComparesWithTheMergeBaseOfItsTargetBranch() throws Exception {
    String[] c = threeCommits(dir);
    git(dir, "update-ref", "refs/remotes/origin/main", c[2]);
    git(dir, "update-ref", "refs/remotes/origin/release", c[1]);
    BaseCommit base =
        BaseRef.resolve(new Repository(dir), null, Map.of("GITHUB_BASE_REF", "release"));
    assertThat(base.commit()).isEqualTo(c[1]);
    assertThat(base.reason())
        .isEqualTo(
            "a GitHub Actions pull request into release: the merge"
                + " base of HEAD and origin/release");
    // A target branch the checkout did not fetch is named.
    assertThatThrownBy(
            () -> BaseRef.resolve(new Repository(dir), null, Map.of("GITHUB_BASE_REF", "develop")))
        .isInstanceOfSatisfying(
            CompareException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.BASE_MISSING))
        .hasMessage(
            "the pull request's base branch origin/develop (GITHUB_BASE_REF) is not in"
                + " this clone: fetch it, or set pgperf.base");
  }

  @Test
  void aMissingBaseIsNamedWithHowToFixIt() throws Exception {
    threeCommits(dir);
    assertThatThrownBy(() -> BaseRef.resolve(new Repository(dir), "nosuch", Map.of()))
        .isInstanceOfSatisfying(
            CompareException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.BASE_MISSING))
        .hasMessage(
            "the base ref \"nosuch\" (pgperf.base) names no commit in "
                + dir
                + ": fetch it (git fetch origin nosuch) or name another");
    assertThatThrownBy(() -> BaseRef.resolve(new Repository(dir), null, Map.of()))
        .isInstanceOfSatisfying(
            CompareException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.BASE_MISSING))
        .hasMessage(
            "no base to compare with: neither origin/main nor origin/master exists in "
                + dir
                + ": set pgperf.base to a branch, tag or commit");
  }

  @Test
  void aShallowCloneSaysHowToFetchTheHistory() throws Exception {
    Path upstream = dir.resolve("upstream");
    threeCommits(upstream);
    Path clone = dir.resolve("clone");
    git(dir, "clone", "-q", "--depth", "1", upstream.toUri().toString(), clone.toString());
    assertThat(BaseRef.shallow(new Repository(clone))).isTrue();
    assertThatThrownBy(() -> BaseRef.resolve(new Repository(clone), "HEAD~2", Map.of()))
        .isInstanceOfSatisfying(
            CompareException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.SHALLOW_CLONE))
        .hasMessageContaining("the base ref \"HEAD~2\" (pgperf.base) names no commit in")
        .hasMessageContaining("the clone is shallow")
        .hasMessageContaining("`fetch-depth: 0`")
        .hasMessageContaining("`GIT_DEPTH: 0`");
    // Its origin/main is HEAD itself: the merge base is there, so that comparison can run.
    assertThat(BaseRef.resolve(new Repository(clone), null, Map.of()).commit())
        .isEqualTo(git(clone, "rev-parse", "HEAD"));
  }

  @Test
  void aDirectoryOutsideGitIsNamed() throws IOException {
    Path plain = Files.createDirectories(dir.resolve("plain"));
    // GIT_CEILING_DIRECTORIES is not settable here; a temporary directory is not in a repository
    // unless the machine's temp directory is, which would make this test meaningless.
    org.junit.jupiter.api.Assumptions.assumeFalse(Files.exists(Path.of("/tmp/.git")));
    assertThatThrownBy(() -> BaseRef.resolve(new Repository(plain), null, Map.of()))
        .isInstanceOfSatisfying(
            CompareException.class,
            e -> assertThat(e.outcome()).isEqualTo(Outcome.NOT_A_REPOSITORY))
        .hasMessageStartingWith(
            plain + " is not in a git working tree (fatal: not a git repository")
        .hasMessageEndingWith(
            "pgperf:compare builds the base revision from git history; run it" + " in a clone");
  }

  @Test
  void uncommittedFilesAreListedTrackedOrNot() throws Exception {
    threeCommits(dir);
    assertThat(BaseRef.uncommitted(new Repository(dir))).isEmpty();
    Files.writeString(dir.resolve("file.txt"), "changed\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("new.txt"), "new\n", StandardCharsets.UTF_8);
    assertThat(BaseRef.uncommitted(new Repository(dir)))
        .containsExactlyInAnyOrder("file.txt", "new.txt");
  }

  @Test
  void theBaseWorktreeHoldsTheBaseAndIsRemovedWithItsBuildOutput() throws Exception {
    String[] c = threeCommits(dir.resolve("repo"));
    Repository repo = new Repository(dir.resolve("repo"));
    Path where = dir.resolve("repo/target/pgperf/base");
    try (BaseWorktree worktree = BaseWorktree.add(repo, where, c[0])) {
      assertThat(Files.readString(where.resolve("file.txt"))).isEqualTo("one\n");
      Files.createDirectories(where.resolve("target/classes"));
      Files.writeString(where.resolve("target/classes/A.class"), "x");
      assertThat(repo.run("worktree", "list")).contains(where.toString());
    }
    assertThat(where).doesNotExist();
    assertThat(repo.run("worktree", "list")).doesNotContain(where.toString());
    // A worktree left by a killed build is replaced, not refused.
    BaseWorktree.add(repo, where, c[0]);
    try (BaseWorktree again = BaseWorktree.add(repo, where, c[1])) {
      assertThat(Files.readString(where.resolve("file.txt"))).isEqualTo("two\n");
    }
    assertThat(where).doesNotExist();
  }
}
