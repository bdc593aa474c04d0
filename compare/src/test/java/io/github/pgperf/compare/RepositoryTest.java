package io.github.pgperf.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.git.Git;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** git's failures as the comparison's named outcomes. */
class RepositoryTest {

  @TempDir Path dir;

  @Test
  void aMissingGitIsNotARepositoryAndSaysWhatIsNeeded() {
    Repository repository = new Repository(new Git(dir, dir.resolve("no-such-git").toString()));

    assertThatThrownBy(() -> repository.run("status"))
        .isInstanceOfSatisfying(
            CompareException.class,
            e -> assertThat(e.outcome()).isEqualTo(Outcome.NOT_A_REPOSITORY))
        .hasMessageEndingWith(": pgperf:compare needs the git command on the PATH");
  }

  @Test
  void aFailingCommandIsGitFailedInGitsWords() {
    assertThatThrownBy(() -> new Repository(dir).run("rev-parse", "HEAD"))
        .isInstanceOfSatisfying(
            CompareException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.GIT_FAILED))
        .hasMessageContaining("fatal: not a git repository");
  }
}
