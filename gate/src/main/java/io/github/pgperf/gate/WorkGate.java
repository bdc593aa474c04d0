package io.github.pgperf.gate;

import io.github.pgperf.plan.PlanDiff;
import io.github.pgperf.plan.PlanShape;
import io.github.pgperf.work.StatementShape;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The gate's second family: compares one test's work (plans, blocks, rows, WAL per call or per
 * transaction) with the baseline samples of the same {@link WorkFingerprint}, whatever machine they
 * ran on. Counters are compared on extremes, not means: this build's smallest value over its trials
 * against the baseline's largest over all its kept builds, so a regression is one every trial
 * shows, beyond everything the baseline ever saw, by more than the tolerance and the metric's floor
 * ({@link WorkMetric#regressed}). A plan is compared with every plan of its command in the
 * baseline's builds: plans of tiny, hot tables flip between unchanged builds.
 */
final class WorkGate {

  /** Statement text longer than this is cut in table cells (the sentence has it whole). */
  private static final int CELL_TEXT = 40;

  /** New or gone statements named in a finding's sentence; check.json lists them all. */
  static final int NAMED_STATEMENTS = 3;

  /** The finding of statements new on every transaction, by its {@link WorkChange#what}. */
  static final String EVERY_TRANSACTION = "calls per transaction";

  /** The finding of nested statements new on every transaction, by its {@link WorkChange#what}. */
  static final String NESTED_EVERY_TRANSACTION = "calls per transaction of nested statements";

  /** How a nested statement is named beside its calls per transaction. */
  static final String NESTED = "nested: run by a trigger or function";

  private final GateSettings settings;

  WorkGate(GateSettings settings) {
    this.settings = settings;
  }

  /** The work findings of test {@code key}; empty when either side has no comparable work. */
  List<Finding> compare(String key, List<Sample> now, List<Sample> before) {
    Comparator<Sample> order =
        Comparator.comparing(Sample::startedAt).thenComparing(Sample::source);
    List<Sample> withWork = now.stream().filter(s -> s.work() != null).sorted(order).toList();
    if (withWork.isEmpty()) {
      return List.of();
    }
    WorkFingerprint print = withWork.get(withWork.size() - 1).work().fingerprint();
    List<Sample> candidate =
        withWork.stream().filter(s -> s.work().fingerprint().equals(print)).toList();
    List<Sample> base =
        before.stream()
            .filter(s -> s.work() != null && s.work().fingerprint().equals(print))
            .sorted(order)
            .toList();
    if (base.isEmpty()) {
      return List.of();
    }
    // Counters pg_stat_statements left short are compared on neither side: said, not judged.
    List<Sample> completeNow = complete(candidate);
    List<Sample> completeBase = complete(base);
    List<Finding> out = new ArrayList<>();
    int compared = 0;
    for (WorkMetric m : WorkMetric.PER_TRANSACTION) {
      compared +=
          counter(key, null, false, m, completeBase, completeNow, s -> s.work().value(m), out);
    }
    compared += statements(key, base, candidate, completeBase, completeNow, false, out);
    // Only where both sides saw them (pg_stat_statements.track = all): a baseline recorded without
    // them would make every trigger's statement new.
    compared += statements(key, base, candidate, completeBase, completeNow, true, out);
    if (out.stream().anyMatch(f -> f.work() != null && f.work().what().equals(EVERY_TRANSACTION))) {
      // The new statements' finding says the same with their names.
      out.removeIf(
          f ->
              f.work() != null
                  && f.work().what().equals(WorkMetric.STATEMENTS_PER_TRANSACTION.words()));
    }
    compared += plans(key, base, candidate, out);
    if (completeNow.size() < candidate.size() || completeBase.size() < base.size()) {
      out.add(incomplete(key, candidate, completeNow, base, completeBase));
    }
    boolean regressed =
        out.stream()
            .anyMatch(
                f -> f.verdict() == Verdict.WORK_REGRESSION || f.verdict() == Verdict.PLAN_CHANGED);
    if (compared > 0 && !regressed) {
      out.add(
          new Finding(
              key,
              null,
              Verdict.PASS,
              settings.action(Verdict.PASS),
              key
                  + ": work as in the baseline: "
                  + compared
                  + " work figures and plans compared with "
                  + samples(base.size())
                  + " of "
                  + builds(base)
                  + " (counts the baseline held constant compared exactly, other"
                  + " counters regress above the baseline's largest by more than its spread, at least "
                  + Judge.percent(GateSettings.WORK_TOLERANCE)
                  + ", and their floor; work"
                  + " fingerprint PostgreSQL "
                  + print.postgres()
                  + ", "
                  + print.workload()
                  + ")",
              null,
              new WorkChange(
                  "work", count(base.size(), "sample"), count(candidate.size(), "trial"), "-", ""),
              List.of()));
    }
    return out;
  }

  /** The samples whose statement counters are complete (or not known to be incomplete). */
  private static List<Sample> complete(List<Sample> samples) {
    return samples.stream().filter(s -> !s.work().statementsIncomplete()).toList();
  }

  /** The finding saying which runs' statement counters are incomplete, and what was compared. */
  private Finding incomplete(
      String key,
      List<Sample> now,
      List<Sample> completeNow,
      List<Sample> base,
      List<Sample> completeBase) {
    List<String> where = new ArrayList<>();
    int shortNow = now.size() - completeNow.size();
    int shortBase = base.size() - completeBase.size();
    if (shortNow > 0) {
      where.add(shortNow + " of " + trials(now.size()));
    }
    if (shortBase > 0) {
      where.add(shortBase + " of " + samples(base.size()));
    }
    String compared =
        completeNow.isEmpty() || completeBase.isEmpty()
            ? "per-statement and per-transaction figures not compared"
            : "per-statement and per-transaction figures compared on the complete runs only ("
                + trials(completeNow.size())
                + ", "
                + samples(completeBase.size())
                + ")";
    return new Finding(
        key,
        null,
        Verdict.INCOMPLETE_WORK,
        settings.action(Verdict.INCOMPLETE_WORK),
        key
            + ": statement counters incomplete in "
            + String.join(" and ", where)
            + ": pg_stat_statements evicted entries during those runs (more distinct statements"
            + " than pg_stat_statements.max keeps; raise it), so their counters may be short; "
            + compared,
        null,
        new WorkChange(
            "statement counters",
            shortBase == 0 ? "complete" : shortBase + " of " + base.size() + " incomplete",
            shortNow == 0 ? "complete" : shortNow + " of " + now.size() + " incomplete",
            "incomplete",
            "statement counters incomplete (pg_stat_statements evicted entries)"),
        List.of());
  }

  /**
   * Compares one counter: the baseline's largest against this build's smallest.
   *
   * @param statement the statement's text, or {@code null} for a test's per-transaction counter
   * @param nested whether the statement is one a function or trigger ran
   * @return 1 when both sides had the counter, else 0
   */
  private int counter(
      String key,
      String statement,
      boolean nested,
      WorkMetric m,
      List<Sample> base,
      List<Sample> candidate,
      ToDoubleFunction<Sample> value,
      List<Finding> out) {
    double before = Double.NaN;
    double baseEdge = 0;
    List<Double> values = new ArrayList<>();
    for (Sample s : base) {
      double v = value.applyAsDouble(s);
      if (Double.isFinite(v)) {
        values.add(v);
        if (!(v <= before)) {
          before = v;
          baseEdge = s.work().edgeOrUnknown();
        }
      }
    }
    double now = Double.NaN;
    double nowEdge = 0;
    for (Sample s : candidate) {
      double v = value.applyAsDouble(s);
      if (Double.isFinite(v) && !(v >= now)) {
        now = v;
        nowEdge = s.work().edgeOrUnknown();
      }
    }
    if (Double.isNaN(before) || Double.isNaN(now)) {
      return 0;
    }
    WorkTolerance tolerance =
        WorkTolerance.learn(
            m,
            values,
            baseEdge,
            nowEdge,
            statement != null && StatementShape.changesOrLocksRows(statement));
    if (tolerance.regressed(before, now)) {
      String change = before == 0 ? "from 0" : Judge.signedPercent(now / before - 1);
      String figures =
          m.words() + " " + WorkMetric.format(before) + " -> " + WorkMetric.format(now);
      out.add(
          new Finding(
              key,
              null,
              Verdict.WORK_REGRESSION,
              settings.action(Verdict.WORK_REGRESSION),
              key
                  + ": "
                  + (statement == null ? "" : kind(nested, 1) + " \"" + statement + "\": ")
                  + figures
                  + " ("
                  + change
                  + "; baseline: the largest of "
                  + samples(base.size())
                  + " from "
                  + builds(base)
                  + ", now: the smallest of "
                  + trials(candidate.size())
                  + "; "
                  + tolerance.describe()
                  + ")",
              null,
              new WorkChange(
                  statement == null
                      ? m.words()
                      : m.words() + ": " + (nested ? "nested " : "") + cut(statement),
                  WorkMetric.format(before),
                  WorkMetric.format(now),
                  change,
                  figures),
              List.of()));
    }
    return 1;
  }

  /**
   * New and gone statements, and each common statement's per-call counters. A statement that ran is
   * counted however short its counters, so a statement new in any trial is new when the baseline
   * has complete samples to be absent from (and one gone, when this build has complete trials); the
   * per-call counters are compared between complete runs only.
   *
   * @param completeBase the baseline samples whose statement counters are complete
   * @param completeNow this build's trials whose statement counters are complete
   * @param nested whether to compare the statements functions and triggers ran (only samples that
   *     saw them), or the clients' statements
   */
  private int statements(
      String key,
      List<Sample> base,
      List<Sample> candidate,
      List<Sample> completeBase,
      List<Sample> completeNow,
      boolean nested,
      List<Finding> out) {
    List<Sample> b = withStatements(base, nested);
    List<Sample> c = withStatements(candidate, nested);
    if (b.isEmpty() || c.isEmpty()) {
      return 0;
    }
    Set<String> nowTexts = texts(c, nested);
    Set<String> baseTexts = texts(b, nested);
    String latestBuild = b.get(b.size() - 1).build();
    Set<String> latestTexts =
        texts(b.stream().filter(s -> s.build().equals(latestBuild)).toList(), nested);
    List<Sample> completeB = withStatements(completeBase, nested);
    List<Sample> completeC = withStatements(completeNow, nested);
    List<String> added =
        completeB.isEmpty()
            ? List.of()
            : nowTexts.stream().filter(t -> !baseTexts.contains(t)).toList();
    List<String> gone =
        completeC.isEmpty()
            ? List.of()
            : latestTexts.stream().filter(t -> !nowTexts.contains(t)).toList();
    if (!added.isEmpty()) {
      out.add(
          statementsChanged(
              key, added, nested, "new", "new since the baseline", "new since the baseline"));
      everyTransaction(key, added, completeB, completeC, nested, out);
    }
    if (!gone.isEmpty()) {
      String of = "of the baseline's most recent build (" + latestBuild + ")";
      out.add(statementsChanged(key, gone, nested, "gone", of + " is gone", of + " are gone"));
    }
    if (completeB.isEmpty() || completeC.isEmpty()) {
      return 0;
    }
    Set<String> completeNowTexts = texts(completeC, nested);
    Set<String> completeBaseTexts = texts(completeB, nested);
    int compared = 0;
    for (String text : completeNowTexts) {
      if (!completeBaseTexts.contains(text)) {
        continue;
      }
      for (WorkMetric m : WorkMetric.PER_CALL) {
        compared +=
            counter(
                key, text, nested, m, completeB, completeC, s -> perCall(s, text, nested, m), out);
      }
    }
    return compared;
  }

  /**
   * The regression of statements new since the baseline that this build ran on every transaction
   * (at least one call per transaction in each complete trial, within the run's edges): round trips
   * added to every transaction, an ORM's load before and reload after, an N+1. Named with their
   * calls per transaction, the test's statements per transaction before and after. New statements
   * that replaced others (statements per transaction unchanged) are no regression. Nested
   * statements (a trigger's, a function's) add no round trip but work to every transaction: they
   * are named as nested, with the calls per transaction of all nested statements before and after,
   * and are no regression when they replaced other nested ones.
   */
  private void everyTransaction(
      String key,
      List<String> added,
      List<Sample> base,
      List<Sample> now,
      boolean nested,
      List<Finding> out) {
    if (base.isEmpty() || now.isEmpty()) {
      return;
    }
    List<String> named = new ArrayList<>();
    double addedCalls = 0;
    for (String text : added) {
      double least = Double.POSITIVE_INFINITY;
      double edge = 0;
      for (Sample s : now) {
        StatementFigures f = s.work().statements(nested).get(text);
        double v = f == null ? 0 : f.value(WorkMetric.CALLS_PER_TRANSACTION);
        least = Double.isNaN(v) ? Double.NaN : Math.min(least, v);
        edge = Math.max(edge, s.work().edgeOrUnknown());
      }
      if (least >= 1 - edge - WorkTolerance.ROUNDING) {
        named.add(
            "new "
                + oneLine(text)
                + " ("
                + WorkMetric.format(least)
                + " per transaction"
                + (nested ? ", " + NESTED : "")
                + ")");
        addedCalls += least;
      }
    }
    if (named.isEmpty()) {
      return;
    }
    ToDoubleFunction<Sample> calls =
        nested
            ? WorkGate::nestedCallsPerTransaction
            : s -> s.work().value(WorkMetric.STATEMENTS_PER_TRANSACTION);
    double before =
        base.stream().mapToDouble(calls).filter(Double::isFinite).max().orElse(Double.NaN);
    double after =
        now.stream().mapToDouble(calls).filter(Double::isFinite).min().orElse(Double.NaN);
    double edge =
        now.stream().mapToDouble(s -> s.work().edgeOrUnknown()).max().orElse(0)
            + base.stream().mapToDouble(s -> s.work().edgeOrUnknown()).max().orElse(0);
    if (after <= before * (1 + edge) + WorkTolerance.ROUNDING) {
      // They replaced statements of the baseline: no round trip added (STATEMENT_CHANGED says it).
      return;
    }
    String what = nested ? NESTED_EVERY_TRANSACTION : EVERY_TRANSACTION;
    String figures =
        Double.isNaN(before) || Double.isNaN(after)
            ? what + " +" + WorkMetric.format(addedCalls)
            : what + " " + WorkMetric.format(before) + " -> " + WorkMetric.format(after);
    String why =
        nested
            ? " (nested statements new since the baseline, run on every transaction of "
                + trials(now.size())
                + " by a trigger or function inside the statements the clients"
                + " sent: work added to each, round trips unchanged; calls per transaction of nested"
                + " statements: the baseline's largest, this build's smallest; an intended change?"
                + " then record a baseline with "
                + Judge.RECORD
                + ")"
            : " (statements new since the baseline, run on every transaction of "
                + trials(now.size())
                + ": round trips added to each; statements per transaction: the baseline's largest,"
                + " this build's smallest, transaction control left out; an intended change? then"
                + " record a baseline with "
                + Judge.RECORD
                + ")";
    out.add(
        new Finding(
            key,
            null,
            Verdict.WORK_REGRESSION,
            settings.action(Verdict.WORK_REGRESSION),
            key + ": " + figures + ": " + String.join(", ", named) + why,
            null,
            new WorkChange(
                what,
                Double.isNaN(before) ? "-" : WorkMetric.format(before),
                Double.isNaN(after)
                    ? "+" + WorkMetric.format(addedCalls)
                    : WorkMetric.format(after),
                "+" + WorkMetric.format(addedCalls),
                figures
                    + ": "
                    + named.size()
                    + (nested ? " new nested" : " new")
                    + (named.size() == 1 ? " statement" : " statements")),
            List.of(),
            added.stream()
                .filter(t -> named.stream().anyMatch(n -> n.startsWith("new " + oneLine(t) + " (")))
                .toList()));
  }

  /** The samples that hold statements of the kind ({@code nested} or the clients'). */
  private static List<Sample> withStatements(List<Sample> samples, boolean nested) {
    return samples.stream().filter(s -> s.work().statements(nested) != null).toList();
  }

  /** All nested statements' calls per transaction in a sample; NaN when it has none to add. */
  private static double nestedCallsPerTransaction(Sample s) {
    Map<String, StatementFigures> nested = s.work().nestedStatements();
    return nested == null
        ? Double.NaN
        : Work.round(
            nested.values().stream()
                .mapToDouble(f -> f.value(WorkMetric.CALLS_PER_TRANSACTION))
                .filter(Double::isFinite)
                .sum());
  }

  /** A statement's per-call value in a sample; NaN when it was not called often enough there. */
  private static double perCall(Sample s, String text, boolean nested, WorkMetric m) {
    StatementFigures f = s.work().statements(nested).get(text);
    return f == null || f.calls() < GateSettings.WORK_MINIMUM_CALLS ? Double.NaN : f.value(m);
  }

  /** {@code statement}, {@code nested statements}: how findings name statements of a kind. */
  private static String kind(boolean nested, int n) {
    return (nested ? "nested statement" : "statement") + (n == 1 ? "" : "s");
  }

  /**
   * One finding for the statements new (or gone) in test {@code key}: the first {@value
   * #NAMED_STATEMENTS} named in its sentence, all of them in its {@code items}.
   *
   * @param texts the statements, in order
   * @param nested whether they are statements functions and triggers ran
   * @param one what happened to one ({@code new since the baseline}), {@code many} to several
   */
  private Finding statementsChanged(
      String key, List<String> texts, boolean nested, String change, String one, String many) {
    int n = texts.size();
    String named =
        String.join(
            ", ",
            texts.subList(0, Math.min(NAMED_STATEMENTS, n)).stream()
                .map(t -> "\"" + oneLine(t) + "\"")
                .toList());
    String sentence =
        n == 1
            ? "a " + kind(nested, 1) + " " + one + ": " + named
            : n
                + " "
                + kind(nested, n)
                + " "
                + many
                + (n <= NAMED_STATEMENTS
                    ? ": " + named
                    : ", e.g. " + named + " (all " + n + " in check.json)");
    boolean added = change.equals("new");
    return new Finding(
        key,
        null,
        Verdict.STATEMENT_CHANGED,
        settings.action(Verdict.STATEMENT_CHANGED),
        key
            + ": "
            + sentence
            + (nested ? " (" + NESTED + ")" : "")
            + " (an intended change? then record a baseline with "
            + Judge.RECORD
            + ")",
        null,
        new WorkChange(
            n == 1 ? kind(nested, 1) + ": " + cut(texts.get(0)) : n + " " + kind(nested, n),
            added ? "-" : "called",
            added ? "called" : "-",
            change,
            n == 1
                ? kind(nested, 1) + " " + change + ": " + oneLine(texts.get(0))
                : n
                    + " "
                    + kind(nested, n)
                    + " "
                    + change
                    + ": "
                    + named
                    + (n <= NAMED_STATEMENTS ? "" : ", ...")),
        List.of(),
        texts);
  }

  /**
   * Each command's plan against every plan of it in the baseline's builds: in A/A builds of the
   * example the plans of TPC-B's one-row and ten-row tables flipped, so a plan the baseline has
   * seen is not a change; the most recent build's plan is the one printed beside a new one.
   */
  private int plans(String key, List<Sample> base, List<Sample> candidate, List<Finding> out) {
    List<Sample> b = base.stream().filter(s -> s.work().plans() != null).toList();
    if (b.isEmpty()) {
      return 0;
    }
    String latestBuild = b.get(b.size() - 1).build();
    Map<String, CommandPlan> baselinePlan = new LinkedHashMap<>();
    Map<String, Set<String>> baselineHashes = new LinkedHashMap<>();
    for (Sample s : b) {
      s.work()
          .plans()
          .forEach(
              (name, plan) -> {
                // Samples are oldest first: the most recent build's last plan is the one printed.
                baselinePlan.put(name, plan);
                baselineHashes.computeIfAbsent(name, n -> new TreeSet<>()).add(plan.hash());
              });
    }
    Set<String> compared = new LinkedHashSet<>();
    Set<String> changed = new LinkedHashSet<>();
    for (Sample s : candidate) {
      if (s.work().plans() == null) {
        continue;
      }
      s.work()
          .plans()
          .forEach(
              (name, plan) -> {
                Set<String> hashes = baselineHashes.get(name);
                if (hashes == null) {
                  return;
                }
                compared.add(name);
                if (!hashes.contains(plan.hash()) && changed.add(name)) {
                  out.add(planChanged(key, name, baselinePlan.get(name), plan, latestBuild));
                }
              });
    }
    return compared.size();
  }

  private Finding planChanged(
      String key, String name, CommandPlan before, CommandPlan now, String build) {
    PlanShape a = before.shape();
    PlanShape b = now.shape();
    String scans = String.join(", ", a.scans()) + " -> " + String.join(", ", b.scans());
    List<String> detail = new ArrayList<>();
    detail.add(key + ": " + name + ": " + oneLine(now.sql()));
    detail.addAll(PlanDiff.sideBySide(a, b, "baseline plan (" + build + ")", "this build's plan"));
    return new Finding(
        key,
        null,
        Verdict.PLAN_CHANGED,
        settings.action(Verdict.PLAN_CHANGED),
        key
            + ": the plan of "
            + name
            + " ("
            + oneLine(now.sql())
            + ") changed: "
            + scans
            + " (hash "
            + before.hash()
            + " in the baseline's most recent build "
            + build
            + ", and in none of its builds; "
            + now.hash()
            + " now; both plans printed below the table)",
        null,
        new WorkChange(
            "plan: " + name, before.hash(), now.hash(), "changed", "plan changed: " + scans),
        detail);
  }

  private static Set<String> texts(List<Sample> samples, boolean nested) {
    Set<String> out = new TreeSet<>();
    samples.forEach(s -> out.addAll(s.work().statements(nested).keySet()));
    return out;
  }

  private static String samples(int n) {
    return count(n, "baseline sample");
  }

  private static String trials(int n) {
    return count(n, "trial");
  }

  /** {@code 1 trial}, {@code 3 trials}. */
  private static String count(int n, String thing) {
    return n + " " + thing + (n == 1 ? "" : "s");
  }

  private static String builds(List<Sample> samples) {
    long n = samples.stream().map(Sample::build).distinct().count();
    return n + (n == 1 ? " build" : " builds");
  }

  private static String oneLine(String sql) {
    return sql.strip().replaceAll("\\s+", " ");
  }

  private static String cut(String text) {
    String t = oneLine(text);
    return t.length() <= CELL_TEXT ? t : t.substring(0, CELL_TEXT - 1) + "…";
  }
}
