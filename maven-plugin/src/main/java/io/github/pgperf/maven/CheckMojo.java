package io.github.pgperf.maven;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.CheckMessages;
import io.github.pgperf.gate.CheckOutputs;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.ConsoleTable;
import io.github.pgperf.gate.Gate;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.Headline;
import io.github.pgperf.gate.ResultFiles;
import java.io.IOException;
import java.util.Date;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Compares this build's performance results with the baseline and fails the build on a regression
 * that is both statistically clear and larger than the minimum effect. Writes a table to the log,
 * check.md, check.json and TEST-pgperf-check.xml; under GitHub Actions also the job summary and
 * annotations. When pgperf:baseline is among the build's goals ({@code mvn verify
 * pgperf:baseline}), what would fail the build is reported as warnings, so the results are
 * recorded.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends GateMojo {

  /** The goals and phases of the build's command line. */
  @Parameter(defaultValue = "${session.request.goals}", readonly = true)
  List<String> requestedGoals;

  /** When the build started: a report.html older than that is an earlier build's. */
  @Parameter(defaultValue = "${session.request.startTime}", readonly = true)
  Date buildStart;

  @Override
  String goal() {
    return "pgperf check";
  }

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("pgperf check skipped");
      return;
    }
    GateSettings settings = settings();
    CheckReport report;
    try {
      Baseline baseline = baseline();
      report = new Gate(settings).check(ResultFiles.read(results.toPath()), baseline);
      ConsoleTable.lines(report).forEach(getLog()::info);
      CheckOutputs.write(report, outputDirectory.toPath(), System.getenv(), System.out::println);
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf check: " + e.getMessage(), e);
    }
    CheckMessages.of(report, Action.WARN).forEach(getLog()::warn);
    Headline headline = report.headline();
    String outcome = CheckMessages.outcome(goal(), report, outputDirectory.toPath());
    if (!report.failed()) {
      if (headline.tone() == Action.PASS) {
        getLog().info(outcome);
      } else {
        getLog().warn(outcome);
      }
    } else if (BaselineGoal.requested(requestedGoals)) {
      CheckMessages.of(report, Action.FAIL).forEach(getLog()::warn);
      getLog().warn(outcome);
      getLog().warn("pgperf check: not failing the build: pgperf:baseline is among its goals and"
          + " records these results as the baseline");
    } else {
      getLog().error(outcome);
      StringBuilder message = new StringBuilder("pgperf check failed:");
      CheckMessages.of(report, Action.FAIL).forEach(line -> message.append("\n  ").append(line));
      ReportFile.written(outputDirectory, buildStart)
          .ifPresent(file -> message.append("\n  report: ").append(file));
      throw new MojoFailureException(message.toString());
    }
    ReportFile.written(outputDirectory, buildStart)
        .ifPresent(file -> getLog().info("pgperf check: report: " + file));
  }
}
