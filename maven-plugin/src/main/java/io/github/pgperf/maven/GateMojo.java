package io.github.pgperf.maven;

import io.github.pgperf.gate.GateProperties;
import io.github.pgperf.goal.GateRun;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.goal.GoalLog;
import java.io.File;
import java.util.HashMap;
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
  @Parameter(property = "pgperf.outputDirectory", defaultValue = "${project.build.directory}/pgperf")
  File outputDirectory;

  /** One-sided significance level: a change is clear when its p-value is below it. */
  @Parameter(property = GateProperties.LEVEL, defaultValue = GateProperties.LEVEL_DEFAULT)
  String level;

  /** The smallest change that matters, as 0.05 or 5%; smaller changes pass even when clear. */
  @Parameter(property = GateProperties.MINIMUM_EFFECT, defaultValue = GateProperties.MINIMUM_EFFECT_DEFAULT)
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
   * What a changed plan (a script command planned otherwise than in any of the baseline's
   * builds, same work fingerprint) does: fail or warn. Warn by default: plans of tiny, hot tables
   * flip between A/A builds; a plan that does more work fails as a work regression.
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

  /** The goal's run over this build's directories. */
  GateRun run() {
    return new GateRun(results.toPath(), baselineDirectory.toPath(),
        baselineResults == null ? null : baselineResults.toPath(), outputDirectory.toPath(),
        goal(), log(getLog()));
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
