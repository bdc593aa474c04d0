package io.github.pgperf.maven;

import io.github.pgperf.report.HtmlReport;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Writes report.html into the output directory: one self-contained page (it opens with no network)
 * with the setup, the verdicts against the baseline as pgperf:check reaches them (same parameters),
 * tps and latency over time, latency percentiles, client sweeps and each test's database work (top
 * statements, wait events, plans, work per transaction against the baseline). Bound to post-integration-test
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
    Optional<Path> file = run().report(settings());
    if (file.isEmpty()) {
      throw new MojoExecutionException("pgperf report: " + HtmlReport.FILE
          + " could not be written (see the warning above)");
    }
    getLog().info("pgperf report: " + file.get());
  }
}
