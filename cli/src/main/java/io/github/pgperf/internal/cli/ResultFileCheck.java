package io.github.pgperf.internal.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether {@code --result-json}'s file can be written, asked before the run: a result that cannot
 * be written after a whole benchmark is a lost result. pgbench likewise opens {@code -l}'s files
 * before its clients start.
 */
final class ResultFileCheck {

  private ResultFileCheck() {}

  /**
   * Checks that {@code file} can be created or overwritten, leaving the file system as it was.
   *
   * @throws IOException why not, in the C library's words through {@link
   *     io.github.pgperf.internal.run.IoErrors}
   */
  static void check(Path file) throws IOException {
    if (Files.isDirectory(file)) {
      throw new FileSystemException(file.toString(), null, "Is a directory");
    }
    if (Files.exists(file)) {
      // Kept as it is until the run's result replaces it.
      if (!Files.isWritable(file)) {
        throw new AccessDeniedException(file.toString());
      }
      return;
    }
    Files.createFile(file);
    Files.delete(file);
  }
}
