package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * How the gate decides.
 *
 * @param level one-sided significance level of the whole build: a change counts as clear when its
 *     p-value, adjusted over all the build's tests and metrics ({@link BuildFamily}), is below it
 *     (default {@value #DEFAULT_LEVEL}), so a build with no change fails at most this often
 * @param minimumEffect the smallest change that matters, as a fraction (default {@value
 *     #DEFAULT_MINIMUM_EFFECT}, 5%); smaller changes pass even when clear
 * @param metrics the metrics compared, in report order
 * @param actions what each configurable outcome does; outcomes not given keep their default
 */
public record GateSettings(
    double level, double minimumEffect, List<Metric> metrics, Map<Verdict, Action> actions) {

  /** Default significance level. */
  public static final double DEFAULT_LEVEL = 0.005;

  /** Default minimum effect: 5%. */
  public static final double DEFAULT_MINIMUM_EFFECT = 0.05;

  /** Default metrics: tps, median and 99th percentile latency. */
  public static final List<Metric> DEFAULT_METRICS = List.of(Metric.TPS, Metric.P50, Metric.P99);

  /**
   * The fewest baseline builds a timing regression can be called on: the noise between builds is
   * estimated from the baseline's builds, and with fewer than three that estimate is too loose to
   * call any change certain (the verdict is inconclusive instead).
   */
  public static final int MINIMUM_BASELINE_BUILDS = 3;

  // Work tolerances. PROVISIONAL until the A/A spread is measured as issue 13 asks (20 A/A runs
  // under different loads). Work counters are nearly but not exactly constant: hint bits, HOT
  // pruning, autovacuum, buffer eviction, a backend's first catalog lookups and, above all, row
  // contention (a statement on a hot row walks longer HOT chains and re-reads rows it waited for,
  // more so the more transactions ran) move them. 7 A/A runs of the example's tests (docs/gate.md)
  // spread by up to 2.27x on statements on hot rows (TPC-B's pgbench_branches UPDATE at scale 1,
  // the ledger's SELECT ... FOR UPDATE), up to 1.32x per transaction, 1.08x in WAL: 25% gave false
  // WORK_REGRESSIONs in 4 of 6 A/A comparisons. A work regression needs the candidate's value to
  // exceed the baseline's largest by more than the relative tolerance AND by more than the
  // metric's floor: the floor keeps small counters (1 -> 3 temp blocks per call) quiet.

  /** Work grows by more than this fraction of the baseline's largest value: 200%, i.e. over 3x. */
  public static final double WORK_TOLERANCE = 2.0;

  /**
   * The least tolerance of the shared blocks per call of a statement that changes or locks the rows
   * it reads ({@code work.StatementShape.changesOrLocksRows}): 500%, over 6x. Each of its calls
   * leaves row versions for the next to step over, and how many pruning and autovacuum took away
   * depends on the run: the example's transfer's {@code SELECT ... FOR UPDATE} read 11.7 to 30.1
   * blocks per call in 12 builds of one trial on one machine (2.6x), and 15.1 then 49.1 (3.25x) in
   * two unchanged builds of a CI run, which 200% failed. Reads keep {@link #WORK_TOLERANCE}: a lost
   * index multiplies theirs (the example's statement by 6.7x), and the writes' per-transaction
   * blocks and WAL stay at it too.
   */
  public static final double WORK_TOLERANCE_CHANGING_ROWS = 5.0;

  /**
   * Commits and rollbacks per transaction come from {@code pg_stat_database}, which counts every
   * transaction in the database, not only the run's: autovacuum's and autoanalyze's, and the
   * capture's own reads. Compared exactly, they may grow by this many per transaction besides the
   * runs' edges. A CI run's unchanged build read 1.13 commits per transaction against a baseline of
   * 1 (a 1-second run at 50 tps, 47 transactions, right after the class's data load): 6 commits not
   * the run's. A transaction that commits more often adds at least one per transaction.
   */
  public static final double WORK_STRAY_COMMITS = 0.5;

  /** ... and by more than this many shared or temp blocks per call (or per transaction). */
  public static final double WORK_BLOCKS_FLOOR = 1;

  /** ... and by more than this many rows per call. */
  public static final double WORK_ROWS_FLOOR = 1;

  /** ... and by more than this many calls, statements, commits or WAL records per transaction. */
  public static final double WORK_CALLS_FLOOR = 1;

  /** ... and by more than this many WAL bytes per transaction (a WAL record is 50 to 200 bytes). */
  public static final double WORK_WAL_BYTES_FLOOR = 512;

  /**
   * A statement's per-call work is compared only when both sides called it at least this often:
   * with few calls, a backend's first catalog lookups (tens of blocks, once per connection) weigh
   * on every call's share.
   */
  public static final long WORK_MINIMUM_CALLS = 50;

  public GateSettings {
    if (!(level > 0 && level < 0.5)) {
      throw new IllegalArgumentException("level must be above 0 and below 0.5, not " + level);
    }
    if (!(minimumEffect >= 0 && minimumEffect < 1)) {
      throw new IllegalArgumentException(
          "minimum effect must be at least 0 and below 1 (a fraction), not " + minimumEffect);
    }
    if (metrics.isEmpty()) {
      throw new IllegalArgumentException("at least one metric must be compared");
    }
    metrics = List.copyOf(metrics);
    Map<Verdict, Action> all = new EnumMap<>(Verdict.class);
    for (Verdict v : Verdict.values()) {
      all.put(v, v.defaultAction());
    }
    actions.forEach(
        (verdict, action) -> {
          if (!verdict.configurable()) {
            throw new IllegalArgumentException(verdict + " cannot be configured to " + action);
          }
          all.put(verdict, action);
        });
    actions = Map.copyOf(all);
  }

  /** The defaults. */
  public static GateSettings defaults() {
    return new GateSettings(DEFAULT_LEVEL, DEFAULT_MINIMUM_EFFECT, DEFAULT_METRICS, Map.of());
  }

  /**
   * A fraction written as {@code 0.05} or {@code 5%}.
   *
   * @throws IllegalArgumentException naming {@code what} and the text when it is not a number
   */
  public static double parseFraction(String text, String what) {
    String t = text == null ? "" : text.strip();
    try {
      return t.endsWith("%")
          ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100
          : Double.parseDouble(t);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          what + " must be a number such as 0.05 or 5%, not \"" + text + "\"");
    }
  }

  /**
   * Metrics written as a comma-separated list, e.g. {@code tps,p50,p99}.
   *
   * @throws IllegalArgumentException naming an unknown metric
   */
  public static List<Metric> parseMetrics(String text) {
    List<Metric> metrics = new ArrayList<>();
    for (String part : (text == null ? "" : text).split(",")) {
      if (!part.isBlank()) {
        Metric m = Metric.parse(part);
        if (!metrics.contains(m)) {
          metrics.add(m);
        }
      }
    }
    return metrics;
  }

  /** What {@code verdict} does to the build. */
  public Action action(Verdict verdict) {
    return actions.get(verdict);
  }
}
