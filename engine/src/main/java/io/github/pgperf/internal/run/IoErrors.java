package io.github.pgperf.internal.run;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** An I/O error's reason in the C library's words, as pgbench prints {@code %m}. */
public final class IoErrors {

  private IoErrors() {}

  /** {@code No such file or directory}, {@code Permission denied}, {@code Not a directory}, ... */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "No such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "Permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage();
  }
}
