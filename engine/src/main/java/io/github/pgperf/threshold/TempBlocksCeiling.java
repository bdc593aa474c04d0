package io.github.pgperf.threshold;

import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.WorkPart;

/**
 * The run's statements may read and write at most {@code maximum} temporary-file blocks in all:
 * sorts and hashes that did not fit in {@code work_mem}. Text form: {@code temp=0} (none at all) or
 * {@code temp<=100}.
 *
 * @param maximum the ceiling in blocks, 0 or more
 */
record TempBlocksCeiling(long maximum) implements WorkThreshold {

  TempBlocksCeiling {
    if (maximum < 0) {
      throw new InvalidThresholdException(
          "temporary blocks ceiling must be at least 0, was " + maximum);
    }
  }

  @Override
  public String text() {
    return maximum == 0 ? "temp=0" : "temp<=" + maximum;
  }

  @Override
  public String metric() {
    return "temporary blocks";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(ServerWork work, long transactions) {
    if (work.statements() == null) {
      return notChecked(work.whyUnavailable(WorkPart.STATEMENTS));
    }
    long temp = work.statementBlocks().temp();
    if (temp <= maximum && work.statementsIncomplete()) {
      // Within the ceiling on counters that may be short is no pass; above it is a failure.
      return notChecked(work.whyStatementsIncomplete());
    }
    return new ThresholdCheck(this, temp <= maximum, temp, maximum, "", "");
  }

  @Override
  public ThresholdCheck notChecked(String why) {
    return ThresholdCheck.notChecked(this, maximum, "", why);
  }
}
