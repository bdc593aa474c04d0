package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * What a transaction costs beside its time: the server's and the client's CPU, the client's
 * allocations and the time spent waiting on locks, per transaction ({@link Metric#resource()}).
 * They depend on the machine, so they are compared only where timing is (the interleaved pairs of
 * {@code pgperf:compare}, or a baseline of the same {@link Fingerprint}); but they leave out the
 * time a process waited for a core, so they spread far less than wall time under load, and one
 * tolerance from the A/A evidence (docs/gate.md, "Metrics") replaces the timing statistics, whose
 * few pairs could only detect changes of 40-80%.
 *
 * <p>A metric regresses when both hold:
 *
 * <ul>
 *   <li><b>size</b>: the candidate's median is above the base's median by more than the metric's
 *       tolerance ({@link #tolerance}) and by more than its floor ({@link #floor});
 *   <li><b>consistency</b>: the pairs agree, at least {@link #agreeing} of them worse by more than
 *       half the tolerance each (against a baseline, each trial against the baseline's median): a
 *       burst that hit one trial moves one pair, not the median and most pairs;
 *   <li><b>per second too</b> (CPU and allocation): the candidate used more of it per second of its
 *       runs (per transaction times tps) by more than half the tolerance (a fifth for the server's
 *       CPU: {@link Rule#of}), not only per transaction. A run's one-time costs (a fresh JVM's
 *       class loading and interpreted code, a backend's first catalog reads) are spread over its
 *       transactions, so a build whose server got slower shows more CPU and allocation per
 *       transaction in unchanged code: fewer transactions, not costlier ones.
 * </ul>
 *
 * The same rule the other way round is an {@link Verdict#IMPROVEMENT}. In {@code pgperf:compare}
 * fewer than {@link PairedComparison#MINIMUM_PAIRS} pairs call neither: a regression on them is
 * {@link Verdict#INCONCLUSIVE}.
 */
final class ResourceGate {

  /**
   * Server CPU per transaction may grow by this in {@code pgperf:compare}: 50%. In A/A series of
   * 2026-12-07 (docs/gate.md, "Metrics"; 3-second runs at load 9-18 on 2 cores, quiet and with a
   * busy loop on both cores) a trial's server CPU per transaction varied by 8-15% after pairing
   * quiet and by 17-36% under the busy loops, against tps' 29-50%; the median ratio of 5
   * interleaved pairs moved by at most 18% quiet, 48% under the busy loops (where only the
   * consistency of the pairs kept it from failing). Seeded simulations of 4 pairs at those noises
   * (ResourceGateSimulationTest): no false failure in 2000 quiet A/A compares, about 1% under the
   * busy loops (the confirming pairs take most of those back); 2x caught in over 90% quiet.
   */
  static final double CPU_TOLERANCE = 0.50;

  /** Client CPU per transaction: as the server's ({@link #CPU_TOLERANCE}). */
  static final double CLIENT_CPU_TOLERANCE = 0.50;

  /**
   * Allocated bytes per transaction: 30%. A/A runs allocated within 3-6% of each other after
   * pairing quiet; under busy loops 16% (the JIT's compiler threads starve, and code that is not
   * compiled yet allocates what escape analysis would have removed).
   */
  static final double ALLOC_TOLERANCE = 0.30;

  /**
   * Lock waits per transaction: 100%, i.e. twice the base's. Waits on a contended row move with the
   * clients' interleaving: tpcb-like at scale 1 with 2 clients, a trial's lock wait per transaction
   * varied by 27-57% after pairing, the median ratio of 5 pairs by up to 70%.
   */
  static final double LOCK_WAIT_TOLERANCE = 1.0;

  /**
   * ... and by more than 200 µs per transaction: one wait sample of a run of a few thousand
   * transactions is worth some µs each, and a sample's count is noisy below a few dozen.
   */
  static final double LOCK_WAIT_FLOOR_MICROS = 200;

  /** CPU grows by more than 2 µs per transaction: below it, the edges of a short run. */
  static final double CPU_FLOOR_MICROS = 2;

  /** Allocation grows by more than 256 bytes per transaction. */
  static final double ALLOC_FLOOR_BYTES = 256;

  /**
   * Against a stored baseline ({@code pgperf:check}) the tolerance is doubled: its builds ran at
   * other times, and busy loops on both cores raised the server's CPU per transaction by 60-160%
   * against quiet runs of the same code (docs/gate.md): on-CPU time leaves out the waiting for a
   * core, not what sharing one costs. A machine busier than in every baseline build makes such a
   * regression inconclusive ({@link BusyMachine}), as it does timing's.
   */
  static final double BASELINE_FACTOR = 2;

  /** The most characters of a waiting statement's text a finding shows. */
  static final int NAMED = 120;

  private final GateSettings settings;
  private final boolean paired;

  /** The resources judged here; the others are judged elsewhere (see {@link #paired}). */
  private final Set<Metric> judged;

  private ResourceGate(GateSettings settings, boolean paired, Set<Metric> judged) {
    this.settings = settings;
    this.paired = paired;
    this.judged = judged;
  }

  /**
   * For {@code pgperf:compare}: pair {@code i} is {@code base.get(i)} and {@code candidate.get(i)}.
   */
  static List<Finding> paired(
      String key,
      List<Sample> base,
      List<Sample> candidate,
      GateSettings settings,
      Function<List<Sample>, Map<String, Long>> lockWaiters) {
    return paired(key, base, candidate, settings, lockWaiters, Set.of());
  }

  /**
   * As {@link #paired(String, List, List, GateSettings, Function)}, leaving out the resources in
   * {@code statistics}: a sequential compare judges those by its paired statistics instead ({@link
   * PairedGate#PAIRED_RESOURCES}).
   */
  static List<Finding> paired(
      String key,
      List<Sample> base,
      List<Sample> candidate,
      GateSettings settings,
      Function<List<Sample>, Map<String, Long>> lockWaiters,
      Set<Metric> statistics) {
    if (base.size() != candidate.size()) {
      throw new IllegalArgumentException("pairs need as many base as candidate trials");
    }
    Set<Metric> judged = EnumSet.noneOf(Metric.class);
    for (Metric m : Metric.values()) {
      if (m.resource() && !statistics.contains(m)) {
        judged.add(m);
      }
    }
    return new ResourceGate(settings, true, judged).judge(key, base, candidate, lockWaiters);
  }

  /** For {@code pgperf:check}: {@code baseline}, the samples of the same fingerprint. */
  static List<Finding> againstBaseline(
      String key,
      List<Sample> baseline,
      List<Sample> now,
      GateSettings settings,
      Function<List<Sample>, Map<String, Long>> lockWaiters) {
    Set<Metric> all = EnumSet.noneOf(Metric.class);
    Arrays.stream(Metric.values()).filter(Metric::resource).forEach(all::add);
    return new ResourceGate(settings, false, all).judge(key, baseline, now, lockWaiters);
  }

  /**
   * What a resource may grow by before it regressed.
   *
   * @param tolerance the relative growth allowed in {@code pgperf:compare} (doubled against a
   *     stored baseline: {@link #BASELINE_FACTOR})
   * @param floor the absolute growth allowed beside it, in the metric's unit
   * @param perSecondShare the share of the tolerance by which a regression must use more per second
   *     of the run too (below); the words say it in a message
   */
  private record Rule(
      double tolerance, double floor, double perSecondShare, String perSecondWords) {

    /**
     * The share per second is half for the client's figures and a fifth for the server's CPU,
     * because a server that fills the machine's cores cannot use much more per second: an md5 of a
     * long text per returned row (bench/regression-kinds.sh's server-cpu kind) took server CPU per
     * transaction from 588 to 1,799 µs and per second only +24%, while a run's one-time costs
     * spread over fewer transactions (the live-gate IT: 16 transactions a run instead of 48) took
     * it +134% per transaction and -22% per second. Lock waits are not judged per second.
     */
    static Rule of(Metric m) {
      return switch (m) {
        case CPU -> new Rule(CPU_TOLERANCE, CPU_FLOOR_MICROS, 0.2, "a fifth of");
        case CLIENT_CPU -> new Rule(CLIENT_CPU_TOLERANCE, CPU_FLOOR_MICROS, 0.5, "half");
        case ALLOC -> new Rule(ALLOC_TOLERANCE, ALLOC_FLOOR_BYTES, 0.5, "half");
        case LOCK_WAIT -> new Rule(LOCK_WAIT_TOLERANCE, LOCK_WAIT_FLOOR_MICROS, 0, "none");
        default -> throw new IllegalArgumentException(m + " is not a resource");
      };
    }
  }

  /**
   * How many of {@code n} pairs (or trials) must agree: all of up to 4 (the default's), then all
   * but a fifth (4 of 5, 7 of 8 after the confirming pairs).
   */
  static int agreeing(int n) {
    return n <= 4 ? n : n - n / 5;
  }

  private List<Finding> judge(
      String key,
      List<Sample> base,
      List<Sample> now,
      Function<List<Sample>, Map<String, Long>> lockWaiters) {
    List<Finding> out = new ArrayList<>();
    for (Metric m : judged) {
      Finding f = judge(key, m, base, now, lockWaiters);
      if (f != null) {
        out.add(f);
      }
    }
    return out;
  }

  private Finding judge(
      String key,
      Metric m,
      List<Sample> base,
      List<Sample> now,
      Function<List<Sample>, Map<String, Long>> lockWaiters) {
    List<Sample> measuredBase = new ArrayList<>();
    List<Sample> measuredNow = new ArrayList<>();
    if (paired) {
      for (int i = 0; i < base.size(); i++) {
        if (m.measured(base.get(i).value(m)) && m.measured(now.get(i).value(m))) {
          measuredBase.add(base.get(i));
          measuredNow.add(now.get(i));
        }
      }
    } else {
      base.stream().filter(s -> m.measured(s.value(m))).forEach(measuredBase::add);
      now.stream().filter(s -> m.measured(s.value(m))).forEach(measuredNow::add);
    }
    double[] b = measuredBase.stream().mapToDouble(s -> s.value(m)).toArray();
    double[] c = measuredNow.stream().mapToDouble(s -> s.value(m)).toArray();
    if (b.length == 0 || c.length == 0) {
      return null; // not measured on one side: nothing to say beyond the result's own reason
    }
    if (m == Metric.LOCK_WAIT
        && Arrays.stream(b).allMatch(v -> v == 0)
        && Arrays.stream(c).allMatch(v -> v == 0)) {
      return null; // no lock wait seen on either side: no row to read
    }
    double mb = median(b);
    double mc = median(c);
    Rule rule = Rule.of(m);
    double tolerance = rule.tolerance() * (paired ? 1 : BASELINE_FACTOR);
    double floor = rule.floor();
    int n = c.length;
    int worse = 0;
    int better = 0;
    for (int i = 0; i < n; i++) {
      double partner = paired ? b[i] : mb;
      worse += beyond(c[i], partner, tolerance / 2, floor / 2) ? 1 : 0;
      better += beyond(partner, c[i], tolerance / 2, floor / 2) ? 1 : 0;
    }
    Verdict verdict =
        beyond(mc, mb, tolerance, floor) && worse >= agreeing(n)
            ? Verdict.REGRESSION
            : beyond(mb, mc, tolerance, floor) && better >= agreeing(n)
                ? Verdict.IMPROVEMENT
                : Verdict.PASS;
    // Per second of the run (per transaction times tps): a run's one-time costs (a fresh JVM's
    // class loading and interpreted code, a backend's first catalog reads) are spread over its
    // transactions, so fewer transactions (a slower server, a slower client) raise the figure per
    // transaction while the work per second stays. The live-gate build whose server function got
    // 3x slower allocated 33.5 kB -> 109 kB per transaction in unchanged client code (16
    // transactions a run instead of 48), 520 -> 570 kB per second. A resource that regressed
    // uses more per second too, by its share of the tolerance (Rule.of).
    double rateChange = rateChange(m, measuredBase, measuredNow);
    double rateMargin = tolerance * rule.perSecondShare();
    boolean fewerTransactions =
        verdict == Verdict.REGRESSION && rateChange <= rateMargin
            || verdict == Verdict.IMPROVEMENT && -rateChange <= rateMargin;
    if (fewerTransactions) {
      verdict = Verdict.PASS;
    }
    if (paired && n < PairedComparison.MINIMUM_PAIRS && verdict != Verdict.PASS) {
      // Two pairs of a cold start agree too easily: an A/A compare of 1-second runs on a busy
      // machine put one side's client CPU 44% below the other's in both of its 2 pairs.
      verdict = verdict == Verdict.REGRESSION ? Verdict.INCONCLUSIVE : Verdict.PASS;
    }
    String what = m.words();
    String figures =
        paired
            ? "medians of " + count(n) + " interleaved"
            : "medians of " + b.length + " baseline samples and " + count(n);
    String allowance =
        "tolerance "
            + Judge.percent(tolerance)
            + " and "
            + value(floor, m)
            + (paired ? "" : ", doubled against a stored baseline");
    String message =
        switch (verdict) {
          case REGRESSION ->
              key
                  + ": "
                  + m.label()
                  + " regressed: "
                  + what
                  + " "
                  + value(mb, m)
                  + " -> "
                  + value(mc, m)
                  + " ("
                  + change(mc, mb)
                  + ", more than the "
                  + allowance
                  + "), "
                  + worse
                  + " of "
                  + count(n)
                  + " worse by more than half of it ("
                  + figures
                  + ")"
                  + (m == Metric.LOCK_WAIT ? waiting(lockWaiters.apply(measuredNow)) : "");
          case INCONCLUSIVE ->
              key
                  + ": "
                  + m.label()
                  + " inconclusive: "
                  + what
                  + " "
                  + value(mb, m)
                  + " -> "
                  + value(mc, m)
                  + " ("
                  + change(mc, mb)
                  + ", more than the "
                  + allowance
                  + ") on "
                  + count(n)
                  + ", and at least "
                  + PairedComparison.MINIMUM_PAIRS
                  + " are needed to call it ("
                  + figures
                  + "; run more with "
                  + Judge.PAIRS
                  + ")";
          case IMPROVEMENT ->
              key
                  + ": "
                  + m.label()
                  + " improved: "
                  + what
                  + " "
                  + value(mb, m)
                  + " -> "
                  + value(mc, m)
                  + " ("
                  + change(mc, mb)
                  + "), "
                  + better
                  + " of "
                  + count(n)
                  + " better ("
                  + figures
                  + ")";
          default ->
              fewerTransactions
                  ? key
                      + ": "
                      + m.label()
                      + " passed: "
                      + what
                      + " "
                      + value(mb, m)
                      + " -> "
                      + value(mc, m)
                      + " ("
                      + change(mc, mb)
                      + "), but per second of the run only "
                      + Judge.signedPercent(rateChange)
                      + ": the transactions got "
                      + (mc > mb ? "fewer, not costlier" : "more, not cheaper")
                      + " (a run's one-time"
                      + " costs spread over them; a regression uses more per second too, by "
                      + rule.perSecondWords()
                      + " the "
                      + allowance
                      + "; "
                      + figures
                      + ")"
                  : key
                      + ": "
                      + m.label()
                      + " passed: "
                      + what
                      + " "
                      + value(mb, m)
                      + " -> "
                      + value(mc, m)
                      + " ("
                      + change(mc, mb)
                      + "; a regression is more than the "
                      + allowance
                      + " with "
                      + agreeing(n)
                      + " of "
                      + count(n)
                      + " agreeing; "
                      + figures
                      + ")";
        };
    String summary =
        verdict == Verdict.PASS ? "" : what + " " + value(mb, m) + " -> " + value(mc, m);
    return new Finding(
        key,
        m,
        verdict,
        settings.action(verdict),
        message,
        null,
        new WorkChange(
            m.label() + " (" + what + ")", value(mb, m), value(mc, m), change(mc, mb), summary),
        List.of());
  }

  /**
   * How much more of {@code m} the candidate used per second of its runs than the base, medians
   * against medians; NaN for lock waits, where time waited per second is not the question, and when
   * tps is not known. Per run, in fact (per transaction times the run's transactions), where every
   * sample knows its transactions: both sides ran one setup, so timed runs are equally long and per
   * run is per second; and runs of a number of transactions ran as many on both sides, so their
   * one-time costs were spread alike and per run is per transaction. Per transaction times tps
   * would call a client that spins 1 ms more per transaction "fewer, not costlier" in such runs: on
   * busy cores it cannot use more CPU per second, and it took 16x the time per transaction
   * (ResourceGateLiveTest, failing that way under two busy loops and a compare beside it).
   */
  private static double rateChange(Metric m, List<Sample> base, List<Sample> now) {
    if (m == Metric.LOCK_WAIT) {
      return Double.NaN;
    }
    boolean counted =
        base.stream().allMatch(s -> s.transactions() > 0)
            && now.stream().allMatch(s -> s.transactions() > 0);
    ToDoubleFunction<Sample> perRun =
        counted ? s -> s.value(m) * s.transactions() : s -> s.value(m) * s.value(Metric.TPS);
    double b = median(base.stream().mapToDouble(perRun).toArray());
    double c = median(now.stream().mapToDouble(perRun).toArray());
    return b > 0 && c > 0 ? c / b - 1 : Double.NaN;
  }

  /** Whether {@code a} exceeds {@code b} by more than the fraction and the floor. */
  private static boolean beyond(double a, double b, double fraction, double floor) {
    return a > b * (1 + fraction) && a - b > floor;
  }

  /** The statements seen waiting on a lock, most seen first, for a lock-wait regression. */
  private static String waiting(Map<String, Long> statements) {
    if (statements == null || statements.isEmpty()) {
      return "; the statements waiting were not recorded";
    }
    long all = statements.values().stream().mapToLong(Long::longValue).sum();
    List<String> named =
        statements.entrySet().stream()
            .sorted(
                Map.Entry.<String, Long>comparingByValue()
                    .reversed()
                    .thenComparing(Map.Entry.comparingByKey()))
            .limit(3)
            .map(
                e ->
                    String.format(
                        Locale.ROOT,
                        "%s (%.0f%% of the lock wait samples)",
                        named(e.getKey()),
                        100.0 * e.getValue() / all))
            .toList();
    return "; waiting: " + String.join(", ", named);
  }

  /** A statement on one line, cut after {@link #NAMED} characters. */
  private static String named(String text) {
    String t = text.strip().replaceAll("\\s+", " ");
    return t.length() <= NAMED ? t : t.substring(0, NAMED - 1) + "…";
  }

  /** {@code 4 pairs}, {@code 1 trial}. */
  private String count(int n) {
    return n + (paired ? (n == 1 ? " pair" : " pairs") : (n == 1 ? " trial" : " trials"));
  }

  private static String change(double now, double before) {
    if (before == 0) {
      return now == 0 ? "+0.0%" : "new";
    }
    return Judge.signedPercent(now / before - 1);
  }

  static String value(double v, Metric m) {
    if (m == Metric.ALLOC) {
      return String.format(Locale.ROOT, "%,.0f bytes", v);
    }
    return v < 10
        ? String.format(Locale.ROOT, "%.1f µs", v)
        : String.format(Locale.ROOT, "%,.0f µs", v);
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
