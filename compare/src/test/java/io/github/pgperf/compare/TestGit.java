package io.github.pgperf.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Git for the tests' own repositories. */
final class TestGit {

  private TestGit() {}

  /**
   * Runs git in {@code dir} with a fixed author and no signing, so commits work on a machine
   * without git configuration; what it printed.
   */
  static String git(Path dir, String... args) throws CompareException {
    List<String> all =
        new ArrayList<>(
            List.of(
                "-c",
                "user.name=pgperf test",
                "-c",
                "user.email=test@pgperf.invalid",
                "-c",
                "commit.gpgsign=false"));
    all.addAll(List.of(args));
    return new Repository(dir).run(all.toArray(String[]::new));
  }
}
