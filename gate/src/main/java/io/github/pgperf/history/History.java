package io.github.pgperf.history;

import java.util.List;

/**
 * What a history store holds.
 *
 * @param records every build's points, in the order stored
 * @param reported the change points already reported
 * @param warnings what could not be read and was skipped (a truncated last line ...), for the log
 */
public record History(
    List<HistoryRecord> records, List<ReportedChange> reported, List<String> warnings) {

  public History {
    records = List.copyOf(records);
    reported = List.copyOf(reported);
    warnings = List.copyOf(warnings);
  }
}
