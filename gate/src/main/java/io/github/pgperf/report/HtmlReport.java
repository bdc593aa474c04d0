package io.github.pgperf.report;

import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.Gate;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.ResultFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The HTML report of a build's performance results: one self-contained file (inline CSS and SVG, no
 * script, a Content-Security-Policy that forbids every request) with the setup, the verdicts
 * against the baseline as {@code pgperf:check} reaches them, client sweeps, and each test's
 * timeline, latency distribution and database work (statements, wait events, plans, work against
 * the baseline). Independent of Maven. How to read it: {@code docs/report.md}.
 */
public final class HtmlReport {

  /** The report's file name in the output directory. */
  public static final String FILE = "report.html";

  private HtmlReport() {}

  /**
   * The report's page.
   *
   * @param results this build's results
   * @param baseline what to compare with, or {@code null} when it could not be read
   * @param baselineFailure why the baseline could not be read, when {@code baseline} is null
   * @param settings the gate's settings (the same as {@code pgperf:check}'s)
   * @param generatedAt when the report is made, printed in its header
   */
  public static String render(
      ResultFiles results,
      Baseline baseline,
      String baselineFailure,
      GateSettings settings,
      Instant generatedAt) {
    return render(results, baseline, baselineFailure, settings, generatedAt, HistoryCharts.NONE);
  }

  /**
   * {@link #render}'s page with the history's charts ({@code history}: the series judged with this
   * build, {@link io.github.pgperf.history.HistoryRecorder}).
   */
  public static String render(
      ResultFiles results,
      Baseline baseline,
      String baselineFailure,
      GateSettings settings,
      Instant generatedAt,
      HistoryCharts history) {
    List<String> notes = new ArrayList<>();
    List<TestRuns> tests = TestRuns.read(results, notes);
    CheckReport check = baseline == null ? null : new Gate(settings).check(results, baseline);
    return new ReportPage(
            results,
            tests,
            List.of(),
            notes,
            new Against.TheBaseline(baseline, baselineFailure),
            check,
            generatedAt,
            history)
        .html();
  }

  /**
   * The page of a comparison ({@code pgperf:compare}): the candidate's results against the base
   * revision's, measured interleaved in pairs, with the verdicts the comparison gave.
   *
   * @param base the base revision's results
   * @param candidate the candidate's results
   * @param verdicts the comparison's verdicts, as its log and check.md give them (taken, not
   *     recomputed: after a confirmation they hold the first pairs' findings of the other tests)
   * @param lead the comparison's first line, as check.md leads with it
   * @param generatedAt when the report is made
   */
  public static String renderComparison(
      ResultFiles base,
      ResultFiles candidate,
      CheckReport verdicts,
      String lead,
      Instant generatedAt) {
    List<String> notes = new ArrayList<>();
    List<TestRuns> tests = TestRuns.read(candidate, notes);
    List<TestRuns> baseTests = TestRuns.read(base, notes);
    return new ReportPage(
            candidate,
            tests,
            baseTests,
            notes,
            new Against.TheBase(base, lead),
            verdicts,
            generatedAt)
        .html();
  }

  /**
   * Writes {@link #renderComparison}'s page to {@code directory}/{@value #FILE}, creating the
   * directory.
   *
   * @return the file written
   * @throws IOException when it cannot be written
   */
  public static Path writeComparison(
      Path directory,
      ResultFiles base,
      ResultFiles candidate,
      CheckReport verdicts,
      String lead,
      Instant generatedAt)
      throws IOException {
    return writePage(directory, renderComparison(base, candidate, verdicts, lead, generatedAt));
  }

  /**
   * Writes {@link #render}'s page to {@code directory}/{@value #FILE}, creating the directory.
   *
   * @return the file written
   * @throws IOException when it cannot be written
   */
  public static Path write(
      Path directory,
      ResultFiles results,
      Baseline baseline,
      String baselineFailure,
      GateSettings settings,
      Instant generatedAt)
      throws IOException {
    return writePage(directory, render(results, baseline, baselineFailure, settings, generatedAt));
  }

  /** {@link #write} with the history's charts. */
  public static Path write(
      Path directory,
      ResultFiles results,
      Baseline baseline,
      String baselineFailure,
      GateSettings settings,
      Instant generatedAt,
      HistoryCharts history)
      throws IOException {
    return writePage(
        directory, render(results, baseline, baselineFailure, settings, generatedAt, history));
  }

  private static Path writePage(Path directory, String html) throws IOException {
    Files.createDirectories(directory);
    Path file = directory.resolve(FILE);
    Files.writeString(file, html, StandardCharsets.UTF_8);
    return file;
  }
}
