package io.github.pgperf.result;

import java.util.Objects;

/**
 * What happened to a set of transactions (a script, an interval, or the whole run): how they ended,
 * the latency of the processed ones, and their schedule lag under {@code -R}.
 *
 * @param counts how many transactions ended how
 * @param latency latencies of processed transactions, µs (under {@code -R} measured from the
 *     scheduled start, so including schedule lag)
 * @param lag schedule lag of processed transactions, µs (all zero without {@code -R})
 */
public record Stats(Counts counts, Latencies latency, Moments lag) {

  /** No transactions. */
  public static final Stats NONE = new Stats(Counts.NONE, Latencies.empty(), Moments.NONE);

  public Stats {
    Objects.requireNonNull(counts, "counts");
    Objects.requireNonNull(latency, "latency");
    Objects.requireNonNull(lag, "lag");
    if (latency.count() != counts.processed() || lag.count() != counts.processed()) {
      throw new IllegalArgumentException("latency histogram holds " + latency.count()
          + " and lag " + lag.count() + " transactions, but " + counts.processed()
          + " were processed");
    }
  }

  /** Both sets together. */
  public Stats plus(Stats other) {
    return new Stats(counts.plus(other.counts), latency.plus(other.latency), lag.plus(other.lag));
  }
}
