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
 * The server's counters at one moment: the run's database's, the server's WAL and checkpoints,
 * and the run's role's statements in the run's database by {@code queryid}. A part that cannot be
 * read is {@code null}.
 *
 * @param epochSeconds the server's clock
 * @param statements by {@code queryid}; their text only in the window's end snapshot
 */
record Snapshot(
    double epochSeconds,
    DatabaseWork database,
    WalUsage wal,
    Checkpoints checkpoints,
    Map<Long, StatementWork> statements) {

  /**
   * The statements' work since {@code start}, by normalized text, leaving out pgperf's own
   * statements and those that did not run. An entry that is new, or whose counters went down
   * (reset, or evicted and made again), counts from zero.
   */
  List<StatementWork> statementsSince(Snapshot start) {
    Map<String, StatementWork> byText = new LinkedHashMap<>();
    statements.forEach((queryId, end) -> {
      if (end.query().startsWith(OwnConnection.MARK.trim())) {
        return;
      }
      StatementWork before = start.statements.get(queryId);
      StatementWork work = before != null && before.calls() <= end.calls()
          ? end.since(before) : end;
      if (work.calls() > 0) {
        byText.merge(work.query(), work, StatementWork::plus);
      }
    });
    return new ArrayList<>(byText.values());
  }
}
