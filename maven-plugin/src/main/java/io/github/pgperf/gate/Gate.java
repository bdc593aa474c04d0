package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

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

  /** The verdicts on {@code candidate} against {@code baseline}. */
  public CheckReport check(ResultFiles candidate, Baseline baseline) {
    List<Finding> findings = new ArrayList<>();
    if (candidate.isEmpty()) {
      findings.add(named(ALL_TESTS, Verdict.MISSING_RESULTS, "no result files in "
          + candidate.directory() + (candidate.exists() ? "" : " (the directory does not exist)")
          + ": did the performance tests run?"));
    }
    Set<String> keys = new TreeSet<>(candidate.samples().keySet());
    keys.addAll(baseline.samples().keySet());
    candidate.problems().forEach(p -> keys.add(p.key()));
    baseline.problems().forEach(p -> keys.add(p.key()));
    for (String key : keys) {
      for (ResultFiles.Problem p : candidate.problems()) {
        if (p.key().equals(key)) {
          findings.add(named(key, p.verdict(), p.message()));
        }
      }
      for (ResultFiles.Problem p : baseline.problems()) {
        if (p.key().equals(key)) {
          findings.add(named(key, p.verdict(), "baseline: " + p.message()));
        }
      }
      findings.addAll(compareTest(key, candidate.samples().getOrDefault(key, List.of()),
          baseline.samples().getOrDefault(key, List.of()),
          candidate.problems().stream().anyMatch(p -> p.key().equals(key))));
    }
    return new CheckReport(findings, settings, candidate.directory().toString(),
        baseline.description());
  }

  private List<Finding> compareTest(
      String key, List<Sample> now, List<Sample> before, boolean nowHasProblems) {
    if (now.isEmpty()) {
      if (before.isEmpty() || nowHasProblems) {
        return List.of();
      }
      return List.of(named(key, Verdict.MISSING_RESULTS, key + ": the baseline has "
          + before.size() + " samples but there are no results now (test removed, renamed or not run?)"));
    }
    if (before.isEmpty()) {
      return List.of(named(key, Verdict.MISSING_BASELINE, key + ": no baseline to compare "
          + now.size() + " results with (record one with mvn pgperf:baseline)"));
    }
    Set<Fingerprint> prints = new LinkedHashSet<>();
    now.stream().sorted(Comparator.comparing(Sample::source)).forEach(s -> prints.add(s.fingerprint()));
    if (prints.size() > 1) {
      List<Fingerprint> list = List.copyOf(prints);
      return List.of(named(key, Verdict.FINGERPRINT_MISMATCH, key
          + ": its results now came from different setups: "
          + String.join("; ", list.get(0).differences(list.get(1)))));
    }
    Fingerprint print = prints.iterator().next();
    List<Sample> comparable = sameSetup(before, print);
    if (comparable.isEmpty()) {
      Fingerprint latest = before.get(before.size() - 1).fingerprint();
      return List.of(named(key, Verdict.FINGERPRINT_MISMATCH, key + ": none of the "
          + before.size() + " baseline samples ran on the same setup (baseline vs now: "
          + String.join("; ", latest.differences(print)) + ")"));
    }
    List<Finding> out = new ArrayList<>();
    for (Metric m : settings.metrics()) {
      double[] baselineValues = values(comparable, m);
      double[] candidateValues = values(now, m);
      if (baselineValues.length == 0 || candidateValues.length == 0) {
        out.add(new Finding(key, m, Verdict.MISSING_BASELINE,
            settings.action(Verdict.MISSING_BASELINE), key + ": " + m.label()
                + " has no " + (baselineValues.length == 0 ? "baseline" : "candidate") + " values",
            null));
        continue;
      }
      Comparison c = WelchTest.compare(m, baselineValues, candidateValues, settings.level());
      out.add(Judge.judge(key, c, settings));
    }
    return out;
  }

  /** The baseline samples that ran on the setup {@code print}: those the gate compares with. */
  public static List<Sample> sameSetup(List<Sample> baseline, Fingerprint print) {
    return baseline.stream().filter(s -> s.fingerprint().equals(print)).toList();
  }

  private static double[] values(List<Sample> samples, Metric m) {
    // A store written with fewer metrics lacks some values; those samples do not count for them.
    return samples.stream().mapToDouble(s -> s.value(m))
        .filter(v -> v > 0 && !Double.isInfinite(v)).toArray();
  }

  private Finding named(String key, Verdict verdict, String message) {
    return new Finding(key, null, verdict, settings.action(verdict), message, null);
  }
}
