package io.github.pgperf.internal.output;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Moments;
import io.github.pgperf.result.RunSettings;

/**
 * The progress line pgbench's {@code -P} prints on stderr, for one report interval.
 *
 * <p>Example: {@code progress: 1.0 s, 283.0 tps, lat 0.319 ms stddev 0.234, 0 failed, lag 0.139 ms,
 * 2 skipped, 0 retried, 0 retries} (lag only under {@code -R}, skipped only with {@code -L} too,
 * retries only when {@code --max-tries} is not 1).
 */
public final class ProgressLine {

  private ProgressLine() {}

  /**
   * The line, without a line break.
   *
   * @param workload the options that decide which fields appear
   * @param time seconds since the benchmark started, or seconds since the Unix epoch with {@code
   *     --progress-timestamp}
   * @param epochTimestamp whether {@code time} is an epoch timestamp ({@code --progress-timestamp})
   * @param intervalMicros length of the interval reported on, µs
   * @param counts what ended in the interval (difference of two readings)
   * @param latency latency count, sum and sum of squares of the interval (µs)
   * @param lag lag sum of the interval (µs)
   */
  public static String format(
      RunSettings workload,
      double time,
      boolean epochTimestamp,
      long intervalMicros,
      Counts counts,
      Moments latency,
      Moments lag) {
    long n = counts.processed();
    double tps = 1e6 * n / intervalMicros;
    double lat = 0;
    double stddev = 0;
    double lagMillis = 0;
    if (n > 0) {
      lat = 0.001 * latency.sum() / n;
      double squares = 1e-6 * latency.sumOfSquares() / n;
      // Clamped: rounding can make the variance of equal latencies a tiny negative number.
      stddev = Math.sqrt(Math.max(0, squares - lat * lat));
      lagMillis = 0.001 * lag.sum() / n;
    }
    StringBuilder line =
        new StringBuilder("progress: ")
            .append(CFloat.fixed(time, epochTimestamp ? 3 : 1))
            .append(" s, ")
            .append(CFloat.fixed(tps, 1))
            .append(" tps, lat ")
            .append(CFloat.fixed(lat, 3))
            .append(" ms stddev ")
            .append(CFloat.fixed(stddev, 3))
            .append(", ")
            .append(counts.failed())
            .append(" failed");
    if (workload.rate() > 0) {
      line.append(", lag ").append(CFloat.fixed(lagMillis, 3)).append(" ms");
      if (workload.latencyLimitMicros() > 0) {
        line.append(", ").append(counts.skipped()).append(" skipped");
      }
    }
    if (workload.maxTries() != 1) {
      line.append(", ")
          .append(counts.retried())
          .append(" retried, ")
          .append(counts.retries())
          .append(" retries");
    }
    return line.toString();
  }
}
