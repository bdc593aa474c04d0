package io.github.pgperf.maven;

import io.github.pgperf.gate.BaselineStore;
import io.github.pgperf.gate.ResultFiles;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Records this build's results into the baseline store (to be committed), keeping each test's
 * samples of its last builds. Bound to no phase: it runs only when asked for
 * ({@code mvn verify pgperf:baseline}). Refuses to record when results are missing, empty,
 * aborted or unreadable.
 */
@Mojo(name = "baseline", threadSafe = true)
public class BaselineMojo extends PgperfMojo {

  /**
   * How many builds each test's baseline keeps (the oldest are dropped). The gate needs at least
   * 3 to call a timing regression; more builds, recorded on several days, measure the machine's
   * noise between builds better and so detect smaller changes.
   */
  @Parameter(property = "pgperf.baselineBuilds", defaultValue = "10")
  int baselineBuilds;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("pgperf baseline skipped");
      return;
    }
    if (baselineBuilds < 1) {
      throw new MojoExecutionException(
          "pgperf.baselineBuilds must be at least 1, not " + baselineBuilds);
    }
    try {
      ResultFiles files = ResultFiles.read(results.toPath());
      if (!files.problems().isEmpty()) {
        StringBuilder message = new StringBuilder("pgperf baseline: not recorded, some results cannot be used:");
        files.problems().forEach(p -> message.append("\n  ").append(p.verdict().text())
            .append(": ").append(p.message()));
        throw new MojoFailureException(message.toString());
      }
      if (files.samples().isEmpty()) {
        throw new MojoFailureException("pgperf baseline: no result files in " + results
            + ": run the performance tests first");
      }
      BaselineStore store = new BaselineStore(baselineDirectory.toPath());
      int added = store.record(files.samples(), baselineBuilds);
      getLog().info("pgperf baseline: recorded " + added + " samples of "
          + files.samples().size() + " tests into " + baselineDirectory
          + " (keeping each test's last " + baselineBuilds + " builds); commit it");
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf baseline: " + e.getMessage(), e);
    }
  }
}
