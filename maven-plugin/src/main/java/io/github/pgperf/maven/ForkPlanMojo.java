package io.github.pgperf.maven;

import io.github.pgperf.compare.ForkPlan;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Part of {@code pgperf:compare}, not meant to be run by hand: in the base revision's build, writes
 * how that revision's test JVM starts ({@code ForkPlan}: test classes, test class path with the
 * launcher, argLine, system properties, environment), resolved by the same code as {@code
 * pgperf:test}, so the base runs as its own {@code pgperf:test} would run it. In a reactor only the
 * module named by {@code pgperf.forkPlan.module} writes.
 */
@Mojo(name = "fork-plan", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class ForkPlanMojo extends TestMojo {

  /** The fork plan's file; set by {@code pgperf:compare}. */
  @Parameter(property = ForkPlan.FILE_PROPERTY)
  File forkPlanFile;

  /** The module that writes it (its base directory); set by {@code pgperf:compare}. */
  @Parameter(property = ForkPlan.MODULE_PROPERTY)
  File forkPlanModule;

  /** The harness artifact whose presence makes a revision one that uses pgperf. */
  static final String HARNESS = "pgperf-harness";

  @Override
  public void execute() throws MojoExecutionException {
    if (forkPlanFile == null || forkPlanModule == null) {
      throw new MojoExecutionException(
          "pgperf fork-plan is run by pgperf:compare in the base"
              + " revision's build; run pgperf:compare instead");
    }
    Path module = forkPlanModule.toPath().toAbsolutePath().normalize();
    if (!basedir.toPath().toAbsolutePath().normalize().equals(module)) {
      getLog().debug("pgperf fork-plan: not the compared module " + module);
      return;
    }
    boolean hasPgperf =
        projectArtifacts.stream()
            .anyMatch(
                a ->
                    a.getGroupId().equals("io.github.pgperf") && a.getArtifactId().equals(HARNESS));
    try {
      new ForkPlan(testClassesDirectory.toPath(), forkSettings(), hasPgperf)
          .write(forkPlanFile.toPath());
    } catch (IOException e) {
      throw new MojoExecutionException(
          "pgperf fork-plan: cannot write " + forkPlanFile + ": " + e.getMessage(), e);
    }
    getLog().info("pgperf fork-plan: written to " + forkPlanFile);
  }

  @Override
  String goal() {
    return "pgperf fork-plan";
  }
}
