package io.github.pgperf.maven;

import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.history.DirectoryStore;
import io.github.pgperf.history.HistoryRecorder;
import io.github.pgperf.history.HistoryStore;
import io.github.pgperf.report.HistoryCharts;
import io.github.pgperf.report.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Writes report.html into the output directory: one self-contained page (it opens with no network)
 * with the setup, the verdicts against the baseline as pgperf:check reaches them (same parameters),
 * tps and latency over time, latency percentiles, client sweeps and each test's database work (top
 * statements, wait events, plans, work per transaction against the baseline). Bound to
 * post-integration-test so that the report exists before pgperf:check (verify) fails the build;
 * missing results or baseline are said in the report and warned about, never a failure of this
 * goal.
 */
@Mojo(
    name = "report",
    defaultPhase = LifecyclePhase.POST_INTEGRATION_TEST,
    requiresDependencyResolution = ResolutionScope.TEST,
    threadSafe = true)
public class ReportMojo extends GateMojo {

  @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true)
  List<String> historyClasspath;

  /**
   * The history's series with this build's points added (not stored: pgperf:history stores them),
   * when the history has any; empty, with a warning, when it cannot be read.
   */
  private HistoryCharts history() throws MojoExecutionException {
    HistoryStore store = historyStore(historyClasspath);
    try {
      if (store instanceof DirectoryStore d && !Files.exists(d.file())) {
        return HistoryCharts.NONE;
      }
      ResultFiles files = ResultFiles.read(results.toPath());
      if (files.samples().isEmpty()) {
        return HistoryCharts.NONE;
      }
      return HistoryCharts.of(
          HistoryRecorder.record(
                  files, null, null, null, store, historySettings(), Instant.now(), false)
              .outcome()
              .judged(),
          System.getenv());
    } catch (IOException | IllegalArgumentException e) {
      getLog().warn(goal() + ": no history in the report: " + e.getMessage());
      return HistoryCharts.NONE;
    }
  }

  @Override
  String goal() {
    return "pgperf report";
  }

  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      getLog().info("pgperf report skipped");
      return;
    }
    Optional<Path> file = run().report(settings(), history());
    if (file.isEmpty()) {
      throw new MojoExecutionException(
          "pgperf report: " + HtmlReport.FILE + " could not be written (see the warning above)");
    }
    getLog().info("pgperf report: " + file.get());
  }
}
