package io.github.pgperf.maven;

import io.github.pgperf.gate.BaselineStore;
import io.github.pgperf.gate.ResultFiles;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Records this build's results into the baseline store (to be committed), keeping each test's last
 * samples. Bound to no phase: it runs only when asked for ({@code mvn pgperf:baseline}). Refuses
 * to record when results are missing, empty or unreadable.
 */
@Mojo(name = "baseline", threadSafe = true)
public class BaselineMojo extends PgperfMojo {

  /** How many samples each test's baseline keeps (the oldest are dropped). */
  @Parameter(property = "pgperf.baselineSamples", defaultValue = "30")
  int baselineSamples;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("pgperf baseline skipped");
      return;
    }
    if (baselineSamples < 1) {
      throw new MojoExecutionException(
          "pgperf.baselineSamples must be at least 1, not " + baselineSamples);
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
      int added = store.record(files.samples(), baselineSamples);
      getLog().info("pgperf baseline: recorded " + added + " samples of "
          + files.samples().size() + " tests into " + baselineDirectory
          + " (keeping the last " + baselineSamples + " per test); commit it");
    } catch (IOException e) {
      throw new MojoExecutionException("pgperf baseline: " + e.getMessage(), e);
    }
  }
}
