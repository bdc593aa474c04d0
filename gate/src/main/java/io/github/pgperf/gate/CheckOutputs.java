package io.github.pgperf.gate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes the report where people look: {@code check.md}, {@code check.json} and {@code
 * TEST-pgperf-check.xml} in the output directory; under GitHub Actions also the job summary ({@code
 * $GITHUB_STEP_SUMMARY}, appended) and annotations (on standard output, where the runner reads
 * workflow commands).
 */
public final class CheckOutputs {

  /** The Markdown report's file name. */
  public static final String MARKDOWN = "check.md";

  /** The JSON report's file name. */
  public static final String JSON = "check.json";

  /** The JUnit XML report's file name. */
  public static final String JUNIT = "TEST-pgperf-check.xml";

  private CheckOutputs() {}

  /**
   * Writes the reports.
   *
   * @param directory where the files go (created if needed)
   * @param environment the process environment ({@code GITHUB_ACTIONS}, {@code
   *     GITHUB_STEP_SUMMARY})
   * @param stdout receives the GitHub annotation lines, unprefixed
   * @throws IOException when a file cannot be written
   */
  public static void write(
      CheckReport report, Path directory, Map<String, String> environment, Consumer<String> stdout)
      throws IOException {
    write(report, null, directory, environment, stdout);
  }

  /**
   * Writes the reports, check.md and the job summary led by {@code lead} (a paragraph of Markdown,
   * {@code pgperf:compare}'s "compared with ..." line, so the file reads as a pull request
   * comment).
   *
   * @param lead the first paragraph, or {@code null} for none
   */
  public static void write(
      CheckReport report,
      String lead,
      Path directory,
      Map<String, String> environment,
      Consumer<String> stdout)
      throws IOException {
    Files.createDirectories(directory);
    String markdown = MarkdownReport.of(report, lead);
    Files.writeString(directory.resolve(MARKDOWN), markdown, StandardCharsets.UTF_8);
    Files.writeString(directory.resolve(JSON), JsonReport.of(report), StandardCharsets.UTF_8);
    Files.writeString(directory.resolve(JUNIT), JunitReport.of(report), StandardCharsets.UTF_8);
    String summary = environment.get("GITHUB_STEP_SUMMARY");
    if (summary != null && !summary.isBlank()) {
      Files.writeString(
          Path.of(summary),
          markdown + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    }
    if ("true".equals(environment.get("GITHUB_ACTIONS"))) {
      GithubAnnotations.lines(report).forEach(stdout);
    }
  }
}
