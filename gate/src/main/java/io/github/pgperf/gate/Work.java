package io.github.pgperf.gate;

import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.Blocks;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.StatementShape;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.TransactionCounts;
import io.github.pgperf.work.WaitCount;
import io.github.pgperf.work.WaitEvents;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One run's work as the gate compares it: per transaction, per statement and per script command's
 * plan, with the {@link WorkFingerprint} it is compared on. A part the run did not capture is
 * {@code null} (the result says why in {@code serverWork.unavailable}).
 *
 * @param fingerprint what must match for comparison
 * @param perTransaction each {@link WorkMetric#PER_TRANSACTION} metric by its label; {@code null}
 *     without {@code pg_stat_statements}
 * @param statements each statement's figures by its normalized text; {@code null} without {@code
 *     pg_stat_statements}. Texts of one {@code StatementShape} are one statement (calls added,
 *     per-call figures weighted by calls), so that baselines recorded before statements were
 *     grouped by shape compare with results recorded after
 * @param plans each planned script command's plan by {@link CommandPlan#name}; {@code null} when
 *     plans were not taken
 * @param waits each wait event's share of the run's backend observations ({@code CPU}, {@code
 *     Lock:transactionid} ...: from 0 to 1, three decimals, events that round to 0 left out);
 *     {@code null} when waits were not sampled or nothing was observed. Unlike the rest it depends
 *     on the machine (a slower one spends more of its time on CPU), so it is compared only between
 *     samples of one timing {@link Fingerprint} ({@link WaitShift})
 * @param statementEvictions how many times {@code pg_stat_statements} evicted entries during the
 *     run ({@code ServerWork.statementEvictions}): more than 0 makes the statements' figures and
 *     the per-transaction ones (which come from them) possibly short, and the gate does not compare
 *     them ({@link Verdict#INCOMPLETE_WORK}); {@code null} when not known
 * @param edge how far the run's per-transaction counts may be off from the edges of its window,
 *     relative: {@code TransactionCounts.edge(clients, transactions)}; {@code null} when not known
 *     (samples recorded before it was kept)
 * @param nestedStatements the statements functions and triggers ran inside the clients' ones, each
 *     one's figures by its normalized text as in {@code statements} (their work is also in the
 *     statements that ran them, whose figures and the per-transaction sums hold it: these add what
 *     ran, and how often); {@code null} when nested statements were not seen ({@code
 *     pg_stat_statements.track = top}, PostgreSQL 13, samples recorded before pgperf kept them):
 *     the gate then compares no nested statement, new or old
 */
public record Work(
    WorkFingerprint fingerprint,
    Map<String, Double> perTransaction,
    Map<String, StatementFigures> statements,
    Map<String, CommandPlan> plans,
    Map<String, Double> waits,
    Long statementEvictions,
    Double edge,
    Map<String, StatementFigures> nestedStatements) {

  public Work {
    Objects.requireNonNull(fingerprint, "fingerprint");
    perTransaction = perTransaction == null ? null : sortedCopy(perTransaction);
    statements = statements == null ? null : sortedCopy(byShape(statements));
    plans = plans == null ? null : sortedCopy(plans);
    waits = waits == null ? null : sortedCopy(waits);
    nestedStatements = nestedStatements == null ? null : sortedCopy(byShape(nestedStatements));
  }

  /** Work without nested statements (not seen). */
  public Work(
      WorkFingerprint fingerprint,
      Map<String, Double> perTransaction,
      Map<String, StatementFigures> statements,
      Map<String, CommandPlan> plans,
      Map<String, Double> waits,
      Long statementEvictions,
      Double edge) {
    this(fingerprint, perTransaction, statements, plans, waits, statementEvictions, edge, null);
  }

  /** Work without knowing its edge. */
  public Work(
      WorkFingerprint fingerprint,
      Map<String, Double> perTransaction,
      Map<String, StatementFigures> statements,
      Map<String, CommandPlan> plans,
      Map<String, Double> waits,
      Long statementEvictions) {
    this(fingerprint, perTransaction, statements, plans, waits, statementEvictions, null, null);
  }

  /**
   * The relative edge error of the run's counts; {@link WorkTolerance#UNKNOWN_EDGE} when not known.
   */
  double edgeOrUnknown() {
    return edge == null ? WorkTolerance.UNKNOWN_EDGE : edge;
  }

  /** Work without knowing whether statements were evicted. */
  public Work(
      WorkFingerprint fingerprint,
      Map<String, Double> perTransaction,
      Map<String, StatementFigures> statements,
      Map<String, CommandPlan> plans,
      Map<String, Double> waits) {
    this(fingerprint, perTransaction, statements, plans, waits, null, null, null);
  }

  /** Work without wait events (baseline samples recorded before they were kept). */
  public Work(
      WorkFingerprint fingerprint,
      Map<String, Double> perTransaction,
      Map<String, StatementFigures> statements,
      Map<String, CommandPlan> plans) {
    this(fingerprint, perTransaction, statements, plans, null);
  }

  /**
   * Whether the statements' counters (and the per-transaction figures from them) may be short:
   * {@code pg_stat_statements} evicted entries during the run.
   */
  public boolean statementsIncomplete() {
    return statementEvictions != null && statementEvictions > 0;
  }

  /**
   * The work of {@code result}; {@code null} when it has none (schema 1 and 2, or not captured).
   */
  public static Work of(RunResult result) {
    ServerWork w = result.serverWork();
    if (w == null) {
      return null;
    }
    long transactions = result.totalCounts().processed();
    Map<String, Double> perTransaction = null;
    Map<String, StatementFigures> statements = null;
    Map<String, StatementFigures> nested = null;
    if (w.statements() != null && transactions > 0) {
      Blocks blocks = w.statementBlocks();
      perTransaction = new TreeMap<>();
      perTransaction.put(
          WorkMetric.SHARED_BLOCKS_PER_TRANSACTION.label(),
          round((double) blocks.sharedAccessed() / transactions));
      perTransaction.put(
          WorkMetric.TEMP_BLOCKS_PER_TRANSACTION.label(),
          round((double) blocks.temp() / transactions));
      perTransaction.put(
          WorkMetric.WAL_BYTES_PER_TRANSACTION.label(),
          round((double) w.statementWal().bytes() / transactions));
      TransactionCounts counts = TransactionCounts.of(w, transactions);
      perTransaction.put(
          WorkMetric.STATEMENTS_PER_TRANSACTION.label(), round(counts.statementsPerTransaction()));
      perTransaction.put(
          WorkMetric.WAL_RECORDS_PER_TRANSACTION.label(), round(counts.walRecordsPerTransaction()));
      if (w.database() != null) {
        perTransaction.put(
            WorkMetric.COMMITS_PER_TRANSACTION.label(), round(counts.commitsPerTransaction()));
        perTransaction.put(
            WorkMetric.ROLLBACKS_PER_TRANSACTION.label(), round(counts.rollbacksPerTransaction()));
      }
      statements = new TreeMap<>();
      nested = w.nestedStatementsSeen() ? new TreeMap<>() : null;
      for (StatementWork s : w.statements()) {
        Map<String, StatementFigures> into = s.nested() ? nested : statements;
        if (s.calls() > 0 && into != null) {
          into.put(
              s.query(),
              new StatementFigures(
                  s.calls(),
                  Map.of(
                      WorkMetric.SHARED_BLOCKS_PER_CALL.label(),
                      round(s.sharedBlocksPerCall()),
                      WorkMetric.ROWS_PER_CALL.label(),
                      round(s.rowsPerCall()),
                      WorkMetric.TEMP_BLOCKS_PER_CALL.label(),
                      round((double) s.blocks().temp() / s.calls()),
                      WorkMetric.CALLS_PER_TRANSACTION.label(),
                      round(counts.callsPerTransaction(s)))));
        }
      }
    }
    Map<String, CommandPlan> plans = null;
    if (w.plans() != null) {
      plans = new TreeMap<>();
      for (StatementPlan p : w.plans()) {
        if (p.shape() != null) {
          plans.put(CommandPlan.name(p), CommandPlan.of(p));
        }
      }
    }
    return new Work(
        WorkFingerprint.of(result),
        perTransaction,
        statements,
        plans,
        waitShares(w.waits()),
        w.statementEvictions(),
        TransactionCounts.edge(result.settings().clients(), transactions),
        nested);
  }

  /** Each event's share of the observations; {@code null} when none were made. */
  private static Map<String, Double> waitShares(WaitEvents waits) {
    if (waits == null || waits.observations() == 0) {
      return null;
    }
    Map<String, Double> shares = new TreeMap<>();
    for (WaitCount c : waits.counts()) {
      double share = round(waits.share(c.event()));
      if (share > 0) {
        shares.put(c.event(), share);
      }
    }
    return shares;
  }

  /**
   * The statements of one kind: the clients' ({@code nested} false), or those functions and
   * triggers ran; {@code null} when not held.
   */
  public Map<String, StatementFigures> statements(boolean nested) {
    return nested ? nestedStatements : statements;
  }

  /** The value of a per-transaction metric; NaN when not held. */
  public double value(WorkMetric m) {
    return perTransaction == null ? Double.NaN : perTransaction.getOrDefault(m.label(), Double.NaN);
  }

  /**
   * Three decimals: enough for a per-call figure (a change below a thousandth of a block is none),
   * and the baseline file stays readable.
   */
  static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  /** The statements with the figures of texts of one shape added into one. */
  private static Map<String, StatementFigures> byShape(Map<String, StatementFigures> statements) {
    Map<String, String> shapes = StatementShape.of(statements.keySet());
    if (shapes.entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue()))) {
      return statements;
    }
    Map<String, StatementFigures> out = new TreeMap<>();
    statements.forEach(
        (text, figures) -> out.merge(shapes.get(text), figures, StatementFigures::plus));
    return out;
  }

  private static <V> Map<String, V> sortedCopy(Map<String, V> map) {
    return Collections.unmodifiableMap(new TreeMap<>(map));
  }
}
