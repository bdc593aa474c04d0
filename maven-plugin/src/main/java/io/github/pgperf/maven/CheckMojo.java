package io.github.pgperf.maven;

import io.github.pgperf.goal.GoalFailure;
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
 * recorded. The check itself is {@code goal.GateRun}'s, which {@code pgperf check} runs too.
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
    try {
      run()
          .check(
              settings(),
              System.getenv(),
              System.out::println,
              BaselineGoal.requested(requestedGoals),
              buildStart == null ? null : buildStart.toInstant());
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf check: " + e.getMessage(), e);
    } catch (GoalFailure e) {
      throw new MojoFailureException(e.getMessage());
    }
  }
}
