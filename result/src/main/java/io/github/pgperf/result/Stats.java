package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What happened to a set of transactions (a script, an interval, or the whole run): how they ended,
 * the latency of the processed ones, and their schedule lag under {@code -R}.
 *
 * @param counts how many transactions ended how
 * @param latency latencies of processed transactions, µs (under {@code -R} measured from the
 *     scheduled start, so including schedule lag)
 * @param lag schedule lag of processed transactions, µs (all zero without {@code -R})
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Stats(Counts counts, Latencies latency, Moments lag) {

  /** No transactions. */
  public static final Stats NONE = new Stats(Counts.NONE, Latencies.empty(), Moments.NONE);

  public Stats {
    Objects.requireNonNull(counts, "counts");
    Objects.requireNonNull(latency, "latency");
    Objects.requireNonNull(lag, "lag");
    if (latency.count() != counts.processed() || lag.count() != counts.processed()) {
      throw new IllegalArgumentException(
          "latency histogram holds "
              + latency.count()
              + " and lag "
              + lag.count()
              + " transactions, but "
              + counts.processed()
              + " were processed");
    }
  }

  /** All sets together; adds each histogram once (cheaper than a chain of {@link #plus}). */
  static Stats sum(List<Stats> parts) {
    if (parts.isEmpty()) {
      return NONE;
    }
    Counts counts = Counts.NONE;
    Moments lag = Moments.NONE;
    List<Latencies> latencies = new ArrayList<>();
    for (Stats part : parts) {
      counts = counts.plus(part.counts);
      lag = lag.plus(part.lag);
      latencies.add(part.latency);
    }
    return new Stats(counts, Latencies.sum(latencies), lag);
  }

  /** Both sets together. */
  public Stats plus(Stats other) {
    return new Stats(counts.plus(other.counts), latency.plus(other.latency), lag.plus(other.lag));
  }
}
