package io.github.pgperf.maven;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.GateProperties;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.goal.GateRun;
import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.history.DetectionSettings;
import io.github.pgperf.history.HistorySettings;
import io.github.pgperf.history.HistoryStore;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.sql.Driver;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;
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
  @Parameter(
      property = "pgperf.outputDirectory",
      defaultValue = "${project.build.directory}/pgperf")
  File outputDirectory;

  /** One-sided significance level: a change is clear when its p-value is below it. */
  @Parameter(property = GateProperties.LEVEL, defaultValue = GateProperties.LEVEL_DEFAULT)
  String level;

  /** The smallest change that matters, as 0.05 or 5%; smaller changes pass even when clear. */
  @Parameter(
      property = GateProperties.MINIMUM_EFFECT,
      defaultValue = GateProperties.MINIMUM_EFFECT_DEFAULT)
  String minimumEffect;

  /** Metrics compared, comma-separated: tps, mean, p50, p90, p95, p99, p99.9. */
  @Parameter(property = GateProperties.METRICS, defaultValue = GateProperties.METRICS_DEFAULT)
  String metrics;

  /** What a regression does: fail or warn. */
  @Parameter(property = GateProperties.ON_REGRESSION, defaultValue = GateProperties.FAIL)
  String onRegression;

  /** What an inconclusive comparison (too few trials for the noise) does: fail or warn. */
  @Parameter(property = GateProperties.ON_INCONCLUSIVE, defaultValue = GateProperties.WARN)
  String onInconclusive;

  /** What missing results (none at all, or a baseline test without results) do: fail or warn. */
  @Parameter(property = GateProperties.ON_MISSING_RESULTS, defaultValue = GateProperties.FAIL)
  String onMissingResults;

  /** What a result without processed transactions does: fail or warn. */
  @Parameter(property = GateProperties.ON_EMPTY_RESULTS, defaultValue = GateProperties.FAIL)
  String onEmptyResults;

  /** What a result of an aborted run (a client stopped on an error) does: fail or warn. */
  @Parameter(property = GateProperties.ON_ABORTED_RESULTS, defaultValue = GateProperties.FAIL)
  String onAbortedResults;

  /** What an unreadable baseline file (or a bad value in one) does: fail or warn. */
  @Parameter(property = GateProperties.ON_UNREADABLE_BASELINE, defaultValue = GateProperties.FAIL)
  String onUnreadableBaseline;

  /** What an unreadable result file does: fail or warn. */
  @Parameter(property = GateProperties.ON_UNREADABLE_RESULTS, defaultValue = GateProperties.FAIL)
  String onUnreadableResults;

  /** What a test without baseline does: fail or warn. */
  @Parameter(property = GateProperties.ON_MISSING_BASELINE, defaultValue = GateProperties.WARN)
  String onMissingBaseline;

  /**
   * What a baseline from another setup (PostgreSQL version, server settings, provider, machine or
   * workload) does: fail or warn.
   */
  @Parameter(property = GateProperties.ON_FINGERPRINT_MISMATCH, defaultValue = GateProperties.FAIL)
  String onFingerprintMismatch;

  /**
   * What a changed plan (a script command planned otherwise than in any of the baseline's builds,
   * same work fingerprint) does: fail or warn. Warn by default: plans of tiny, hot tables flip
   * between A/A builds; a plan that does more work fails as a work regression.
   */
  @Parameter(property = GateProperties.ON_PLAN_CHANGED, defaultValue = GateProperties.WARN)
  String onPlanChanged;

  /**
   * What a work regression (blocks, rows or WAL per call or per transaction beyond the tolerance
   * over the baseline's largest) does: fail or warn.
   */
  @Parameter(property = GateProperties.ON_WORK_REGRESSION, defaultValue = GateProperties.FAIL)
  String onWorkRegression;

  /** What a statement new or gone since the baseline does: fail or warn. */
  @Parameter(property = GateProperties.ON_STATEMENT_CHANGED, defaultValue = GateProperties.WARN)
  String onStatementChanged;

  /**
   * What statement counters that pg_stat_statements left incomplete (it evicted entries during a
   * run, in this build or the baseline) do: fail or warn. Their work is not compared either way.
   */
  @Parameter(property = GateProperties.ON_INCOMPLETE_WORK, defaultValue = GateProperties.WARN)
  String onIncompleteWork;

  /**
   * What a clear regression within the minimum effect does (statistically significant, but by no
   * more than pgperf.minimumEffect): warn or fail.
   */
  @Parameter(property = GateProperties.ON_SMALL_REGRESSION, defaultValue = GateProperties.WARN)
  String onSmallRegression;

  /**
   * Where the history of builds is kept (pgperf:history): a directory (one file of JSON lines, for
   * a CI cache or a branch), or a PostgreSQL URL (jdbc:postgresql://host/db, postgresql://...; the
   * password in PGPASSWORD or ~/.pgpass, never in the URL) whose driver comes from the project's
   * test class path.
   */
  @Parameter(
      property = "pgperf.history",
      defaultValue = "${project.basedir}/src/test/pgperf/history")
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
      return new HistorySettings(
          new DetectionSettings(
              historyWindow,
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
      return (Driver)
          Class.forName("org.postgresql.Driver", true, loader)
              .getDeclaredConstructor()
              .newInstance();
    } catch (ClassNotFoundException e) {
      return null;
    } catch (ReflectiveOperationException | java.net.MalformedURLException e) {
      throw new IllegalArgumentException(
          "cannot load the PostgreSQL driver from the project's" + " test class path: " + e);
    }
  }

  /** The goal's run over this build's directories. */
  GateRun run() {
    return new GateRun(
        results.toPath(),
        baselineDirectory.toPath(),
        baselineResults == null ? null : baselineResults.toPath(),
        outputDirectory.toPath(),
        goal(),
        log(getLog()));
  }

  /** The gate settings from the parameters; a bad value fails the goal naming its property. */
  GateSettings settings() throws MojoExecutionException {
    Map<String, String> values = new HashMap<>();
    values.put(GateProperties.LEVEL, level);
    values.put(GateProperties.MINIMUM_EFFECT, minimumEffect);
    values.put(GateProperties.METRICS, metrics);
    values.put(GateProperties.ON_REGRESSION, onRegression);
    values.put(GateProperties.ON_INCONCLUSIVE, onInconclusive);
    values.put(GateProperties.ON_MISSING_RESULTS, onMissingResults);
    values.put(GateProperties.ON_EMPTY_RESULTS, onEmptyResults);
    values.put(GateProperties.ON_ABORTED_RESULTS, onAbortedResults);
    values.put(GateProperties.ON_UNREADABLE_BASELINE, onUnreadableBaseline);
    values.put(GateProperties.ON_UNREADABLE_RESULTS, onUnreadableResults);
    values.put(GateProperties.ON_MISSING_BASELINE, onMissingBaseline);
    values.put(GateProperties.ON_FINGERPRINT_MISMATCH, onFingerprintMismatch);
    values.put(GateProperties.ON_PLAN_CHANGED, onPlanChanged);
    values.put(GateProperties.ON_WORK_REGRESSION, onWorkRegression);
    values.put(GateProperties.ON_STATEMENT_CHANGED, onStatementChanged);
    values.put(GateProperties.ON_INCOMPLETE_WORK, onIncompleteWork);
    values.put(GateProperties.ON_SMALL_REGRESSION, onSmallRegression);
    try {
      return GateProperties.settings(values::get);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": " + e.getMessage());
    }
  }

  /** Maven's log as the gate's. */
  static GoalLog log(Log log) {
    return GoalLog.of(log::info, log::warn, log::error);
  }

  /** {@code pgperf check}, {@code pgperf report} or {@code pgperf test}, for messages. */
  abstract String goal();
}
