package io.github.pgperf.threshold;

import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.WorkPart;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * No planned statement of the run may read table {@code table} whole: no {@code Seq Scan} (or
 * {@code Parallel Seq Scan}) on it in the plan of any SQL command of the run's scripts. Text form:
 * {@code seqscan(entry)=0}.
 *
 * <p>It is not checked, and so fails, when not every statement that may scan a table was planned:
 * plans not taken, a workload with Java transactions (whose statements are not planned on
 * PostgreSQL 15), or a command the server could not plan. Commands that have no plan (BEGIN, SET,
 * ...) scan nothing and do not count.
 *
 * @param table the table as plans name it (its name without schema, in its own case)
 */
record SequentialScanBan(String table) implements WorkThreshold {

  private static final Pattern NAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}_$]*");

  /** PostgreSQL's limit on identifier length, in bytes. */
  private static final int MAX_NAME_BYTES = 63;

  SequentialScanBan {
    if (table == null
        || !NAME.matcher(table).matches()
        || table.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
      throw new InvalidThresholdException(
          "sequential scan ban needs a table name as plans show"
              + " it (letters, digits, _ and $, not starting with a digit or $, at most 63 bytes),"
              + " was "
              + (table == null ? "null" : "\"" + table + "\""));
    }
  }

  @Override
  public String text() {
    return "seqscan(" + table + ")=0";
  }

  @Override
  public String metric() {
    return "statements scanning " + table + " sequentially";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(ServerWork work, long transactions) {
    List<StatementPlan> plans = work.plans();
    String partly = work.whyUnavailable(WorkPart.PLANS);
    if (plans == null || partly != null) {
      return notChecked(partly);
    }
    for (StatementPlan plan : plans) {
      // A command with no plan at all (BEGIN, SET) scans nothing; one the server could not plan,
      // or a compound one, might, and then nothing can be said.
      if (plan.shape() == null && !plan.utility()) {
        return notChecked(
            firstLine(plan.sql()) + " (" + plan.script() + ") was not planned: " + plan.reason());
      }
    }
    List<String> scanning =
        plans.stream()
            .filter(p -> p.shape() != null && p.shape().scansSequentially(table))
            .map(p -> firstLine(p.sql()))
            .toList();
    long planned = plans.stream().filter(p -> p.shape() != null).count();
    String note =
        scanning.isEmpty()
            ? "of " + planned + " planned statements"
            : "of " + planned + " planned statements: " + String.join("; ", scanning);
    return new ThresholdCheck(this, scanning.isEmpty(), scanning.size(), 0, "", note);
  }

  @Override
  public ThresholdCheck notChecked(String why) {
    return ThresholdCheck.notChecked(this, 0, "", why);
  }

  private static String firstLine(String sql) {
    String line = sql.strip().lines().findFirst().orElse("");
    return line.length() > 120 ? line.substring(0, 117) + "..." : line;
  }
}
