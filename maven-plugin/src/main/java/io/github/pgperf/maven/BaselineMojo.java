package io.github.pgperf.maven;

import io.github.pgperf.goal.GateRun;
import io.github.pgperf.goal.GoalFailure;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Records this build's results into the baseline store (to be committed), keeping each test's
 * samples of its last builds. Bound to no phase: it runs only when asked for ({@code mvn verify
 * pgperf:baseline}). Refuses to record when results are missing, empty, aborted or unreadable. The
 * recording is {@code goal.GateRun}'s, which {@code pgperf baseline} runs too.
 */
@Mojo(name = "baseline", threadSafe = true)
public class BaselineMojo extends PgperfMojo {

  /**
   * How many builds each test's baseline keeps (the oldest are dropped). The gate needs at least 3
   * to call a timing regression; more builds, recorded on several days, measure the machine's noise
   * between builds better and so detect smaller changes.
   */
  @Parameter(property = "pgperf.baselineBuilds", defaultValue = "10")
  int baselineBuilds;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("pgperf baseline skipped");
      return;
    }
    try {
      new GateRun(
              results.toPath(),
              baselineDirectory.toPath(),
              null,
              null,
              "pgperf baseline",
              GateMojo.log(getLog()))
          .recordBaseline(baselineBuilds);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(e.getMessage());
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf baseline: " + e.getMessage(), e);
    } catch (GoalFailure e) {
      throw new MojoFailureException(e.getMessage());
    }
  }
}
