package io.github.pgperf.maven;

import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.report.HtmlReport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Writes report.html into the output directory: one self-contained page (it opens with no network)
 * with the setup, the verdicts against the baseline as pgperf:check reaches them (same parameters),
 * tps and latency over time, latency percentiles and client sweeps. Bound to post-integration-test
 * so that the report exists before pgperf:check (verify) fails the build; missing results or
 * baseline are said in the report and warned about, never a failure of this goal.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.POST_INTEGRATION_TEST, threadSafe = true)
public class ReportMojo extends GateMojo {

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
    GateSettings settings = settings();
    try {
      ResultFiles files = ResultFiles.read(results.toPath());
      if (!files.exists()) {
        getLog().warn("pgperf report: the results directory " + results
            + " does not exist (run the performance tests first); the report says so");
      } else if (files.isEmpty()) {
        getLog().warn("pgperf report: no result files in " + results + "; the report says so");
      }
      Baseline baseline = null;
      String baselineFailure = null;
      try {
        baseline = baseline();
      } catch (IOException e) {
        baselineFailure = e.getMessage();
        getLog().warn("pgperf report: no verdicts in the report: " + baselineFailure);
      }
      Path file = HtmlReport.write(outputDirectory.toPath(), files, baseline, baselineFailure,
          settings, Instant.now());
      getLog().info("pgperf report: " + file);
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf report: " + e.getMessage(), e);
    }
  }
}
