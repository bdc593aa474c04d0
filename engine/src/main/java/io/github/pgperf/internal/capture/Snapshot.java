package io.github.pgperf.internal.capture;

import io.github.pgperf.work.Checkpoints;
import io.github.pgperf.work.DatabaseWork;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.WalUsage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server's counters at one moment: the run's database's, the server's WAL and checkpoints, and
 * the run's role's statements in the run's database by {@code queryid}. A part that cannot be read
 * is {@code null}.
 *
 * @param epochSeconds the server's clock
 * @param statements by {@code queryid} and whether they ran nested; their text only in the window's
 *     end snapshot
 * @param evictions {@code pg_stat_statements_info.dealloc} before and after the statements were
 *     read; {@code null} when not read
 */
record Snapshot(
    double epochSeconds,
    DatabaseWork database,
    WalUsage wal,
    Checkpoints checkpoints,
    Map<Snapshot.Entry, StatementWork> statements,
    Evictions evictions) {

  /**
   * One {@code pg_stat_statements} entry of the run's role and database: a {@code queryid} run by
   * the clients and by a function or trigger are two.
   */
  record Entry(long queryId, boolean nested) {}

  /**
   * How many times {@code pg_stat_statements} evicted entries since the extension's statistics were
   * reset, read right before and right after the statements.
   */
  record Evictions(long before, long after) {}

  /**
   * How many times entries were evicted since {@code start}: from before the start's statements
   * were read to after this snapshot's, so that one while either was read counts; {@code null} when
   * not read. A reset in between ({@code pg_stat_statements_reset()} zeroes the count) counts those
   * since it.
   */
  Long evictionsSince(Snapshot start) {
    if (evictions == null || start.evictions == null) {
      return null;
    }
    long from = start.evictions.before();
    long to = evictions.after();
    return to >= from ? to - from : to;
  }

  /**
   * The statements' work since {@code start}, by normalized text and whether it ran nested, leaving
   * out pgperf's own statements and those that did not run. An entry that is new, or whose counters
   * went down (reset, or evicted and made again), counts from zero.
   */
  List<StatementWork> statementsSince(Snapshot start) {
    record Statement(String text, boolean nested) {}
    Map<Statement, StatementWork> byText = new LinkedHashMap<>();
    statements.forEach(
        (entry, end) -> {
          if (end.query().startsWith(OwnConnection.MARK.trim())) {
            return;
          }
          StatementWork before = start.statements.get(entry);
          StatementWork work =
              before != null && before.calls() <= end.calls() ? end.since(before) : end;
          if (work.calls() > 0) {
            byText.merge(new Statement(work.query(), work.nested()), work, StatementWork::plus);
          }
        });
    return new ArrayList<>(byText.values());
  }
}
