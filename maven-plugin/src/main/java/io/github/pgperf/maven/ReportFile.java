package io.github.pgperf.maven;

import io.github.pgperf.report.HtmlReport;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.Optional;

/** This build's report.html, named at the end of a goal's output so that it is easy to find. */
final class ReportFile {

  private ReportFile() {}

  /**
   * The report in {@code outputDirectory} when this build wrote it: one left by an earlier build
   * (the report goal not bound, or skipped) would show other results.
   *
   * @param buildStart when the build started, or {@code null} when unknown (any report counts)
   */
  static Optional<Path> written(File outputDirectory, Date buildStart) {
    Path file = outputDirectory.toPath().resolve(HtmlReport.FILE);
    try {
      if (!Files.isRegularFile(file)) {
        return Optional.empty();
      }
      // File times may be coarser than the clock: a second's grace.
      if (buildStart != null
          && Files.getLastModifiedTime(file).toMillis() < buildStart.getTime() - 1000) {
        return Optional.empty();
      }
      return Optional.of(file.toAbsolutePath());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
