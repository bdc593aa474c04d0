package io.github.pgperf.maven;

import io.github.pgperf.compare.BaseRef;
import io.github.pgperf.compare.CompareSettings;
import io.github.pgperf.compare.Comparison;
import io.github.pgperf.compare.SharedServer;
import io.github.pgperf.compare.TestJvms;
import io.github.pgperf.goal.GoalError;
import io.github.pgperf.goal.GoalFailure;
import java.nio.file.Path;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Compares the working tree (the candidate) with a base revision on this machine, in this job:
 * builds the base commit in a git worktree under {@code target/pgperf/base/}, then runs both sides'
 * performance tests in interleaved pairs (test JVMs per class or whole, or short slices in a warm
 * JVM per side until the verdicts settle), so drift and warm-up hit both sides alike, and judges
 * them as {@code pgperf:check} does. Run it after the test classes are compiled: {@code mvn verify
 * pgperf:compare}. See docs/compare.md.
 */
@Mojo(name = "compare", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class CompareMojo extends TestMojo {

  /**
   * The git ref to compare with (branch, tag or commit). By default the merge base of HEAD and
   * {@code origin/$GITHUB_BASE_REF} on a GitHub Actions pull request, else of HEAD and {@code
   * origin/main}, else {@code origin/master}.
   */
  @Parameter(property = BaseRef.PROPERTY)
  String base;

  /** Pairs of a base and a candidate trial; default: trials, or with slices pgperf.compareTime. */
  @Parameter(property = "pgperf.pairs")
  Integer pairs;

  /** With slices and no pgperf.pairs: each class's most slice time while its verdicts settle. */
  @Parameter(property = "pgperf.compareTime", defaultValue = CompareSettings.DEFAULT_COMPARE_TIME)
  String compareTime;

  /**
   * Fail the build when there is no base to compare with (not a git clone, the ref is missing, a
   * shallow clone); {@code false} warns and compares nothing.
   */
  @Parameter(property = "pgperf.failIfNoBase", defaultValue = "true")
  boolean failIfNoBase;

  /** How long the base revision's build may take: a duration such as {@code 30min}. */
  @Parameter(property = "pgperf.baseBuildTimeout", defaultValue = "30min")
  String baseBuildTimeout;

  // What the base build takes from this session (BaseBuild.Session), and where the build runs.
  @Parameter(defaultValue = "${session}", readonly = true)
  MavenSession session;

  @Parameter(defaultValue = "${plugin.id}", readonly = true)
  String pluginId;

  /**
   * Pairs run again of the tests whose first pairs show a REGRESSION, before the build fails; the
   * verdict is then taken on all pairs. By default as many as {@code pgperf.pairs}; 0: no
   * confirmation, the first pairs decide.
   */
  @Parameter(property = "pgperf.confirmationPairs")
  Integer confirmationPairs;

  /**
   * Where both sides' tests run: {@code shared}, one server started once (as the candidate's tests
   * would start it) with a database per side; {@code own}, each side's test JVMs start or use the
   * server their tests configure.
   */
  @Parameter(property = "pgperf.compareServer", defaultValue = SharedServer.SHARED)
  String compareServer;

  /**
   * What alternates: {@code class}, a base and a candidate test JVM per test class in every pair;
   * {@code jvm}, a base and a candidate test JVM with every class; {@code slice}, short slices in a
   * warm test JVM per side.
   */
  @Parameter(property = "pgperf.alternate", defaultValue = "class")
  String alternate;

  /** How long each test runs in a slice (alternate slice): whole seconds, such as 2s. */
  @Parameter(property = "pgperf.sliceDuration", defaultValue = "2s")
  String sliceDuration;

  /** How long the shared server may take to start and hand over: a duration such as 5min. */
  @Parameter(property = "pgperf.compareServerTimeout", defaultValue = "5min")
  String compareServerTimeout;

  /** What a test only the candidate has (NEW: measured, not compared) does: fail or warn. */
  @Parameter(property = "pgperf.onNew", defaultValue = "warn")
  String onNew;

  /** What a test only the base revision has (GONE: removed or renamed) does: fail or warn. */
  @Parameter(property = "pgperf.onGone", defaultValue = "warn")
  String onGone;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("pgperf compare skipped");
      return;
    }
    CompareSettings compare =
        new CompareSettings(
            base,
            pairs != null ? pairs : CompareSettings.defaultPairs(alternate, trials().count()),
            confirmationPairs,
            failIfNoBase,
            baseBuildTimeout,
            compareServer,
            compareServerTimeout,
            alternate,
            sliceDuration,
            pairs != null ? null : compareTime,
            onNew,
            onGone,
            settings(),
            new CompareSettings.Directories(
                basedir.toPath(),
                Path.of(session.getExecutionRootDirectory()),
                outputDirectory.toPath(),
                results.toPath()));
    try {
      new Comparison(
              compare,
              this::candidate,
              new BaseBuild(pluginId + ":fork-plan", BaseBuild.Session.of(session)),
              TestJvms.forked(),
              System.getenv(),
              System.out::println,
              log(getLog()))
          .run();
    } catch (GoalFailure e) {
      throw new MojoFailureException(e.getMessage());
    } catch (GoalError e) {
      throw new MojoExecutionException(e.getMessage(), e.getCause());
    }
  }

  @Override
  String goal() {
    return "pgperf compare";
  }
}
