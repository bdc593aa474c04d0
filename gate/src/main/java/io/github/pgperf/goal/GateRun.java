package io.github.pgperf.goal;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.BaselineStore;
import io.github.pgperf.gate.CheckMessages;
import io.github.pgperf.gate.CheckOutputs;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.ConsoleTable;
import io.github.pgperf.gate.Gate;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.report.HistoryCharts;
import io.github.pgperf.report.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The gate's three goals on result directories, without Maven: {@code pgperf:check}, {@code
 * pgperf:report} and {@code pgperf:baseline} call them, and so do {@code pgperf
 * check|report|baseline}, so that both give the same outputs and verdicts.
 *
 * @param results this build's result files
 * @param baselineStore the baseline store (one JSON file per test)
 * @param baselineResults another build's results directory used as the baseline instead of the
 *     store, or {@code null}
 * @param outputDirectory where check.md, check.json, TEST-pgperf-check.xml and report.html go
 * @param goal the goal's name in messages ({@code pgperf check})
 * @param log where messages go
 */
public record GateRun(
    Path results,
    Path baselineStore,
    Path baselineResults,
    Path outputDirectory,
    String goal,
    GoalLog log) {

  /** The baseline: {@link #baselineResults} when set, else the store. */
  public Baseline baseline() throws IOException {
    return baselineResults != null
        ? Baseline.fromResults(baselineResults)
        : Baseline.fromStore(new BaselineStore(baselineStore));
  }

  /**
   * Checks the results against the baseline: the table, check.md, check.json, the JUnit XML and,
   * under GitHub Actions, the job summary and annotations; warnings logged.
   *
   * @param environment where GitHub Actions' variables are read
   * @param stdout where GitHub's workflow commands (annotations) are printed
   * @param recordingBaseline pgperf:baseline records these results in the same build: what would
   *     fail is warned about instead
   * @param buildStart when the build started, or {@code null}: an older report.html is not named
   * @throws GoalFailure with the failures' lines when the check fails the build
   */
  public CheckReport check(
      GateSettings settings,
      Map<String, String> environment,
      Consumer<String> stdout,
      boolean recordingBaseline,
      Instant buildStart)
      throws IOException, GoalFailure {
    CheckReport report = new Gate(settings).check(ResultFiles.read(results), baseline());
    ConsoleTable.lines(report).forEach(log::info);
    CheckOutputs.write(report, outputDirectory, environment, stdout);
    CheckMessages.of(report, Action.WARN).forEach(log::warn);
    String outcome = CheckMessages.outcome(goal, report, outputDirectory);
    Optional<Path> reportFile = reportWritten(buildStart);
    if (!report.failed()) {
      if (report.headline().tone() == Action.PASS) {
        log.info(outcome);
      } else {
        log.warn(outcome);
      }
    } else if (recordingBaseline) {
      CheckMessages.of(report, Action.FAIL).forEach(log::warn);
      log.warn(outcome);
      log.warn(
          goal
              + ": not failing the build: pgperf:baseline is among its goals and"
              + " records these results as the baseline");
    } else {
      log.error(outcome);
      StringBuilder message = new StringBuilder(goal + " failed:");
      CheckMessages.of(report, Action.FAIL).forEach(line -> message.append("\n  ").append(line));
      reportFile.ifPresent(file -> message.append("\n  report: ").append(file));
      throw new GoalFailure(message.toString());
    }
    reportFile.ifPresent(file -> log.info(goal + ": report: " + file));
    return report;
  }

  /**
   * Writes report.html from the results as they are; missing results or an unreadable baseline are
   * warned about and said in the page.
   *
   * @return the file written, or empty when it could not be written (a warning says why)
   */
  public Optional<Path> report(GateSettings settings) {
    return report(settings, HistoryCharts.NONE);
  }

  /** {@link #report(GateSettings)} with the history's series, judged with this build, drawn. */
  public Optional<Path> report(GateSettings settings, HistoryCharts history) {
    try {
      ResultFiles files = ResultFiles.read(results);
      if (!files.exists()) {
        log.warn(
            goal
                + ": the results directory "
                + results
                + " does not exist (run the performance tests first); the report says so");
      } else if (files.isEmpty()) {
        log.warn(goal + ": no result files in " + results + "; the report says so");
      }
      Baseline baseline = null;
      String baselineFailure = null;
      try {
        baseline = baseline();
      } catch (IOException e) {
        baselineFailure = e.getMessage();
        log.warn(goal + ": no verdicts in the report: " + baselineFailure);
      }
      return Optional.of(
          HtmlReport.write(
              outputDirectory, files, baseline, baselineFailure, settings, Instant.now(), history));
    } catch (IOException e) {
      log.warn(
          goal
              + ": cannot write "
              + HtmlReport.FILE
              + " in "
              + outputDirectory
              + ": "
              + e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * Records the results into the baseline store, keeping each test's last {@code builds} builds.
   *
   * @throws GoalFailure when results are missing, empty, aborted or unreadable
   */
  public void recordBaseline(int builds) throws IOException, GoalFailure {
    if (builds < 1) {
      throw new IllegalArgumentException("pgperf.baselineBuilds must be at least 1, not " + builds);
    }
    ResultFiles files = ResultFiles.read(results);
    if (!files.problems().isEmpty()) {
      StringBuilder message =
          new StringBuilder(goal + ": not recorded, some results cannot be used:");
      files
          .problems()
          .forEach(
              p ->
                  message
                      .append("\n  ")
                      .append(p.verdict().text())
                      .append(": ")
                      .append(p.message()));
      throw new GoalFailure(message.toString());
    }
    if (files.samples().isEmpty()) {
      throw new GoalFailure(
          goal + ": no result files in " + results + ": run the performance tests first");
    }
    int added = new BaselineStore(baselineStore).record(files.samples(), builds);
    log.info(
        goal
            + ": recorded "
            + added
            + " samples of "
            + files.samples().size()
            + " tests into "
            + baselineStore
            + " (keeping each test's last "
            + builds
            + " builds); commit it");
  }

  /**
   * This build's report.html, named at the end of the check: one left by an earlier build (the
   * report goal not bound, or skipped) would show other results.
   *
   * @param buildStart when the build started, or {@code null} when unknown (any report counts)
   */
  public Optional<Path> reportWritten(Instant buildStart) {
    Path file = outputDirectory.resolve(HtmlReport.FILE);
    try {
      if (!Files.isRegularFile(file)) {
        return Optional.empty();
      }
      // File times may be coarser than the clock: a second's grace.
      if (buildStart != null
          && Files.getLastModifiedTime(file).toMillis() < buildStart.toEpochMilli() - 1000) {
        return Optional.empty();
      }
      return Optional.of(file.toAbsolutePath());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
