package io.github.pgperf.maven;

import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What every pgperf goal shares: skipping, where the results are and where the baseline is kept.
 */
abstract class PgperfMojo extends AbstractMojo {

  /** Skips the goal. */
  @Parameter(property = "pgperf.skip", defaultValue = "false")
  boolean skip;

  /**
   * The directory of this build's result files (one JSON file per trial; see docs/gate.md for
   * keys).
   */
  @Parameter(
      property = "pgperf.results",
      defaultValue = "${project.build.directory}/pgperf/results")
  File results;

  /** The baseline store committed with the project: one JSON file per test. */
  @Parameter(
      property = "pgperf.baselineDirectory",
      defaultValue = "${project.basedir}/src/test/pgperf/baseline")
  File baselineDirectory;
}
