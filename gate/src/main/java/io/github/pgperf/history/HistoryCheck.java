package io.github.pgperf.history;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.BusyMachine;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.Metric;
import io.github.pgperf.gate.Verdict;
import io.github.pgperf.gate.WorkChange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges a build's tests against their history: for every test of the build and every metric, the
 * series on the build's own fingerprint, its change points ({@link EDivisive}), and a {@link
 * Verdict#CHANGE_POINT} when the newest change point is for the worse (tps down, latency or work
 * up; work by more than its floor), not reported before, and for timing not explained by a machine
 * busier from then on ({@link BusyMachine}'s margin on each point's {@code othersShare}). Each
 * series' row says what it found.
 */
public final class HistoryCheck {

  /**
   * One series judged: its change points and the finding about its newest.
   *
   * @param series the series
   * @param changePoints its change points, in order
   * @param finding the finding of the series' row
   */
  public record Judged(Series series, List<ChangePoint> changePoints, Finding finding) {
    public Judged {
      changePoints = List.copyOf(changePoints);
    }
  }

  /**
   * The outcome.
   *
   * @param report the findings, for the gate's outputs
   * @param judged every series judged, for the report's charts
   * @param reported the changes reported now, to store with the build's points
   */
  public record Outcome(CheckReport report, List<Judged> judged, List<ReportedChange> reported) {
    public Outcome {
      judged = List.copyOf(judged);
      reported = List.copyOf(reported);
    }
  }

  /**
   * The fewest builds at the old level a change for the worse is reported after, the gate's {@link
   * GateSettings#MINIMUM_BASELINE_BUILDS}: from fewer the old level is too loosely known, and
   * E-divisive, which tries every split, finds a significant-looking one among the first builds of
   * a noisy series (docs/history.md).
   */
  public static final int MINIMUM_BUILDS_BEFORE = GateSettings.MINIMUM_BASELINE_BUILDS;

  /**
   * The fewest builds at the new level a change for the worse is reported after: one build off its
   * level (a noisy neighbour for its whole run) is not reported alone. In 200 seeded 12-build
   * simulations (HistorySimulationTest) it cut the false reports from 60 to 40 and delays a real
   * one by a build.
   */
  public static final int MINIMUM_BUILDS_AFTER = 2;

  private final HistorySettings settings;

  public HistoryCheck(HistorySettings settings) {
    this.settings = settings;
  }

  /**
   * Judges {@code build}'s points against {@code history} (which may hold them already).
   *
   * @param current this build's points, one per test
   * @param now when the changes are reported
   */
  public Outcome check(History history, List<HistoryRecord> current, String where, Instant now) {
    List<HistoryRecord> all = new ArrayList<>(history.records());
    all.addAll(current);
    List<Finding> findings = new ArrayList<>();
    List<Judged> judged = new ArrayList<>();
    List<ReportedChange> reported = new ArrayList<>();
    List<HistoryRecord> tests =
        current.stream().sorted(java.util.Comparator.comparing(HistoryRecord::test)).toList();
    for (HistoryRecord point : tests) {
      for (HistoryMetric metric : settings.metrics()) {
        String fingerprint = point.fingerprint(metric);
        if (fingerprint == null || point.value(metric) == null) {
          continue;
        }
        Series whole = Series.of(all, point.test(), metric, fingerprint);
        // Timing from a build whose machine others kept far busier than in the series' other
        // builds says more of the machine than of the code; next to a real change it takes the
        // change's place (a 12-build demo at load 5-10 placed the index's tps and p50 changes at
        // the busy build before it). Work does not depend on the machine and keeps every build.
        List<HistoryRecord> busy =
            metric.work() ? List.of() : whole.busierThanUsual(BusyMachine.BUSIER_BY);
        Series series = whole.without(busy);
        if (series.points().isEmpty()) {
          continue;
        }
        List<ChangePoint> points =
            new EDivisive(settings.detection()).changePoints(series.values());
        Finding finding =
            judge(
                series,
                points,
                history.reported(),
                point.build().build(),
                now,
                reported,
                busy.isEmpty() ? "" : leftOut(busy));
        findings.add(finding);
        judged.add(new Judged(series, points, finding));
      }
    }
    String builds =
        current.stream()
            .map(r -> r.build().build())
            .distinct()
            .reduce((a, b) -> a + ", " + b)
            .orElse("no build");
    return new Outcome(
        new CheckReport(findings, settings.gateSettings(), "build " + builds, "history " + where),
        judged,
        reported);
  }

  private Finding judge(
      Series series,
      List<ChangePoint> points,
      List<ReportedChange> earlier,
      String build,
      Instant now,
      List<ReportedChange> reported,
      String note) {
    HistoryMetric metric = series.metric();
    int n = series.points().size();
    String subject = series.test() + ": " + metric.words();
    if (points.isEmpty()) {
      double latest = series.values()[n - 1];
      return noted(
          note,
          series,
          Verdict.PASS,
          subject + ": no change point in " + builds(n),
          new WorkChange(metric.words(), "-", metric.format(latest), "-", ""));
    }
    ChangePoint newest = points.get(points.size() - 1);
    Segments s = newest.segments();
    HistoryRecord first = series.points().get(newest.index());
    String change = signedPercent(s.forwardChange());
    WorkChange cells =
        new WorkChange(
            metric.words(),
            metric.format(s.meanBefore()),
            metric.format(s.meanAfter()),
            change,
            metric.words()
                + " "
                + metric.format(s.meanBefore())
                + " -> "
                + metric.format(s.meanAfter()));
    String what =
        subject
            + " changed "
            + change
            + " at build "
            + first.build().build()
            + " (commits "
            + series.commitRange(newest.index())
            + ", "
            + first.build().time().toString().substring(0, 10)
            + "): "
            + metric.format(s.meanBefore())
            + " -> "
            + metric.format(s.meanAfter())
            + ", p "
            + p(s.pValue())
            + ", "
            + builds(s.countBefore())
            + " before and "
            + builds(s.countAfter())
            + " since";
    boolean worse = metric.worse(s.meanBefore(), s.meanAfter());
    boolean beyondFloor = Math.abs(s.meanAfter() - s.meanBefore()) > metric.floor();
    if (!beyondFloor) {
      return noted(
          note,
          series,
          Verdict.PASS,
          what + "; within the metric's floor of " + metric.format(metric.floor()),
          cells);
    }
    if (!worse) {
      return noted(note, series, Verdict.IMPROVEMENT, what, cells);
    }
    if (s.countBefore() < MINIMUM_BUILDS_BEFORE) {
      return noted(
          note,
          series,
          Verdict.PASS,
          what + "; not reported: fewer than " + MINIMUM_BUILDS_BEFORE + " builds before it",
          cells);
    }
    if (s.countAfter() < MINIMUM_BUILDS_AFTER) {
      return noted(
          note,
          series,
          Verdict.PASS,
          what + "; not reported until " + MINIMUM_BUILDS_AFTER + " builds show it",
          cells);
    }
    int previous = points.size() > 1 ? points.get(points.size() - 2).index() : 0;
    if (!metric.work()) {
      double mostBefore = extreme(series, previous, newest.index(), true);
      double leastAfter = extreme(series, newest.index(), n, false);
      if (leastAfter > mostBefore + BusyMachine.BUSIER_BY) {
        return noted(
            note,
            series,
            Verdict.PASS,
            what
                + String.format(
                    Locale.ROOT,
                    "; not reported:"
                        + " the machine was busier from that build on (other processes took at least %.0f%%"
                        + " of its CPU in every build since, at most %.0f%% before), so a slowdown cannot be"
                        + " told from the machine's",
                    100 * leastAfter,
                    100 * mostBefore),
            cells);
      }
    }
    for (ReportedChange r : earlier) {
      int at = series.indexOf(r.changeBuild());
      if (r.test().equals(series.test())
          && r.metric().equals(metric.label())
          && r.fingerprint().equals(series.fingerprint())
          && !r.reportedIn().equals(build)
          && at > previous) {
        return noted(
            note,
            series,
            Verdict.PASS,
            what + "; already reported in build " + r.reportedIn(),
            cells);
      }
    }
    reported.add(
        new ReportedChange(
            series.test(),
            metric.label(),
            series.fingerprint(),
            first.build().build(),
            build,
            now));
    return noted(note, series, Verdict.CHANGE_POINT, what, cells);
  }

  /** What the message says of the builds left out of a timing series. */
  private static String leftOut(List<HistoryRecord> busy) {
    StringBuilder b = new StringBuilder("; left out, run on a machine busier than usual:");
    String sep = " ";
    for (HistoryRecord r : busy) {
      b.append(sep)
          .append(r.build().build())
          .append(String.format(Locale.ROOT, " (others %.0f%%)", 100 * r.othersShare()));
      sep = ", ";
    }
    return b.toString();
  }

  /**
   * The most ({@code most}) or least share of the machine others took in the builds {@code [from,
   * to)} of the series; NaN when a build did not measure it (then no rule applies).
   */
  private static double extreme(Series series, int from, int to, boolean most) {
    double extreme = most ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    for (int i = from; i < to; i++) {
      double share = series.points().get(i).othersShare();
      if (Double.isNaN(share)) {
        return Double.NaN;
      }
      extreme = most ? Math.max(extreme, share) : Math.min(extreme, share);
    }
    return extreme;
  }

  private Finding noted(
      String note, Series series, Verdict verdict, String message, WorkChange cells) {
    return finding(series, verdict, message + note, cells);
  }

  private Finding finding(Series series, Verdict verdict, String message, WorkChange cells) {
    Metric timing = series.metric().work() ? null : Metric.parse(series.metric().label());
    Action action = verdict == Verdict.CHANGE_POINT ? settings.onChangePoint() : Action.PASS;
    return new Finding(series.test(), timing, verdict, action, message, null, cells, List.of());
  }

  private static String builds(int n) {
    return n + (n == 1 ? " build" : " builds");
  }

  private static String signedPercent(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * fraction);
  }

  private static String p(double p) {
    return p < 0.0001 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", p);
  }
}
