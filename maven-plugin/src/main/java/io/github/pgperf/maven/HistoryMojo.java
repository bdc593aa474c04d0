package io.github.pgperf.maven;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.CheckMessages;
import io.github.pgperf.gate.CheckOutputs;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.ConsoleTable;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.history.BuildInfo;
import io.github.pgperf.history.BuiltRevision;
import io.github.pgperf.history.HistoryRecorder;
import io.github.pgperf.history.HistoryStore;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Adds this build's results to the history of builds (pgperf.history: a directory or a PostgreSQL
 * database) and judges each test's series of builds, metric by metric on the build's runner
 * fingerprint: a new change point for the worse is a CHANGE_POINT finding (warns by default,
 * pgperf.onChangePoint=fail fails), written like pgperf:check's findings (log, check.md,
 * check.json, TEST-pgperf-check.xml, GitHub summary and annotations) in the output directory's
 * history/ folder. Method and store: docs/history.md.
 */
@Mojo(
    name = "history",
    defaultPhase = LifecyclePhase.VERIFY,
    requiresDependencyResolution = ResolutionScope.TEST,
    threadSafe = true)
public class HistoryMojo extends GateMojo {

  /** The folder of the output directory the history's reports are written in. */
  static final String FOLDER = "history";

  /**
   * The build's id in the history (a CI run number, for example); by default the results' own (one
   * per pgperf:test invocation).
   */
  @Parameter(property = "pgperf.history.build")
  String historyBuild;

  /** The project's directory, where git is asked for the commit and branch CI does not name. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File baseDirectory;

  @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true)
  List<String> historyClasspath;

  @Override
  String goal() {
    return "pgperf history";
  }

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("pgperf history skipped");
      return;
    }
    HistoryStore store = historyStore(historyClasspath);
    Map<String, String> env = System.getenv();
    Path output = outputDirectory.toPath().resolve(FOLDER);
    HistoryRecorder.Recorded recorded;
    try {
      ResultFiles results = ResultFiles.read(this.results.toPath());
      BuiltRevision revision = BuiltRevision.of(env, baseDirectory.toPath());
      recorded =
          HistoryRecorder.record(
              results,
              historyBuild,
              revision.commit(),
              revision.branch(),
              store,
              historySettings(),
              Instant.now(),
              true);
      recorded.warnings().forEach(w -> getLog().warn(goal() + ": " + w));
      ConsoleTable.lines(recorded.outcome().report()).forEach(getLog()::info);
      CheckOutputs.write(
          recorded.outcome().report(), lead(recorded.build()), output, env, System.out::println);
    } catch (IllegalArgumentException e) {
      getLog().warn(goal() + ": nothing recorded: " + e.getMessage());
      return;
    } catch (IOException e) {
      throw new MojoExecutionException(goal() + ": " + e.getMessage(), e);
    }
    CheckReport report = recorded.outcome().report();
    getLog()
        .info(
            goal()
                + ": build "
                + recorded.build().build()
                + " (commit "
                + recorded.build().shortCommit()
                + ") added to "
                + store.description());
    CheckMessages.of(report, Action.WARN).forEach(getLog()::warn);
    String outcome = CheckMessages.outcome(goal(), report, output);
    if (!report.failed()) {
      getLog().info(outcome);
      return;
    }
    getLog().error(outcome);
    StringBuilder message = new StringBuilder("pgperf history failed:");
    CheckMessages.of(report, Action.FAIL).forEach(line -> message.append("\n  ").append(line));
    throw new MojoFailureException(message.toString());
  }

  private static String lead(BuildInfo build) {
    return "History of build `"
        + build.build()
        + "` (commit `"
        + build.shortCommit()
        + "`"
        + (build.branch() == null ? "" : ", branch `" + build.branch() + "`")
        + ")";
  }
}
