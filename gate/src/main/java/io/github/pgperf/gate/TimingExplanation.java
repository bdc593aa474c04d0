package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a timing finding of one test says beside it, so the log says why the time moved: the same
 * test's work findings, its work per transaction, and the wait events whose share moved beyond the
 * baseline's spread ({@link WaitShift}).
 *
 * <p>A REGRESSION always carries the work per transaction, changed or not: "the database did the
 * same work" points at the machine or the code outside the database, "it did more" at the database.
 * An INCONCLUSIVE finding, which the gate gives often (a baseline of fewer than 3 builds, a noisy
 * machine), carries only what changed, so that it stays short when nothing did.
 */
final class TimingExplanation {

  /** The per-transaction figures printed, in this order; temp blocks only where there are some. */
  private static final List<WorkMetric> PER_TRANSACTION =
      List.of(
          WorkMetric.SHARED_BLOCKS_PER_TRANSACTION,
          WorkMetric.TEMP_BLOCKS_PER_TRANSACTION,
          WorkMetric.WAL_BYTES_PER_TRANSACTION);

  private final List<String> workFindings;

  /** Each per-transaction figure as printed ({@code shared blocks 3 -> 3.02}); empty without. */
  private final List<String> perTransaction;

  /** Whether a per-transaction figure moved beyond the baseline's range by more than its floor. */
  private final boolean workMoved;

  /** Whether both sides had wait events to compare. */
  private final boolean waitsCompared;

  private final List<WaitShift> shifts;

  private TimingExplanation(
      List<String> workFindings,
      List<String> perTransaction,
      boolean workMoved,
      boolean waitsCompared,
      List<WaitShift> shifts) {
    this.workFindings = workFindings;
    this.perTransaction = perTransaction;
    this.workMoved = workMoved;
    this.waitsCompared = waitsCompared;
    this.shifts = shifts;
  }

  /**
   * The explanation for test samples {@code now} against {@code before}.
   *
   * @param work the test's work findings ({@link WorkGate#compare})
   */
  static TimingExplanation of(List<Sample> now, List<Sample> before, List<Finding> work) {
    List<String> findings =
        work.stream()
            .filter(f -> f.verdict() != Verdict.PASS && f.work() != null)
            .sorted(Comparator.comparing(Finding::verdict)) // a changed plan first: it says why
            .map(f -> f.work().summary())
            .toList();
    Comparator<Sample> order =
        Comparator.comparing(Sample::startedAt).thenComparing(Sample::source);
    List<Sample> candidate = now.stream().sorted(order).toList();
    List<Sample> comparable =
        candidate.isEmpty()
            ? List.of()
            : Gate.sameSetup(before, candidate.get(candidate.size() - 1).fingerprint());

    // Work per transaction on its own fingerprint, as the work gate compares it.
    List<Sample> nowWork =
        candidate.stream()
            .filter(s -> s.work() != null && s.work().perTransaction() != null)
            .toList();
    List<String> figures = new ArrayList<>();
    boolean moved = false;
    if (!nowWork.isEmpty()) {
      WorkFingerprint print = nowWork.get(nowWork.size() - 1).work().fingerprint();
      List<Sample> c = nowWork.stream().filter(s -> s.work().fingerprint().equals(print)).toList();
      List<Sample> b =
          before.stream()
              .filter(
                  s ->
                      s.work() != null
                          && s.work().perTransaction() != null
                          && s.work().fingerprint().equals(print))
              .toList();
      if (!b.isEmpty()) {
        for (WorkMetric m : PER_TRANSACTION) {
          DoubleSummaryStatistics was = values(b, m);
          DoubleSummaryStatistics is = values(c, m);
          if (was.getCount() == 0
              || is.getCount() == 0
              || m == WorkMetric.TEMP_BLOCKS_PER_TRANSACTION
                  && was.getMax() == 0
                  && is.getMax() == 0) {
            continue;
          }
          boolean beyond =
              is.getMin() - was.getMax() > m.floor() || was.getMin() - is.getMax() > m.floor();
          moved |= beyond;
          figures.add(
              words(m)
                  + " "
                  + WorkMetric.format(was.getAverage())
                  + " -> "
                  + WorkMetric.format(is.getAverage())
                  + (beyond
                      ? " (beyond the baseline's "
                          + WorkMetric.format(was.getMin())
                          + " to "
                          + WorkMetric.format(was.getMax())
                          + ")"
                      : ""));
        }
      }
    }

    // Wait events only between samples of one setup: their shares depend on the machine.
    List<Map<String, Double>> waitsBefore = waits(comparable);
    List<Map<String, Double>> waitsNow = waits(candidate);
    boolean waitsCompared = !waitsBefore.isEmpty() && !waitsNow.isEmpty();
    return new TimingExplanation(
        findings,
        List.copyOf(figures),
        moved,
        waitsCompared,
        WaitShift.between(waitsBefore, waitsNow));
  }

  /**
   * {@code f} with the explanation appended when it is a REGRESSION (small or not) or INCONCLUSIVE
   * and there is something to say; other findings as they are.
   */
  Finding explain(Finding f) {
    String text =
        switch (f.verdict()) {
          case REGRESSION, SMALL_REGRESSION -> text(true);
          case INCONCLUSIVE -> text(false);
          default -> "";
        };
    return text.isEmpty() ? f : f.withMessage(text);
  }

  /** The text appended: each part starts with {@code "; "}. */
  String text(boolean regression) {
    StringBuilder out = new StringBuilder();
    if (!workFindings.isEmpty()) {
      out.append("; work: ").append(shortList(workFindings));
    }
    if (!perTransaction.isEmpty() && (regression || workMoved)) {
      out.append(
              workMoved
                  ? "; work per transaction changed: "
                  : "; work per transaction as in the baseline: ")
          .append(String.join(", ", perTransaction));
    }
    if (!shifts.isEmpty()) {
      out.append("; waits: ")
          .append(String.join(", ", shifts.stream().map(WaitShift::text).toList()));
    } else if (regression && waitsCompared) {
      out.append("; no wait event's share moved beyond the baseline's spread");
      if (!perTransaction.isEmpty() && !workMoved && workFindings.isEmpty()) {
        // Shares, not times: a wait that grew longer in every transaction alike (a slower lock
        // holder, a longer pg_sleep) keeps its share, so this names where to look, not a verdict.
        out.append(
            ": the database did the same work with the same mix of waits; look at the"
                + " machine, the code outside the database, or a wait that grew longer alike");
      }
    }
    return out.toString();
  }

  /** {@code shared blocks}: the metric's words without "per transaction", said once before. */
  private static String words(WorkMetric m) {
    return m.words().replace(" per transaction", "");
  }

  private static DoubleSummaryStatistics values(List<Sample> samples, WorkMetric m) {
    return samples.stream()
        .mapToDouble(s -> s.work().value(m))
        .filter(Double::isFinite)
        .summaryStatistics();
  }

  private static List<Map<String, Double>> waits(List<Sample> samples) {
    return samples.stream()
        .map(Sample::work)
        .filter(Objects::nonNull)
        .map(Work::waits)
        .filter(Objects::nonNull)
        .toList();
  }

  /** The first three changes, and how many more. */
  private static String shortList(List<String> changes) {
    String first = String.join("; ", changes.subList(0, Math.min(3, changes.size())));
    return changes.size() <= 3 ? first : first + "; and " + (changes.size() - 3) + " more";
  }
}
