package io.github.pgperf.maven;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.BaselineStore;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.Verdict;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.report.HistoryCharts;
import io.github.pgperf.report.HtmlReport;
import io.github.pgperf.history.DetectionSettings;
import io.github.pgperf.history.HistorySettings;
import io.github.pgperf.history.HistoryStore;
import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.sql.Driver;
import java.util.List;
import java.time.Instant;
import java.util.Optional;
import java.util.EnumMap;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What the goals that judge results share (check and report): the baseline, the gate's settings and
 * the output directory, so that the report's verdicts are the check's.
 */
abstract class GateMojo extends PgperfMojo {

  /**
   * Another build's results directory (for example the main branch's CI artifact) to use as the
   * baseline instead of the baseline store.
   */
  @Parameter(property = "pgperf.baselineResults")
  File baselineResults;

  /**
   * Where check.md, check.json, TEST-pgperf-check.xml and report.html are written, and the test
   * JVM's events, stack traces and argument file.
   */
  @Parameter(property = "pgperf.outputDirectory", defaultValue = "${project.build.directory}/pgperf")
  File outputDirectory;

  /** One-sided significance level: a change is clear when its p-value is below it. */
  @Parameter(property = "pgperf.level", defaultValue = "0.005")
  String level;

  /** The smallest change that matters, as 0.05 or 5%; smaller changes pass even when clear. */
  @Parameter(property = "pgperf.minimumEffect", defaultValue = "5%")
  String minimumEffect;

  /** Metrics compared, comma-separated: tps, mean, p50, p90, p95, p99, p99.9. */
  @Parameter(property = "pgperf.metrics", defaultValue = "tps,p50,p99")
  String metrics;

  /** What a regression does: fail or warn. */
  @Parameter(property = "pgperf.onRegression", defaultValue = "fail")
  String onRegression;

  /** What an inconclusive comparison (too few trials for the noise) does: fail or warn. */
  @Parameter(property = "pgperf.onInconclusive", defaultValue = "warn")
  String onInconclusive;

  /** What missing results (none at all, or a baseline test without results) do: fail or warn. */
  @Parameter(property = "pgperf.onMissingResults", defaultValue = "fail")
  String onMissingResults;

  /** What a result without processed transactions does: fail or warn. */
  @Parameter(property = "pgperf.onEmptyResults", defaultValue = "fail")
  String onEmptyResults;

  /** What a result of an aborted run (a client stopped on an error) does: fail or warn. */
  @Parameter(property = "pgperf.onAbortedResults", defaultValue = "fail")
  String onAbortedResults;

  /** What an unreadable baseline file (or a bad value in one) does: fail or warn. */
  @Parameter(property = "pgperf.onUnreadableBaseline", defaultValue = "fail")
  String onUnreadableBaseline;

  /** What an unreadable result file does: fail or warn. */
  @Parameter(property = "pgperf.onUnreadableResults", defaultValue = "fail")
  String onUnreadableResults;

  /** What a test without baseline does: fail or warn. */
  @Parameter(property = "pgperf.onMissingBaseline", defaultValue = "warn")
  String onMissingBaseline;

  /**
   * What a baseline from another setup (PostgreSQL version, server settings, provider, machine or
   * workload) does: fail or warn.
   */
  @Parameter(property = "pgperf.onFingerprintMismatch", defaultValue = "fail")
  String onFingerprintMismatch;

  /**
   * What a changed plan (a script command planned otherwise than in any of the baseline's
   * builds, same work fingerprint) does: fail or warn. Warn by default: plans of tiny, hot tables
   * flip between A/A builds; a plan that does more work fails as a work regression.
   */
  @Parameter(property = "pgperf.onPlanChanged", defaultValue = "warn")
  String onPlanChanged;

  /**
   * What a work regression (blocks, rows or WAL per call or per transaction beyond the tolerance
   * over the baseline's largest) does: fail or warn.
   */
  @Parameter(property = "pgperf.onWorkRegression", defaultValue = "fail")
  String onWorkRegression;

  /** What a statement new or gone since the baseline does: fail or warn. */
  @Parameter(property = "pgperf.onStatementChanged", defaultValue = "warn")
  String onStatementChanged;

  /**
   * Where the history of builds is kept (pgperf:history): a directory (one file of JSON lines,
   * for a CI cache or a branch), or a PostgreSQL URL (jdbc:postgresql://host/db, postgresql://...;
   * the password in PGPASSWORD or ~/.pgpass, never in the URL) whose driver comes from the
   * project's test class path.
   */
  @Parameter(property = "pgperf.history", defaultValue = "${project.basedir}/src/test/pgperf/history")
  String history;

  /** How many builds each pass of change-point detection looks at (Otava's window). */
  @Parameter(property = "pgperf.history.window", defaultValue = "50")
  int historyWindow;

  /** The largest p-value of a change point (Otava's default 0.001). */
  @Parameter(property = "pgperf.history.pValue", defaultValue = "0.001")
  String historyPValue;

  /**
   * The smallest change a change point must have, as 0.05 or 5% (Otava's magnitude: the larger
   * relative change either way); 0 keeps every significant one.
   */
  @Parameter(property = "pgperf.history.minimumChange", defaultValue = "0")
  String historyMinimumChange;

  /** What a new change point for the worse in a test's history does: warn or fail. */
  @Parameter(property = "pgperf.onChangePoint", defaultValue = "warn")
  String onChangePoint;

  /** The history's settings from the parameters; a bad value fails the goal naming its property. */
  HistorySettings historySettings() throws MojoExecutionException {
    try {
      return new HistorySettings(new DetectionSettings(historyWindow,
          GateSettings.parseFraction(historyPValue, "pgperf.history.pValue"),
          GateSettings.parseFraction(historyMinimumChange, "pgperf.history.minimumChange")),
          HistorySettings.metrics(settings().metrics()),
          Action.parse(onChangePoint, "pgperf.onChangePoint"));
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": " + e.getMessage());
    }
  }

  /**
   * The history store; a database's driver is loaded from {@code classpath} (the project's test
   * class path, which has the harness's pgjdbc).
   */
  HistoryStore historyStore(List<String> classpath) throws MojoExecutionException {
    try {
      return HistoryStore.open(history, Path.of(""), () -> driver(classpath), System.getenv());
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": pgperf.history: " + e.getMessage());
    }
  }

  private static Driver driver(List<String> classpath) {
    try {
      URL[] urls = new URL[classpath.size()];
      for (int i = 0; i < urls.length; i++) {
        urls[i] = Path.of(classpath.get(i)).toUri().toURL();
      }
      // Kept open for the goal's connections; the platform loader shares java.sql.Driver.
      ClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
      return (Driver) Class.forName("org.postgresql.Driver", true, loader)
          .getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      return null;
    } catch (ReflectiveOperationException | java.net.MalformedURLException e) {
      throw new IllegalArgumentException("cannot load the PostgreSQL driver from the project's"
          + " test class path: " + e);
    }
  }

  /** The baseline: {@link #baselineResults} when set, else the baseline store. */
  Baseline baseline() throws IOException {
    return baselineResults != null
        ? Baseline.fromResults(baselineResults.toPath())
        : Baseline.fromStore(new BaselineStore(baselineDirectory.toPath()));
  }

  /** The gate settings from the parameters; a bad value fails the goal naming its property. */
  GateSettings settings() throws MojoExecutionException {
    try {
      Map<Verdict, Action> actions = new EnumMap<>(Verdict.class);
      actions.put(Verdict.REGRESSION, Action.parse(onRegression, "pgperf.onRegression"));
      actions.put(Verdict.INCONCLUSIVE, Action.parse(onInconclusive, "pgperf.onInconclusive"));
      actions.put(Verdict.MISSING_RESULTS,
          Action.parse(onMissingResults, "pgperf.onMissingResults"));
      actions.put(Verdict.EMPTY_RESULTS, Action.parse(onEmptyResults, "pgperf.onEmptyResults"));
      actions.put(Verdict.UNREADABLE_RESULTS,
          Action.parse(onUnreadableResults, "pgperf.onUnreadableResults"));
      actions.put(Verdict.ABORTED_RESULTS,
          Action.parse(onAbortedResults, "pgperf.onAbortedResults"));
      actions.put(Verdict.UNREADABLE_BASELINE,
          Action.parse(onUnreadableBaseline, "pgperf.onUnreadableBaseline"));
      actions.put(Verdict.MISSING_BASELINE,
          Action.parse(onMissingBaseline, "pgperf.onMissingBaseline"));
      actions.put(Verdict.FINGERPRINT_MISMATCH,
          Action.parse(onFingerprintMismatch, "pgperf.onFingerprintMismatch"));
      actions.put(Verdict.PLAN_CHANGED, Action.parse(onPlanChanged, "pgperf.onPlanChanged"));
      actions.put(Verdict.WORK_REGRESSION,
          Action.parse(onWorkRegression, "pgperf.onWorkRegression"));
      actions.put(Verdict.STATEMENT_CHANGED,
          Action.parse(onStatementChanged, "pgperf.onStatementChanged"));
      return new GateSettings(GateSettings.parseFraction(level, "pgperf.level"),
          GateSettings.parseFraction(minimumEffect, "pgperf.minimumEffect"),
          GateSettings.parseMetrics(metrics), actions);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": " + e.getMessage());
    }
  }

  /**
   * Writes report.html from the results as they are, with these settings; missing results or an
   * unreadable baseline are warned about and said in the page.
   *
   * @return the file written, or empty when it could not be written (a warning says why)
   */
  Optional<Path> writeReport() throws MojoExecutionException {
    return writeReport(HistoryCharts.NONE);
  }

  /** {@link #writeReport()} with the history's series judged with this build drawn. */
  Optional<Path> writeReport(HistoryCharts historySeries)
      throws MojoExecutionException {
    GateSettings settings = settings();
    try {
      ResultFiles files = ResultFiles.read(results.toPath());
      if (!files.exists()) {
        getLog().warn(goal() + ": the results directory " + results
            + " does not exist (run the performance tests first); the report says so");
      } else if (files.isEmpty()) {
        getLog().warn(goal() + ": no result files in " + results + "; the report says so");
      }
      Baseline baseline = null;
      String baselineFailure = null;
      try {
        baseline = baseline();
      } catch (IOException e) {
        baselineFailure = e.getMessage();
        getLog().warn(goal() + ": no verdicts in the report: " + baselineFailure);
      }
      return Optional.of(HtmlReport.write(outputDirectory.toPath(), files, baseline,
          baselineFailure, settings, Instant.now(), historySeries));
    } catch (IOException e) {
      getLog().warn(goal() + ": cannot write " + HtmlReport.FILE + " in " + outputDirectory + ": "
          + e.getMessage());
      return Optional.empty();
    }
  }

  /** {@code pgperf check}, {@code pgperf report} or {@code pgperf test}, for messages. */
  abstract String goal();
}
