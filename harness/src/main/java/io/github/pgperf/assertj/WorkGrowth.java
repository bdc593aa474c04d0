package io.github.pgperf.assertj;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.StatementShape;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.TransactionCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a workload's statements grew from a run on less data to a run on more: the statements called
 * more often per transaction (a loop over rows that become more: an N+1), and those that returned
 * more rows per call (a read without a bound). What a query plan does with more data (more blocks,
 * more time) is not growth here: it is the reason to run at two sizes, not a mistake.
 */
final class WorkGrowth {

  /**
   * Calls per transaction may differ by the runs' edges (a {@code -T} window cuts up to a
   * transaction per client at each end: {@link TransactionCounts#edge}) and by 0.02 besides, so a
   * statement that runs once in a while (a cache refill) is not growth.
   */
  static final double CALLS_FLOOR = 0.02;

  /**
   * Rows per call may grow by 10% and half a row: a bounded read returns its bound at either size
   * once the smaller data holds enough rows to reach it.
   */
  static final double ROWS_TOLERANCE = 0.10;

  static final double ROWS_FLOOR = 0.5;

  private WorkGrowth() {}

  /** One line per statement that grew, {@code text: what a -> b}; empty when none did. */
  static List<String> of(RunResult smaller, RunResult larger) {
    Map<String, Figures> before = figures(smaller);
    Map<String, Figures> after = figures(larger);
    double edge = Math.max(edge(smaller), edge(larger));
    List<String> grew = new ArrayList<>();
    after.forEach(
        (statement, now) -> {
          Figures then = before.getOrDefault(statement, Figures.NONE);
          double callsThen = then.callsPerTransaction(smaller);
          double callsNow = now.callsPerTransaction(larger);
          if (callsNow - callsThen > CALLS_FLOOR + edge * Math.max(callsNow, callsThen)) {
            grew.add(
                statement
                    + ": calls per transaction "
                    + figure(callsThen)
                    + " -> "
                    + figure(callsNow));
          }
          if (then.calls > 0 && now.calls > 0) {
            double rowsThen = then.rowsPerCall();
            double rowsNow = now.rowsPerCall();
            if (rowsNow > rowsThen * (1 + ROWS_TOLERANCE) + ROWS_FLOOR) {
              grew.add(
                  statement + ": rows per call " + figure(rowsThen) + " -> " + figure(rowsNow));
            }
          }
        });
    return grew;
  }

  /** A statement's calls and rows, the texts of one shape added. */
  private record Figures(long calls, long rows) {

    static final Figures NONE = new Figures(0, 0);

    Figures plus(StatementWork s) {
      return new Figures(calls + s.calls(), rows + s.rows());
    }

    double callsPerTransaction(RunResult run) {
      long transactions = run.totalCounts().processed();
      return transactions == 0 ? 0 : (double) calls / transactions;
    }

    double rowsPerCall() {
      return (double) rows / calls;
    }
  }

  /** By statement (a nested one marked so), transaction control left out, in the run's order. */
  private static Map<String, Figures> figures(RunResult run) {
    Map<String, Figures> out = new LinkedHashMap<>();
    for (StatementWork s : run.serverWork().statements()) {
      if (!s.nested() && TransactionCounts.transactionControl(s.query())) {
        continue;
      }
      // One line per statement: a function's statements keep the blanks its INTO left.
      String text = StatementShape.of(s.query()).strip().replaceAll("\\s+", " ");
      String key = (s.nested() ? "(nested) " : "") + text;
      out.merge(
          key, Figures.NONE.plus(s), (a, b) -> new Figures(a.calls + b.calls, a.rows + b.rows));
    }
    return out;
  }

  private static double edge(RunResult run) {
    return TransactionCounts.edge(run.settings().clients(), run.totalCounts().processed());
  }

  private static String figure(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }
}
