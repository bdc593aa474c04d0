package io.github.pgperf.compare;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A git worktree of the base commit (detached, so no branch is made or moved), removed by {@link
 * #close()}, also after a failure. A directory left by a build that was killed is removed first: it
 * is pgperf's own ({@code target/pgperf/base/}).
 */
public final class BaseWorktree implements AutoCloseable {

  private final Repository repository;
  private final Path directory;

  private BaseWorktree(Repository repository, Path directory) {
    this.repository = repository;
    this.directory = directory;
  }

  /** Checks {@code commit} out into {@code directory}. */
  public static BaseWorktree add(Repository repository, Path directory, String commit)
      throws CompareException {
    removeLeftover(repository, directory);
    try {
      Files.createDirectories(directory.getParent());
    } catch (IOException e) {
      throw new CompareException(
          Outcome.GIT_FAILED, "cannot create " + directory.getParent() + ": " + e.getMessage(), e);
    }
    repository.run("worktree", "add", "--detach", "--force", directory.toString(), commit);
    return new BaseWorktree(repository, directory);
  }

  public Path directory() {
    return directory;
  }

  /** Git in the worktree. */
  public Repository git() {
    return new Repository(directory);
  }

  @Override
  public void close() throws CompareException {
    removeLeftover(repository, directory);
  }

  private static void removeLeftover(Repository repository, Path directory)
      throws CompareException {
    if (Files.exists(directory)) {
      // Build output in the worktree is untracked: --force removes it with the checkout.
      repository.call("worktree", "remove", "--force", "--force", directory.toString());
      if (Files.exists(directory)) {
        deleteTree(directory);
      }
    }
    repository.call("worktree", "prune");
  }

  private static void deleteTree(Path root) throws CompareException {
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.delete(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
              if (e != null) {
                throw e;
              }
              Files.delete(dir);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new CompareException(
          Outcome.GIT_FAILED, "cannot remove the base worktree " + root + ": " + e.getMessage(), e);
    }
  }
}
