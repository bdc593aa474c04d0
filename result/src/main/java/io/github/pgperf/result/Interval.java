package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One step of a run's timeline: what happened to transactions that ended in [start, start + length)
 * after the start of the benchmark.
 *
 * <p>The full latency histogram is kept, so timelines of several threads or machines add exactly.
 *
 * @param startMicros start of the interval, µs after the benchmark started
 * @param lengthMicros length of the interval, µs (the last one of a run may be shorter)
 * @param stats transactions that ended in the interval
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Interval(long startMicros, long lengthMicros, Stats stats) {

  public Interval {
    Objects.requireNonNull(stats, "stats");
    if (lengthMicros <= 0) {
      throw new IllegalArgumentException("interval length must be positive: " + lengthMicros);
    }
  }

  /** Processed transactions per second in this interval. */
  public double tps() {
    return stats.counts().processed() * 1e6 / lengthMicros;
  }

  /** Failed transactions in this interval. */
  public long failed() {
    return stats.counts().failed();
  }

  /** Median latency in µs (0 without processed transactions). */
  public long p50() {
    return stats.latency().percentileMicros(50);
  }

  /** 99th percentile of latency in µs (0 without processed transactions). */
  public long p99() {
    return stats.latency().percentileMicros(99);
  }

  /** Largest latency in µs (0 without processed transactions). */
  public long max() {
    return stats.latency().maxMicros();
  }
}
