package io.github.pgperf.internal.run;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.Moments;
import io.github.pgperf.result.Stats;
import org.HdrHistogram.Histogram;

/**
 * Mutable counts and latencies of transactions, for one thread's script, interval or progress
 * window. Recording allocates nothing and takes no lock: one accumulator belongs to one thread.
 * Other threads may read the plain counters (as pgbench's progress report does), accepting slightly
 * stale values.
 *
 * <p>Latencies and lags are whole microseconds. Latencies above one hour are recorded as one hour.
 */
public final class StatsAccumulator {

  private final long latencyLimitMicros;

  /**
   * Sized to the latencies recorded (HdrHistogram's auto-resizing kind, pgperf's precision from 1
   * µs): a client's latencies span a few powers of two, so its histogram takes 60-110 KB where the
   * full range to an hour takes 190 KB; at 200 clients the histograms were the bulk of the live
   * heap (bench/README.md). Recording takes the same path (the same array index, and a catch that
   * resizes when a value lies beyond the array); growing allocates, a few times in a run.
   */
  private final Histogram histogram = new Histogram(Latencies.SIGNIFICANT_DIGITS);

  private long processed;
  private long serializationFailures;
  private long deadlockFailures;
  private long otherFailures;
  private long retried;
  private long retries;
  private long skipped;
  private long late;

  private long latencySum;
  private double latencySumOfSquares;
  private long latencyMin;
  private long latencyMax;

  private long lagSum;
  private double lagSumOfSquares;
  private long lagMin;
  private long lagMax;

  /**
   * @param latencyLimitMicros {@code -L} in µs: processed transactions slower than this count as
   *     late; 0 for no limit
   */
  public StatsAccumulator(long latencyLimitMicros) {
    this.latencyLimitMicros = latencyLimitMicros;
  }

  /**
   * Records a processed transaction.
   *
   * @param latencyMicros from the scheduled start (under {@code -R}) or the start to the end, µs
   * @param lagMicros schedule lag (start minus scheduled start) under {@code -R}, else 0
   * @param tries how many tries it took, at least 1
   */
  public void recordProcessed(long latencyMicros, long lagMicros, int tries) {
    long latency = Math.max(0, Math.min(latencyMicros, Latencies.HIGHEST_MICROS));
    long lag = Math.max(0, lagMicros);
    if (processed == 0) {
      latencyMin = latency;
      latencyMax = latency;
      lagMin = lag;
      lagMax = lag;
    } else {
      latencyMin = Math.min(latencyMin, latency);
      latencyMax = Math.max(latencyMax, latency);
      lagMin = Math.min(lagMin, lag);
      lagMax = Math.max(lagMax, lag);
    }
    processed++;
    histogram.recordValue(latency);
    latencySum += latency;
    latencySumOfSquares += (double) latency * latency;
    lagSum += lag;
    lagSumOfSquares += (double) lag * lag;
    if (latencyLimitMicros > 0 && latency > latencyLimitMicros) {
      late++;
    }
    countTries(tries);
  }

  /**
   * Records a transaction that failed on its last try.
   *
   * @param kind why it failed
   * @param tries how many tries it took, at least 1
   */
  public void recordFailure(FailureKind kind, int tries) {
    switch (kind) {
      case SERIALIZATION -> serializationFailures++;
      case DEADLOCK -> deadlockFailures++;
      case OTHER -> otherFailures++;
    }
    countTries(tries);
  }

  /** Records a transaction skipped because it was already late when scheduled. */
  public void recordSkipped() {
    skipped++;
  }

  private void countTries(int tries) {
    if (tries > 1) {
      retried++;
      retries += tries - 1;
    }
  }

  /** Adds everything {@code other} recorded to this accumulator. */
  public void add(StatsAccumulator other) {
    if (other.processed > 0) {
      if (processed == 0) {
        latencyMin = other.latencyMin;
        latencyMax = other.latencyMax;
        lagMin = other.lagMin;
        lagMax = other.lagMax;
      } else {
        latencyMin = Math.min(latencyMin, other.latencyMin);
        latencyMax = Math.max(latencyMax, other.latencyMax);
        lagMin = Math.min(lagMin, other.lagMin);
        lagMax = Math.max(lagMax, other.lagMax);
      }
    }
    histogram.add(other.histogram);
    processed += other.processed;
    serializationFailures += other.serializationFailures;
    deadlockFailures += other.deadlockFailures;
    otherFailures += other.otherFailures;
    retried += other.retried;
    retries += other.retries;
    skipped += other.skipped;
    late += other.late;
    latencySum += other.latencySum;
    latencySumOfSquares += other.latencySumOfSquares;
    lagSum += other.lagSum;
    lagSumOfSquares += other.lagSumOfSquares;
  }

  /** Forgets everything recorded, keeping the histogram's memory. */
  public void reset() {
    histogram.reset();
    processed = 0;
    serializationFailures = 0;
    deadlockFailures = 0;
    otherFailures = 0;
    retried = 0;
    retries = 0;
    skipped = 0;
    late = 0;
    latencySum = 0;
    latencySumOfSquares = 0;
    latencyMin = 0;
    latencyMax = 0;
    lagSum = 0;
    lagSumOfSquares = 0;
    lagMin = 0;
    lagMax = 0;
  }

  /** Whether nothing was recorded since it was made or reset. */
  public boolean isEmpty() {
    return processed == 0
        && serializationFailures == 0
        && deadlockFailures == 0
        && otherFailures == 0
        && skipped == 0;
  }

  /** Processed transactions so far; cheap, for progress reports. */
  public long processed() {
    return processed;
  }

  /** The counts so far. */
  public Counts counts() {
    return new Counts(
        processed,
        serializationFailures,
        deadlockFailures,
        otherFailures,
        retried,
        retries,
        skipped,
        late);
  }

  /** Count, sum, sum of squares, min and max of the latencies so far, µs. */
  public Moments latencyMoments() {
    return new Moments(processed, latencySum, latencySumOfSquares, latencyMin, latencyMax);
  }

  /** Count, sum, sum of squares, min and max of the schedule lags so far, µs. */
  public Moments lagMoments() {
    return new Moments(processed, lagSum, lagSumOfSquares, lagMin, lagMax);
  }

  /**
   * An immutable copy of everything recorded so far (copies the histogram: not for every
   * transaction).
   */
  public Stats snapshot() {
    return new Stats(counts(), Latencies.of(histogram, latencyMoments()), lagMoments());
  }
}
