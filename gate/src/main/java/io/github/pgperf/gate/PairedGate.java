package io.github.pgperf.gate;

import io.github.pgperf.result.ResultFileException;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import java.util.stream.IntStream;

/**
 * The verdicts of {@code pgperf:compare}: the base revision's results against the candidate's (the
 * working tree's), measured in the same job with their trials interleaved (A B B A ...). Trial
 * {@code i} of a test on each side forms pair {@code i} (the result's {@code identity.trial}); each
 * metric is compared on the pairs' log ratios ({@link PairedComparison}), all tests' metrics as one
 * family ({@link BuildFamily}), with the same verdicts, minimum effect and detectable size as
 * {@code pgperf:check}, and the same work comparison ({@link WorkGate}, the base as the baseline).
 *
 * <p>A test only the candidate has is {@link Verdict#NEW}, one only the base has {@link
 * Verdict#GONE}. A {@link Verdict#REGRESSION} is meant to be confirmed before the build fails
 * ({@link #needsConfirmation}, {@link #confirm}): the goal runs more pairs of those tests and asks
 * again on all their trials.
 */
public final class PairedGate {

  /**
   * The resources a sequential gate judges by its paired statistics, as timing metrics of the
   * build's family, rather than by their tolerances ({@link ResourceGate}): the server's and the
   * client's CPU per transaction. The tolerances (50%) were set for 4 pairs; a sequential compare
   * runs 4 to dozens, and these figures leave out the time a process waited for a core, so they
   * spread less between the pairs of a slice than tps does (docs/compare.md, "CPU per transaction
   * in pairs"). They are also the more sensitive sign of a slower transaction: on a machine whose
   * cores client and server share, tps falls by a CPU figure's growth times that side's share of
   * the transaction's CPU, so a 20% lower tps is a larger growth of the CPU that caused it.
   * Allocation and lock waits keep their tolerances.
   */
  static final List<Metric> PAIRED_RESOURCES = List.of(Metric.CPU, Metric.CLIENT_CPU);

  /** The cap of a gate on a number of pairs fixed before they ran: none. */
  private static final int FIXED = 0;

  private final GateSettings settings;

  /** Each test's cap in pairs, by key, when its timing is judged sequentially; else null. */
  private final ToIntFunction<String> caps;

  /** A gate on a number of pairs fixed before they ran: {@link PairedComparison}. */
  public PairedGate(GateSettings settings) {
    this(settings, null);
  }

  private PairedGate(GateSettings settings, ToIntFunction<String> caps) {
    this.settings = settings;
    this.caps = caps;
  }

  /**
   * A gate whose tests get pairs until their timing verdicts settle ({@link SequentialPairs}): each
   * timing metric's p-values stay valid wherever its test stopped, so the build's comparisons are
   * still one family under Holm. Ask it {@link #open} after each look.
   *
   * @param caps the most pairs each test (by key) will ever get, fixed before its first pair ran;
   *     at least {@value PairedComparison#MINIMUM_PAIRS}
   */
  public static PairedGate sequential(GateSettings settings, ToIntFunction<String> caps) {
    return new PairedGate(settings, Objects.requireNonNull(caps, "caps"));
  }

  /**
   * The tests of a sequential gate's report that want more pairs: those with an {@link #unsettled}
   * finding. Sorted, each once; empty for a fixed gate.
   */
  public List<String> open(CheckReport report) {
    return unsettled(report).stream().map(Finding::key).distinct().sorted().toList();
  }

  /**
   * The timing findings of a sequential gate's report that want more pairs: not yet settled
   * (INCONCLUSIVE, or a change below the minimum effect that a larger one is not yet ruled out
   * behind), not futile, on fewer pairs than the test's cap. In report order; empty for a fixed
   * gate, and once the build fails on a sequential timing REGRESSION ({@link #decisive}).
   */
  public List<Finding> unsettled(CheckReport report) {
    if (caps == null || !decisive(report).isEmpty()) {
      return List.of();
    }
    return report.findings().stream()
        .filter(f -> f.comparison() != null && f.comparison().method().sequential())
        .filter(
            f -> {
              int cap = caps.applyAsInt(f.key());
              return f.comparison().baselineCount() < cap && !settled(f, cap);
            })
        .toList();
  }

  /**
   * The sequential timing REGRESSIONs a report fails the build on. Their p-values can only fall as
   * pairs are added, so the build fails whatever more pairs would say of any test: once there is
   * one, no test is {@link #open}, and a clear case ends early. In report order.
   */
  public static List<Finding> decisive(CheckReport report) {
    return report.findings().stream()
        .filter(
            f ->
                f.verdict() == Verdict.REGRESSION
                    && f.action() == Action.FAIL
                    && f.comparison() != null
                    && f.comparison().method().sequential())
        .toList();
  }

  /**
   * Whether a sequential timing finding needs no more pairs: a verdict that more pairs would not
   * change but for chance, or none that pairs up to the cap would likely give ({@link
   * SequentialPairs#futile}). The p-values only fall as pairs are added (the smallest so far), so a
   * REGRESSION or IMPROVEMENT stays one; a PASS rules out the minimum effect at every look.
   */
  private boolean settled(Finding f, int cap) {
    return switch (f.verdict()) {
      case REGRESSION, IMPROVEMENT, PASS -> true;
      case SMALL_REGRESSION ->
          f.comparison().detectable() <= settings.minimumEffect()
              || SequentialPairs.futile(f.comparison(), cap, settings.minimumEffect());
      default -> SequentialPairs.futile(f.comparison(), cap, settings.minimumEffect());
    };
  }

  /**
   * The verdicts on {@code candidate} against {@code base}: every test of either side, with the
   * problems of both sides' result files as named outcomes (the base's prefixed {@code base:}).
   */
  public CheckReport compare(ResultFiles base, ResultFiles candidate) {
    List<Finding> first = new ArrayList<>();
    if (candidate.isEmpty()) {
      first.add(
          named(
              Gate.ALL_TESTS,
              Verdict.MISSING_RESULTS,
              "no result files of the"
                  + " candidate in "
                  + candidate.directory()
                  + ": did its performance tests run?"));
    }
    Map<String, Integer> baseTrials = trialNumbers(base);
    Map<String, Integer> candidateTrials = trialNumbers(candidate);
    List<Finding> findings =
        TestVerdicts.of(
            first,
            new TestVerdicts.Side(candidate.samples(), candidate.problems(), ""),
            new TestVerdicts.Side(base.samples(), base.problems(), "base: "),
            settings,
            (key, now, before, nowProblems, beforeProblems) -> {
              Pairs p = Pairs.of(before, now, baseTrials, candidateTrials);
              List<Finding> outcome = outcome(key, now, before, nowProblems || beforeProblems, p);
              if (outcome != null) {
                return new TestVerdicts.Plan.Outcome(outcome);
              }
              return new TestVerdicts.Plan.Compared(
                  member(key, p),
                  comparisons -> {
                    List<Finding> out =
                        new ArrayList<>(
                            comparisons.stream().map(c -> Judge.judge(key, c, settings)).toList());
                    out.addAll(
                        ResourceGate.paired(
                            key,
                            p.base(),
                            p.candidate(),
                            settings,
                            candidate::lockWaiters,
                            caps == null ? Set.of() : Set.copyOf(PAIRED_RESOURCES)));
                    return out.stream()
                        .map(f -> p.unpaired() == 0 ? f : f.withMessage("; " + p.unpairedText()))
                        .toList();
                  });
            });
    return new CheckReport(
        findings,
        settings,
        candidate.directory().toString(),
        "base revision's results " + base.directory());
  }

  /**
   * The tests a first comparison found a {@link Verdict#REGRESSION} in: before the build fails, the
   * goal runs more interleaved pairs of each (by default as many again) and calls {@link #confirm}.
   * Sorted, each once.
   */
  public static List<String> needsConfirmation(CheckReport first) {
    return first.findings().stream()
        .filter(
            f ->
                f.verdict() == Verdict.REGRESSION
                    && (f.comparison() != null || f.metric() != null && f.metric().resource()))
        .map(Finding::key)
        .distinct()
        .sorted()
        .toList();
  }

  /**
   * The final verdicts after the confirming pairs ran: the tests {@link #needsConfirmation} named
   * are compared again on all their trials ({@code base} and {@code candidate} now hold the first
   * pairs and the new ones), the build's tests again one family; each of their timing findings says
   * whether the regression was confirmed. The other tests keep the first comparison's findings:
   * their trials did not change.
   *
   * @param first the report of the first pairs
   */
  public CheckReport confirm(CheckReport first, ResultFiles base, ResultFiles candidate) {
    List<String> confirming = needsConfirmation(first);
    if (confirming.isEmpty()) {
      return first;
    }
    CheckReport all = compare(base, candidate);
    List<Finding> findings = new ArrayList<>();
    Set<String> done = new LinkedHashSet<>();
    for (Finding f : first.findings()) {
      if (!confirming.contains(f.key())) {
        findings.add(f);
      } else if (done.add(f.key())) {
        int before = pairsOf(first, f.key());
        for (Finding again : all.findings()) {
          if (again.key().equals(f.key())) {
            findings.add(
                again.comparison() == null
                    ? again
                    : again.withMessage("; " + confirmation(again, before)));
          }
        }
      }
    }
    return new CheckReport(findings, first.settings(), first.results(), first.baseline());
  }

  /** What the confirming pairs said about one metric of a test that regressed on the first. */
  private static String confirmation(Finding again, int before) {
    int total = again.comparison().baselineCount();
    String more = (total - before) + " more";
    if (again.verdict() == Verdict.REGRESSION) {
      return "confirmed: still a regression on all "
          + total
          + " pairs ("
          + before
          + " first, then "
          + more
          + ")";
    }
    return "confirmation of a regression on the first "
        + before
        + " pairs: "
        + total
        + " pairs ("
        + more
        + "), "
        + again.verdict().words()
        + " on this metric";
  }

  /** The pairs a test's timing comparisons ran on: the most any of its metrics had. */
  private static int pairsOf(CheckReport report, String key) {
    return report.findings().stream()
        .filter(f -> f.key().equals(key) && f.comparison() != null)
        .mapToInt(f -> f.comparison().baselineCount())
        .max()
        .orElse(0);
  }

  /**
   * A test's named outcome, or {@code null} when its pairs are to be compared: NEW, GONE, setups
   * that differ, no pairs at all.
   */
  private List<Finding> outcome(
      String key, List<Sample> now, List<Sample> before, boolean problems, Pairs p) {
    if (now.isEmpty() && before.isEmpty()) {
      return List.of(); // only unusable results: their problems are the findings
    }
    if (before.isEmpty()) {
      return problems
          ? List.of()
          : List.of(
              named(
                  key,
                  Verdict.NEW,
                  key
                      + ": new in the candidate"
                      + " (the base revision has no such test): measured in "
                      + trials(now.size())
                      + ", not compared"));
    }
    if (now.isEmpty()) {
      return problems
          ? List.of()
          : List.of(
              named(
                  key,
                  Verdict.GONE,
                  key
                      + ": only the base"
                      + " revision has this test (removed or renamed in the candidate?): measured in "
                      + trials(before.size())
                      + ", not compared"));
    }
    Fingerprint candidatePrint = onlyPrint(now);
    Fingerprint basePrint = onlyPrint(before);
    if (candidatePrint == null || basePrint == null) {
      return List.of(
          named(
              key,
              Verdict.FINGERPRINT_MISMATCH,
              key
                  + ": the "
                  + (candidatePrint == null ? "candidate's" : "base's")
                  + " trials came from different setups: "
                  + firstDifferences(candidatePrint == null ? now : before)));
    }
    if (!candidatePrint.equals(basePrint)) {
      return List.of(
          named(
              key,
              Verdict.FINGERPRINT_MISMATCH,
              key
                  + ": the test runs another"
                  + " setup in the candidate than in the base revision (base vs candidate: "
                  + String.join("; ", basePrint.differences(candidatePrint))
                  + "), so its timing is"
                  + " not compared"));
    }
    if (p.size() == 0) {
      return List.of(
          named(
              key,
              Verdict.INCONCLUSIVE,
              key
                  + ": no trial of the base and the"
                  + " candidate pair up ("
                  + p.unpairedText()
                  + "); pairs are formed by the results'"
                  + " trial numbers (identity.trial)"));
    }
    return null;
  }

  /**
   * The comparisons of one test's pairs, metric by metric in the settings' order; a sequential
   * gate's then {@link #PAIRED_RESOURCES}.
   */
  private BuildFamily.Member member(String key, Pairs p) {
    Map<Metric, double[]> base = new LinkedHashMap<>();
    Map<Metric, double[]> candidate = new LinkedHashMap<>();
    List<Metric> metrics = new ArrayList<>();
    for (Metric m : settings.metrics()) {
      if (!m.resource()) {
        metrics.add(m); // a fixed gate judges resources by their tolerances (ResourceGate)
      }
    }
    if (caps != null) {
      metrics.addAll(PAIRED_RESOURCES);
    }
    for (Metric m : metrics) {
      double[] b = p.values(p.base(), m);
      double[] c = p.values(p.candidate(), m);
      if (m.optional()) {
        // A pair whose either side lacks the figure (not measured there) is left out of it.
        int[] both =
            IntStream.range(0, b.length)
                .filter(i -> b[i] > 0 && c[i] > 0 && !Double.isInfinite(b[i] + c[i]))
                .toArray();
        if (both.length == 0) {
          continue;
        }
        base.put(m, IntStream.of(both).mapToDouble(i -> b[i]).toArray());
        candidate.put(m, IntStream.of(both).mapToDouble(i -> c[i]).toArray());
      } else {
        base.put(m, b);
        candidate.put(m, c);
      }
    }
    PairValues values = new PairValues(base, candidate);
    return member(values, settings, caps == null ? FIXED : caps.applyAsInt(key));
  }

  /**
   * One test's comparisons, metric by metric: {@link PairedComparison} on all its pairs, or with a
   * {@code cap} as {@link SequentialPairs} looks at them after its pairs so far. Pairs beyond the
   * cap (a class whose slices run on after its cap, which the goal does not do) are left out: the
   * cap was fixed before the pairs ran, and the fixed test at the cap is only valid there.
   */
  private static BuildFamily.Member member(PairValues values, GateSettings settings, int cap) {
    // The settings' metrics this test has values of (an optional one may have none), in the
    // settings' order, then any others (a sequential gate's PAIRED_RESOURCES).
    List<Metric> metrics = new ArrayList<>();
    settings.metrics().stream().filter(values.base()::containsKey).forEach(metrics::add);
    values.base().keySet().stream().filter(m -> !metrics.contains(m)).forEach(metrics::add);
    int tested = 0;
    for (Metric m : metrics) {
      int n = values.base().get(m).length;
      tested += PairedComparison.tests(cap == FIXED ? n : Math.min(cap, n)) ? 1 : 0;
    }
    return new BuildFamily.Member(
        tested,
        level -> {
          List<Comparison> out = new ArrayList<>();
          for (Metric m : metrics) {
            double[] b = values.base().get(m);
            double[] c = values.candidate().get(m);
            if (cap == FIXED) {
              out.add(PairedComparison.compare(m, b, c, level));
            } else {
              int n = Math.min(cap, b.length);
              out.add(
                  new SequentialPairs(m, level, 1, settings.minimumEffect(), cap)
                      .look(Arrays.copyOf(b, n), Arrays.copyOf(c, n))
                      .comparison());
            }
          }
          return out;
        });
  }

  /**
   * One test's values in pairs: {@code base.get(m)[i]} ran beside {@code candidate.get(m)[i]}.
   *
   * @param base each metric's values of the base's trials, pair by pair
   * @param candidate each metric's values of the candidate's trials, in the same pairs
   */
  record PairValues(Map<Metric, double[]> base, Map<Metric, double[]> candidate) {}

  /**
   * Every test's paired comparisons, the build's comparisons as one family ({@link BuildFamily}).
   *
   * @param tests each test's pairs by key, in report order
   * @return each key's comparisons, metric by metric in the settings' order
   */
  static Map<String, List<Comparison>> compare(
      Map<String, PairValues> tests, GateSettings settings) {
    Map<String, BuildFamily.Member> members = new LinkedHashMap<>();
    tests.forEach((key, values) -> members.put(key, member(values, settings, FIXED)));
    return BuildFamily.compare(members, settings.level());
  }

  /**
   * One pair of a test's trials: the base's and the candidate's run of one trial number.
   *
   * @param number the trial number both runs carry ({@code identity.trial})
   * @param base the base revision's run
   * @param candidate the candidate's run
   */
  public record Pair(int number, Sample base, Sample candidate) {}

  /**
   * Each test's pairs as {@link #compare} forms them (by trial number, trials without a partner
   * left out), for what draws them: the report shows the very pairs the verdicts were taken on.
   *
   * @return the pairs by test key, each test's by trial number; tests without a pair are absent
   */
  public static Map<String, List<Pair>> pairs(ResultFiles base, ResultFiles candidate) {
    Map<String, Integer> baseTrials = trialNumbers(base);
    Map<String, Integer> candidateTrials = trialNumbers(candidate);
    Map<String, List<Pair>> out = new TreeMap<>();
    for (String key : candidate.samples().keySet()) {
      List<Pair> matched =
          Pairs.matched(
              Pairs.byTrial(base.samples().getOrDefault(key, List.of()), baseTrials),
              Pairs.byTrial(candidate.samples().get(key), candidateTrials));
      if (!matched.isEmpty()) {
        out.put(key, matched);
      }
    }
    return out;
  }

  /**
   * One test's pairs: the base's and the candidate's trials of the same trial number, by trial
   * number; trials without a partner (a failed run on the other side, trial 0 for results not run
   * in trials) are left out and counted.
   */
  private record Pairs(
      List<Sample> base,
      List<Sample> candidate,
      int unpaired,
      Set<Integer> baseTrials,
      Set<Integer> candidateTrials) {

    /**
     * @param baseTrials each base result file's trial number, by file name
     * @param candidateTrials the same for the candidate's
     */
    static Pairs of(
        List<Sample> base,
        List<Sample> candidate,
        Map<String, Integer> baseTrials,
        Map<String, Integer> candidateTrials) {
      Map<Integer, Sample> b = byTrial(base, baseTrials);
      Map<Integer, Sample> c = byTrial(candidate, candidateTrials);
      List<Pair> matched = matched(b, c);
      List<Sample> pb = matched.stream().map(Pair::base).toList();
      List<Sample> pc = matched.stream().map(Pair::candidate).toList();
      int unpaired = base.size() + candidate.size() - 2 * pb.size();
      return new Pairs(pb, pc, unpaired, b.keySet(), c.keySet());
    }

    /** The trials of one number on both sides, by trial number. */
    static List<Pair> matched(Map<Integer, Sample> base, Map<Integer, Sample> candidate) {
      List<Pair> out = new ArrayList<>();
      for (Map.Entry<Integer, Sample> e : base.entrySet()) {
        Sample partner = candidate.get(e.getKey());
        if (partner != null) {
          out.add(new Pair(e.getKey(), e.getValue(), partner));
        }
      }
      return out;
    }

    /** Samples by trial number; of two with one number (not expected), the first file's. */
    private static Map<Integer, Sample> byTrial(List<Sample> samples, Map<String, Integer> trials) {
      Map<Integer, Sample> out = new TreeMap<>();
      samples.stream()
          .filter(s -> trials.getOrDefault(s.source(), 0) > 0)
          .sorted(Comparator.comparing(Sample::source))
          .forEach(s -> out.putIfAbsent(trials.get(s.source()), s));
      return out;
    }

    int size() {
      return base.size();
    }

    double[] values(List<Sample> side, Metric m) {
      return side.stream().mapToDouble(s -> s.value(m)).toArray();
    }

    String unpairedText() {
      return unpaired
          + (unpaired == 1 ? " trial" : " trials")
          + " without a partner left out;"
          + " trials of the base "
          + baseTrials
          + ", of the candidate "
          + candidateTrials;
    }
  }

  /**
   * Each sample's trial number ({@code identity.trial}; 0 when the result has none), by file name.
   * The gate's samples do not carry it (the baseline store does not keep it), so the files are read
   * again; a file that cannot be read now has no trial number, and its sample no partner.
   */
  static Map<String, Integer> trialNumbers(ResultFiles files) {
    Map<String, Integer> out = new TreeMap<>();
    for (List<Sample> samples : files.samples().values()) {
      for (Sample s : samples) {
        int trial = 0;
        try {
          RunResult r = ResultJson.read(files.directory().resolve(s.source()));
          trial = r.identity() == null ? 0 : r.identity().trial();
        } catch (ResultFileException e) {
          // Read a moment ago: changed since. Left without a partner, and said so.
        }
        out.put(s.source(), trial);
      }
    }
    return out;
  }

  /** The one fingerprint of these samples, or {@code null} when they ran on several setups. */
  private static Fingerprint onlyPrint(List<Sample> samples) {
    Set<Fingerprint> prints = new LinkedHashSet<>();
    samples.forEach(s -> prints.add(s.fingerprint()));
    return prints.size() == 1 ? prints.iterator().next() : null;
  }

  private static String firstDifferences(List<Sample> samples) {
    List<Fingerprint> prints =
        samples.stream()
            .sorted(Comparator.comparing(Sample::source))
            .map(Sample::fingerprint)
            .distinct()
            .toList();
    return String.join("; ", prints.get(0).differences(prints.get(1)));
  }

  private static String trials(int n) {
    return n + (n == 1 ? " trial" : " trials");
  }

  private Finding named(String key, Verdict verdict, String message) {
    return TestVerdicts.named(key, verdict, message, settings);
  }
}
