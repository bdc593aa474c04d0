package io.github.pgperf.gate;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The gate's settings by their property names, spelled once: the plugin's parameters take their
 * names and defaults from here, and {@code pgperf check|report} reads the same names as {@code
 * -Dpgperf.level=0.01}. docs/configuration.md lists them.
 */
public final class GateProperties {

  public static final String LEVEL = "pgperf.level";
  public static final String LEVEL_DEFAULT = "0.005";
  public static final String MINIMUM_EFFECT = "pgperf.minimumEffect";
  public static final String MINIMUM_EFFECT_DEFAULT = "5%";
  public static final String METRICS = "pgperf.metrics";
  public static final String METRICS_DEFAULT = "tps,p50,p99";

  public static final String ON_REGRESSION = "pgperf.onRegression";
  public static final String ON_INCONCLUSIVE = "pgperf.onInconclusive";
  public static final String ON_MISSING_RESULTS = "pgperf.onMissingResults";
  public static final String ON_EMPTY_RESULTS = "pgperf.onEmptyResults";
  public static final String ON_ABORTED_RESULTS = "pgperf.onAbortedResults";
  public static final String ON_UNREADABLE_BASELINE = "pgperf.onUnreadableBaseline";
  public static final String ON_UNREADABLE_RESULTS = "pgperf.onUnreadableResults";
  public static final String ON_MISSING_BASELINE = "pgperf.onMissingBaseline";
  public static final String ON_FINGERPRINT_MISMATCH = "pgperf.onFingerprintMismatch";
  public static final String ON_PLAN_CHANGED = "pgperf.onPlanChanged";
  public static final String ON_WORK_REGRESSION = "pgperf.onWorkRegression";
  public static final String ON_STATEMENT_CHANGED = "pgperf.onStatementChanged";
  public static final String ON_INCOMPLETE_WORK = "pgperf.onIncompleteWork";
  public static final String ON_SMALL_REGRESSION = "pgperf.onSmallRegression";

  public static final String FAIL = "fail";
  public static final String WARN = "warn";

  /** Each verdict's property and its default action, in the order the parameters are listed. */
  private static final Map<Verdict, String> PROPERTY = new EnumMap<>(Verdict.class);

  private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

  static {
    action(Verdict.REGRESSION, ON_REGRESSION, FAIL);
    action(Verdict.INCONCLUSIVE, ON_INCONCLUSIVE, WARN);
    action(Verdict.SMALL_REGRESSION, ON_SMALL_REGRESSION, WARN);
    action(Verdict.MISSING_RESULTS, ON_MISSING_RESULTS, FAIL);
    action(Verdict.EMPTY_RESULTS, ON_EMPTY_RESULTS, FAIL);
    action(Verdict.UNREADABLE_RESULTS, ON_UNREADABLE_RESULTS, FAIL);
    action(Verdict.ABORTED_RESULTS, ON_ABORTED_RESULTS, FAIL);
    action(Verdict.UNREADABLE_BASELINE, ON_UNREADABLE_BASELINE, FAIL);
    action(Verdict.MISSING_BASELINE, ON_MISSING_BASELINE, WARN);
    action(Verdict.FINGERPRINT_MISMATCH, ON_FINGERPRINT_MISMATCH, FAIL);
    action(Verdict.PLAN_CHANGED, ON_PLAN_CHANGED, WARN);
    action(Verdict.WORK_REGRESSION, ON_WORK_REGRESSION, FAIL);
    action(Verdict.STATEMENT_CHANGED, ON_STATEMENT_CHANGED, WARN);
    action(Verdict.INCOMPLETE_WORK, ON_INCOMPLETE_WORK, WARN);
    DEFAULTS.put(LEVEL, LEVEL_DEFAULT);
    DEFAULTS.put(MINIMUM_EFFECT, MINIMUM_EFFECT_DEFAULT);
    DEFAULTS.put(METRICS, METRICS_DEFAULT);
  }

  private GateProperties() {}

  private static void action(Verdict verdict, String property, String action) {
    PROPERTY.put(verdict, property);
    DEFAULTS.put(property, action);
  }

  /** Every property with its default, as the command's help lists them. */
  public static Map<String, String> defaults() {
    return Map.copyOf(DEFAULTS);
  }

  /** Whether {@code name} is one of the gate's properties. */
  public static boolean known(String name) {
    return DEFAULTS.containsKey(name);
  }

  /**
   * The settings from the properties' values, a property without one taking its default.
   *
   * @param value a property's value, or {@code null} for its default
   * @throws IllegalArgumentException naming the property of a bad value
   */
  public static GateSettings settings(Function<String, String> value) {
    Function<String, String> orDefault =
        name -> {
          String given = value.apply(name);
          return given != null ? given : DEFAULTS.get(name);
        };
    Map<Verdict, Action> actions = new EnumMap<>(Verdict.class);
    PROPERTY.forEach(
        (verdict, property) ->
            actions.put(verdict, Action.parse(orDefault.apply(property), property)));
    return new GateSettings(
        GateSettings.parseFraction(orDefault.apply(LEVEL), LEVEL),
        GateSettings.parseFraction(orDefault.apply(MINIMUM_EFFECT), MINIMUM_EFFECT),
        GateSettings.parseMetrics(orDefault.apply(METRICS)),
        actions);
  }
}
