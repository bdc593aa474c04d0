package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The regression gate: compares the candidate's samples with the baseline's, test by test and
 * metric by metric, and names every reason it could not (method in {@code docs/gate.md}).
 */
public final class Gate {

  /** The key of findings about the results as a whole. */
  public static final String ALL_TESTS = "(all tests)";

  private final GateSettings settings;

  public Gate(GateSettings settings) {
    this.settings = settings;
  }

  /**
   * The verdicts on {@code candidate} against {@code baseline}. All timing comparisons of the build
   * are one family ({@link BuildFamily}): its chance of any false regression stays below the level.
   */
  public CheckReport check(ResultFiles candidate, Baseline baseline) {
    List<Finding> first = new ArrayList<>();
    if (candidate.isEmpty()) {
      first.add(
          named(
              ALL_TESTS,
              Verdict.MISSING_RESULTS,
              "no result files in "
                  + candidate.directory()
                  + (candidate.exists() ? "" : " (the directory does not exist)")
                  + ": did the performance tests run?"));
    }
    List<Finding> findings =
        TestVerdicts.of(
            first,
            new TestVerdicts.Side(candidate.samples(), candidate.problems(), ""),
            new TestVerdicts.Side(baseline.samples(), baseline.problems(), "baseline: "),
            settings,
            (key, now, before, nowProblems, beforeProblems) -> {
              Timing timing = timing(key, now, before, nowProblems, beforeProblems);
              if (timing instanceof Timing.Outcome o) {
                return new TestVerdicts.Plan.Outcome(o.findings());
              }
              Builds builds = ((Timing.Compared) timing).builds();
              List<Sample> comparable = sameSetup(before, now.get(0).fingerprint());
              return new TestVerdicts.Plan.Compared(
                  member(builds, settings),
                  comparisons -> {
                    List<Finding> judged =
                        new ArrayList<>(
                            comparisons.stream().map(c -> Judge.judge(key, c, settings)).toList());
                    judged.addAll(
                        ResourceGate.againstBaseline(
                            key, comparable, now, settings, candidate::lockWaiters));
                    return BusyMachine.of(now, comparable).judge(key, judged, settings);
                  });
            });
    return new CheckReport(
        findings, settings, candidate.directory().toString(), baseline.description());
  }

  /** One test's timing: a named outcome, or the builds to compare. */
  private Timing timing(
      String key,
      List<Sample> now,
      List<Sample> before,
      boolean nowHasProblems,
      boolean beforeHasProblems) {
    if (now.isEmpty()) {
      if (before.isEmpty() || nowHasProblems) {
        return new Timing.Outcome(List.of());
      }
      return outcome(
          key,
          Verdict.MISSING_RESULTS,
          key
              + ": the baseline has "
              + before.size()
              + " samples but there are no results now (test removed, renamed or not run?)");
    }
    if (before.isEmpty()) {
      if (beforeHasProblems) {
        return new Timing.Outcome(
            List.of()); // its baseline file is unreadable, a finding of its own
      }
      return outcome(
          key,
          Verdict.MISSING_BASELINE,
          key
              + ": no baseline to compare "
              + now.size()
              + " results with (record one with "
              + Judge.RECORD
              + ")");
    }
    Set<Fingerprint> prints = new LinkedHashSet<>();
    now.stream()
        .sorted(Comparator.comparing(Sample::source))
        .forEach(s -> prints.add(s.fingerprint()));
    if (prints.size() > 1) {
      List<Fingerprint> list = List.copyOf(prints);
      return outcome(
          key,
          Verdict.FINGERPRINT_MISMATCH,
          key
              + ": its results now came from different setups: "
              + String.join("; ", list.get(0).differences(list.get(1))));
    }
    Fingerprint print = prints.iterator().next();
    List<Sample> comparable = sameSetup(before, print);
    if (comparable.isEmpty()) {
      Fingerprint latest = before.get(before.size() - 1).fingerprint();
      return outcome(
          key,
          Verdict.FINGERPRINT_MISMATCH,
          key
              + ": none of the "
              + before.size()
              + " baseline samples ran on the same setup (baseline vs now: "
              + String.join("; ", latest.differences(print))
              + "); record a baseline on this setup"
              + " with "
              + Judge.RECORD);
    }
    Map<Metric, List<double[]>> baselineBuilds = new EnumMap<>(Metric.class);
    Map<Metric, List<double[]>> candidateBuilds = new EnumMap<>(Metric.class);
    for (Metric m : settings.metrics()) {
      if (m.resource()) {
        continue; // judged by its tolerance (ResourceGate), not in the timing family
      }
      List<double[]> baselineOfM = builds(comparable, m);
      List<double[]> candidateOfM = builds(now, m);
      if (m.optional() && (baselineOfM.isEmpty() || candidateOfM.isEmpty())) {
        // Not measured on one side (on-CPU time where the server is not visible, or baselines
        // from before it was): the test's other metrics are still compared.
        continue;
      }
      baselineBuilds.put(m, baselineOfM);
      candidateBuilds.put(m, candidateOfM);
      if (baselineBuilds.get(m).isEmpty() || candidateBuilds.get(m).isEmpty()) {
        // Unreachable for stores and results read here (both refuse samples without a metric).
        return outcome(
            key,
            Verdict.MISSING_BASELINE,
            key
                + ": a metric has no "
                + (baselineBuilds.get(m).isEmpty() ? "baseline" : "candidate")
                + " values");
      }
    }
    return new Timing.Compared(new Builds(baselineBuilds, candidateBuilds));
  }

  /**
   * What a test's timing comes to before the build's family is compared: a named outcome (no
   * baseline, another setup ...) or builds to compare.
   */
  private sealed interface Timing {
    record Outcome(List<Finding> findings) implements Timing {}

    record Compared(Builds builds) implements Timing {}
  }

  /**
   * One test's values to compare: each metric's builds, each build the values of its trials.
   *
   * @param baseline each metric's baseline builds
   * @param candidate each metric's candidate builds
   */
  record Builds(Map<Metric, List<double[]>> baseline, Map<Metric, List<double[]>> candidate) {}

  /**
   * One test's comparisons as a build of that one test: metric by metric in the settings' order,
   * with the build as the unit and the test's metrics as the family.
   *
   * @param baseline each metric's baseline builds, each the values of its trials
   * @param candidate each metric's candidate builds
   */
  static List<Comparison> compare(
      Map<Metric, List<double[]>> baseline,
      Map<Metric, List<double[]>> candidate,
      GateSettings settings) {
    return compare(Map.of("test", new Builds(baseline, candidate)), settings).get("test");
  }

  /**
   * Every test's comparisons, the build's timing comparisons as one family ({@link BuildFamily}).
   *
   * @param tests each test's builds by key, in report order
   * @return each key's comparisons, metric by metric in the settings' order
   */
  static Map<String, List<Comparison>> compare(Map<String, Builds> tests, GateSettings settings) {
    Map<String, BuildFamily.Member> members = new LinkedHashMap<>();
    tests.forEach((key, builds) -> members.put(key, member(builds, settings)));
    return BuildFamily.compare(members, settings.level());
  }

  /** One test's comparisons of builds, metric by metric in the settings' order. */
  private static BuildFamily.Member member(Builds builds, GateSettings settings) {
    // A metric some results do not have (the on-CPU ones of older results) is left out.
    List<Metric> metrics =
        settings.metrics().stream().filter(builds.baseline()::containsKey).toList();
    int tested = 0;
    for (Metric m : metrics) {
      tested +=
          BuildComparison.tests(
                  builds.baseline().get(m).size(),
                  builds.candidate().get(m).size(),
                  GateSettings.MINIMUM_BASELINE_BUILDS)
              ? 1
              : 0;
    }
    return new BuildFamily.Member(
        tested,
        level -> {
          List<Comparison> comparisons = new ArrayList<>();
          for (Metric m : metrics) {
            comparisons.add(
                BuildComparison.compare(
                    m,
                    builds.baseline().get(m),
                    builds.candidate().get(m),
                    level,
                    GateSettings.MINIMUM_BASELINE_BUILDS));
          }
          return comparisons;
        });
  }

  /** The baseline samples that ran on the setup {@code print}: those the gate compares with. */
  public static List<Sample> sameSetup(List<Sample> baseline, Fingerprint print) {
    return baseline.stream().filter(s -> s.fingerprint().equals(print)).toList();
  }

  /** Each build's values of {@code m}, builds in the order of their ids. */
  private static List<double[]> builds(List<Sample> samples, Metric m) {
    Map<String, List<Double>> byBuild = new TreeMap<>();
    for (Sample s : samples) {
      double v = s.value(m);
      if (v > 0 && !Double.isInfinite(v)) {
        byBuild.computeIfAbsent(s.build(), b -> new ArrayList<>()).add(v);
      }
    }
    return byBuild.values().stream()
        .map(values -> values.stream().mapToDouble(Double::doubleValue).toArray())
        .toList();
  }

  private Timing outcome(String key, Verdict verdict, String message) {
    return new Timing.Outcome(List.of(named(key, verdict, message)));
  }

  private Finding named(String key, Verdict verdict, String message) {
    return TestVerdicts.named(key, verdict, message, settings);
  }
}
