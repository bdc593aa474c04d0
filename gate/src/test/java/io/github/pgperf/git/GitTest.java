package io.github.pgperf.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The git command in a directory: its output, its failures in git's words, a missing git. */
class GitTest {

  @TempDir Path dir;

  @Test
  void printsWhatGitPrintedWithoutTheLastLineBreak() throws Exception {
    Git git = new Git(dir);
    git.run("init", "-q", "-b", "main");

    assertThat(git.run("rev-parse", "--is-inside-work-tree")).isEqualTo("true");
    assertThat(git.call("rev-parse", "--verify", "--quiet", "HEAD").status()).isNotZero();
  }

  @Test
  void aFailedCommandIsNamedWithItsStatusAndGitsMessage() {
    assertThatThrownBy(() -> new Git(dir).run("rev-parse", "HEAD"))
        .isInstanceOfSatisfying(GitException.class, e -> assertThat(e.notStarted()).isFalse())
        .hasMessageStartingWith("git rev-parse HEAD in " + dir + " failed (exit status 128): ")
        .hasMessageContaining("fatal: not a git repository");
  }

  @Test
  void aGitThatCannotStartIsSaidSo() {
    Path missing = dir.resolve("no-such-git");

    assertThatThrownBy(() -> new Git(dir, missing.toString()).run("status"))
        .isInstanceOfSatisfying(GitException.class, e -> assertThat(e.notStarted()).isTrue())
        .hasMessageStartingWith("cannot run " + missing + " (");
  }
}
