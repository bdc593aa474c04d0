package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What {@link Gate#check} and {@link PairedGate#compare} share: every test of either side (their
 * samples' keys and their files' problems), each test's timing either a named outcome or a member
 * of the build's one family ({@link BuildFamily}), then test by test the problems of both sides,
 * the timing findings and the work findings ({@link #withWork}). The two differ only in how a
 * test's timing is planned ({@link Planner}): builds against a baseline store, or pairs.
 */
final class TestVerdicts {

  /**
   * One side's results as the verdicts see them.
   *
   * @param problemPrefix put before this side's problems' messages ({@code "baseline: "})
   */
  record Side(
      Map<String, List<Sample>> samples, List<ResultFiles.Problem> problems, String problemPrefix) {

    List<Sample> of(String key) {
      return samples.getOrDefault(key, List.of());
    }

    boolean hasProblems(String key) {
      return problems.stream().anyMatch(p -> p.key().equals(key));
    }
  }

  /** What a test's timing comes to before the build's family is compared. */
  sealed interface Plan {
    /** A named outcome (no baseline, another setup ...), or none. */
    record Outcome(List<Finding> findings) implements Plan {}

    /**
     * Comparisons in the family, then judged.
     *
     * @param judge the test's timing findings from its comparisons at the family's level
     */
    record Compared(BuildFamily.Member member, Function<List<Comparison>, List<Finding>> judge)
        implements Plan {}
  }

  /** How one test's timing is planned. */
  interface Planner {
    Plan plan(
        String key,
        List<Sample> candidate,
        List<Sample> baseline,
        boolean candidateProblems,
        boolean baselineProblems);
  }

  private TestVerdicts() {}

  /** Every test's findings after {@code first} (the build-wide ones), tests in key order. */
  static List<Finding> of(
      List<Finding> first, Side candidate, Side baseline, GateSettings settings, Planner planner) {
    Set<String> keys = new TreeSet<>(candidate.samples().keySet());
    keys.addAll(baseline.samples().keySet());
    candidate.problems().forEach(p -> keys.add(p.key()));
    baseline.problems().forEach(p -> keys.add(p.key()));
    Map<String, Plan> plans = new TreeMap<>();
    Map<String, BuildFamily.Member> members = new LinkedHashMap<>();
    for (String key : keys) {
      Plan plan =
          planner.plan(
              key,
              candidate.of(key),
              baseline.of(key),
              candidate.hasProblems(key),
              baseline.hasProblems(key));
      plans.put(key, plan);
      if (plan instanceof Plan.Compared c) {
        members.put(key, c.member());
      }
    }
    Map<String, List<Comparison>> family = BuildFamily.compare(members, settings.level());
    List<Finding> findings = new ArrayList<>(first);
    for (String key : keys) {
      for (Side side : List.of(candidate, baseline)) {
        for (ResultFiles.Problem p : side.problems()) {
          if (p.key().equals(key)) {
            findings.add(named(key, p.verdict(), side.problemPrefix() + p.message(), settings));
          }
        }
      }
      List<Finding> timing =
          plans.get(key) instanceof Plan.Compared c
              ? c.judge().apply(family.get(key))
              : ((Plan.Outcome) plans.get(key)).findings();
      findings.addAll(withWork(key, timing, candidate.of(key), baseline.of(key), settings));
    }
    return findings;
  }

  /**
   * One test's timing findings, then its work findings: work is compared on its own fingerprint, so
   * a timing fingerprint mismatch (another machine's baseline) does not hide it. Timing regressions
   * and inconclusive ones name the test's work and wait-event changes beside them ({@link
   * TimingExplanation}), so the log says why.
   */
  static List<Finding> withWork(
      String key,
      List<Finding> timing,
      List<Sample> now,
      List<Sample> before,
      GateSettings settings) {
    if (now.isEmpty() || before.isEmpty()) {
      return timing;
    }
    List<Finding> work = new WorkGate(settings).compare(key, now, before);
    TimingExplanation why = TimingExplanation.of(now, before, work);
    List<Finding> out = new ArrayList<>();
    for (Finding f : timing) {
      out.add(why.explain(f));
    }
    out.addAll(work);
    return out;
  }

  /** A finding of its own, without a metric or comparison, acted on as the settings say. */
  static Finding named(String key, Verdict verdict, String message, GateSettings settings) {
    return new Finding(key, null, verdict, settings.action(verdict), message, null);
  }
}
