package io.github.pgperf.threshold;

import io.github.pgperf.internal.output.Figures;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.Stats;
import java.time.Duration;

/**
 * The run's server backends may spend at most {@code limit} on a core per processed transaction
 * ({@code /proc/<pid>/schedstat}, {@link RunResult#serverCpuPerTransactionMicros}): an expensive
 * expression, a plan that burns CPU in shared buffers. Machine-dependent like latency, but without
 * the time spent waiting for a core. Text form: {@code cpu/tx<=2ms}. Not checked when the server's
 * processes are not visible.
 *
 * @param limit the ceiling, positive and at most 1 hour
 */
record ServerCpuCeiling(Duration limit) implements Threshold {

  ServerCpuCeiling {
    Durations.positive("server CPU per transaction ceiling", limit);
  }

  @Override
  public String text() {
    return "cpu/tx<=" + Figures.duration(limit);
  }

  @Override
  public String metric() {
    return "server CPU per transaction";
  }

  @Override
  public String relation() {
    return "at most";
  }

  @Override
  public ThresholdCheck check(RunResult run) {
    return OnCpuCeiling.check(
        this,
        run.serverCpuPerTransactionMicros(),
        limit,
        run.cpu() == null || run.cpu().serverUnavailable() == null
            ? "the server's CPU time was not measured"
            : run.cpu().serverUnavailable());
  }

  @Override
  public ThresholdCheck check(Stats stats, double seconds) {
    return ThresholdCheck.notChecked(
        this, limit.toNanos() / 1e6, "ms", "server CPU time is the run's, not a script's");
  }
}
