package io.github.pgperf.threshold;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.Stats;

/**
 * No transaction may fail (on its last try, whatever the error), and, for a whole run, no client
 * may abort: an aborted run's figures are incomplete. Retried transactions that succeeded and
 * skipped transactions are not failures. Text form: {@code failures=0}.
 */
record FailureBan() implements Threshold {

  @Override
  public String text() {
    return "failures=0";
  }

  @Override
  public String metric() {
    return "failed transactions";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(RunResult run) {
    long failed = run.totalCounts().failed();
    if (run.aborted()) {
      return new ThresholdCheck(
          this,
          false,
          failed,
          0,
          "",
          "the run was aborted by a client's error; its figures are incomplete");
    }
    return new ThresholdCheck(this, failed == 0, failed, 0, "", "");
  }

  @Override
  public ThresholdCheck check(Stats stats, double seconds) {
    long failed = stats.counts().failed();
    return new ThresholdCheck(this, failed == 0, failed, 0, "", "");
  }
}
