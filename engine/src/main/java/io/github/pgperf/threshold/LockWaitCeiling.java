package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.Stats;
import java.time.Duration;

/**
 * The run's backends may wait at most {@code limit} per processed transaction on heavyweight locks
 * ({@code Lock:*} wait events, from the wait sampling: {@link
 * RunResult#lockWaitPerTransactionMicros}): a hot row that every transaction updates. Text form:
 * {@code lockwait/tx<=1ms}. Not checked when the waits were not sampled.
 *
 * @param limit the ceiling, positive and at most 1 hour
 */
record LockWaitCeiling(Duration limit) implements Threshold {

  LockWaitCeiling {
    Durations.positive("lock wait per transaction ceiling", limit);
  }

  @Override
  public String text() {
    return "lockwait/tx<=" + Figures.duration(limit);
  }

  @Override
  public String metric() {
    return "lock wait per transaction";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(RunResult run) {
    return OnCpuCeiling.check(
        this,
        run.lockWaitPerTransactionMicros(),
        limit,
        "the run's wait events were not sampled (server counters off, or sampling stopped)");
  }

  @Override
  public ThresholdCheck check(Stats stats, double seconds) {
    return ThresholdCheck.notChecked(
        this, limit.toNanos() / 1e6, "ms", "lock waits are the run's, not a script's");
  }
}
