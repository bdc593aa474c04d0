package io.github.pgperf.compare;

import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.PairedGate;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.gate.Sample;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.TestIdentity;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The judge of sequential slices ({@code pgperf.alternate=slice} without {@code pgperf.pairs}):
 * after each block of pairs, {@link PairedGate#sequential} on all pairs so far; while some test's
 * timing is not settled ({@link PairedGate#open}), a {@link Confirm} of {@link CompareTime#STEP}
 * more pairs of its class, up to each class's cap ({@link CompareTime}); then the verdicts, through
 * {@link GateJudge#verdicts} as every comparison gives them. Its p-values are valid wherever a test
 * stopped, so nothing is confirmed again.
 */
final class SequentialJudge implements PairedJudge {

  private static final String GOAL = Comparison.GOAL;

  /**
   * The smallest minimum effect sequential slices are safe with: 15%. Each side runs in one warm
   * test JVM against one database of its own, so what differs between the two JVMs (the code their
   * JIT compiled) and the two databases (how their written tables aged) is the same in every pair:
   * the pairs average out the machine's noise, not that, and with enough of them the sequential
   * test calls it a change. In the A/A compares of 2026-12-07 an unchanged candidate's client CPU
   * per transaction was +4.9% at t = 5.6 over 24 pairs (the test's tps +5.4%), and the transfer's
   * server CPU per transaction -11.2% at t = -3.6 (its tps +11.6%; which of the two differed is not
   * known): passes under the example's 20%, failures under 5%.
   */
  static final double SIDE_DIFFERENCE = 0.15;

  private final GateSettings settings;
  private final CompareTime time;
  private final GateJudge outputs;

  /**
   * @param settings the gate's settings, as {@code pgperf:check} takes them
   * @param time how much each class may get
   * @param outputs gives the verdicts and writes check.md and its siblings
   */
  SequentialJudge(GateSettings settings, CompareTime time, GateJudge outputs) {
    this.settings = settings;
    this.time = time;
    this.outputs = outputs;
  }

  @Override
  public Judgement judge(ComparedSides sides) throws IOException {
    ResultFiles base = ResultFiles.read(sides.base());
    ResultFiles candidate = ResultFiles.read(sides.candidate());
    Map<String, Integer> caps = caps(base, candidate);
    PairedGate sequential = PairedGate.sequential(settings, key -> cap(caps, classOf(key)));
    return look(sequential, caps, sides, base, candidate);
  }

  /** A class's cap; one no result of the first pairs named (its every run failed): no more. */
  private static int cap(Map<String, Integer> caps, String testClass) {
    return caps.getOrDefault(testClass, CompareTime.FIRST_PAIRS);
  }

  private static String classOf(String key) {
    return GateJudge.testClasses(List.of(key)).get(0);
  }

  /**
   * Each test class's cap in pairs, by simple name, fixed at the first look: from how many timed
   * runs (result keys) a slice of the class holds on either side, never from what they measured.
   */
  private Map<String, Integer> caps(ResultFiles base, ResultFiles candidate) {
    Map<String, Integer> runs = new TreeMap<>();
    Set<String> keys = new TreeSet<>(base.samples().keySet());
    keys.addAll(candidate.samples().keySet());
    keys.forEach(k -> runs.merge(classOf(k), 1, Integer::sum));
    Map<String, Integer> caps = new TreeMap<>();
    runs.forEach((c, n) -> caps.put(c, time.cap(n)));
    return caps;
  }

  /**
   * A sequential look at all pairs so far: the verdicts when no test wants another pair, else a
   * block of pairs more of the classes that do, and another look.
   */
  private Judgement look(
      PairedGate sequential,
      Map<String, Integer> caps,
      ComparedSides sides,
      ResultFiles base,
      ResultFiles candidate)
      throws IOException {
    CheckReport report = sequential.compare(base, candidate);
    List<Finding> unsettled = sequential.unsettled(report);
    if (unsettled.isEmpty()) {
      return outputs.verdicts(report, sides, settledNote(report, caps));
    }
    // The open tests' classes, from the same findings (PairedGate.open would judge them again).
    List<String> keys = unsettled.stream().map(Finding::key).distinct().toList();
    List<String> classes = GateJudge.testClasses(keys);
    List<String> methods = methods(keys, candidate, base);
    Line line =
        new Line(
            Level.INFO,
            GOAL
                + ": after "
                + sides.pairs()
                + (sides.pairs() == 1 ? " pair" : " pairs")
                + ", not settled: "
                + unsettled(unsettled)
                + "; "
                + CompareTime.STEP
                + " more pairs of "
                + String.join(", ", classes)
                + " (at most "
                + classes.stream()
                    .map(c -> c + " " + cap(caps, c))
                    .collect(Collectors.joining(", "))
                + ")"
                + (methods.isEmpty() ? "" : ", slices of only those tests"));
    return new Confirm(
        classes,
        methods,
        CompareTime.STEP,
        List.of(line),
        all ->
            look(
                sequential,
                caps,
                all,
                ResultFiles.read(all.base()),
                ResultFiles.read(all.candidate())));
  }

  /**
   * The test methods of the open {@code keys} ({@code <class>#<method>}, as each one's result file
   * records its test), so that the next slices run only them: a test that settled stops costing the
   * machine slices (in the example's ledger class two of three tests were settled after 8 pairs
   * while the third ran to its cap of 24, every pair running all three). A class with an open key
   * no method can be named for (a runner injected in a constructor, a result without its test) is
   * left out, and so is a class whose every test is open: their slices run all their tests. Empty
   * when no class is narrowed.
   */
  private static List<String> methods(List<String> keys, ResultFiles candidate, ResultFiles base) {
    Map<String, Set<String>> byClass = new TreeMap<>();
    Set<String> whole = new TreeSet<>();
    for (String key : keys) {
      String testClass = classOf(key);
      TestIdentity test = test(key, candidate);
      if (test == null) {
        test = test(key, base);
      }
      if (test == null || test.method() == null) {
        whole.add(testClass);
      } else {
        byClass
            .computeIfAbsent(testClass, c -> new TreeSet<>())
            .add(test.className() + "#" + test.method());
      }
    }
    // A class with no settled test runs whole anyway: no methods named for it.
    Set<String> settled = new TreeSet<>(candidate.samples().keySet());
    settled.addAll(base.samples().keySet());
    settled.removeAll(keys);
    byClass
        .keySet()
        .removeIf(c -> whole.contains(c) || settled.stream().noneMatch(k -> classOf(k).equals(c)));
    return byClass.values().stream().flatMap(Set::stream).toList();
  }

  /** The test that ran {@code key}'s last sample in {@code results}, as its file says; or null. */
  private static TestIdentity test(String key, ResultFiles results) {
    List<Sample> samples = results.samples().getOrDefault(key, List.of());
    if (samples.isEmpty()) {
      return null;
    }
    try {
      RunIdentity identity =
          ResultJson.read(results.directory().resolve(samples.get(samples.size() - 1).source()))
              .identity();
      return identity == null ? null : identity.test();
    } catch (IOException e) {
      // Read a moment ago by ResultFiles: gone now, the class runs whole.
      return null;
    }
  }

  /** {@code Orders-run tps (inconclusive, could detect 41.0%)}: the findings not yet settled. */
  private static String unsettled(List<Finding> findings) {
    return findings.stream()
        .map(
            f ->
                f.key()
                    + " "
                    + f.metric().label()
                    + " ("
                    + f.verdict().words()
                    + ", could detect "
                    + String.format(Locale.ROOT, "%.1f%%", 100 * f.comparison().detectable())
                    + ")")
        .collect(Collectors.joining(", "));
  }

  /** How the sequential pairs ended: the pairs each class got, against its cap. */
  private String settledNote(CheckReport report, Map<String, Integer> caps) {
    Map<String, Integer> pairs = new TreeMap<>();
    report.findings().stream()
        .filter(f -> f.comparison() != null)
        .forEach(f -> pairs.merge(classOf(f.key()), f.comparison().baselineCount(), Math::max));
    return "each class's pairs until its timing verdicts settled or it reached its cap, at most "
        + time.limit().toSeconds()
        + " s of slices ("
        + CompareTime.PROPERTY
        + "): "
        + pairs.entrySet().stream()
            .map(e -> e.getKey() + " " + e.getValue() + " of " + cap(caps, e.getKey()))
            .collect(Collectors.joining(", "))
        + stoppedBy(PairedGate.decisive(report));
  }

  /**
   * {@code ; no more pairs once Orders-run clientCpu failed the build}: why classes whose other
   * metrics were still open stopped.
   */
  private static String stoppedBy(List<Finding> decisive) {
    if (decisive.isEmpty()) {
      return "";
    }
    return "; no more pairs once "
        + decisive.stream()
            .map(f -> f.key() + " " + f.metric().label())
            .collect(Collectors.joining(", "))
        + " failed the build";
  }
}
