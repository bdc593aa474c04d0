package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.ref.SoftReference;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.apiguardian.api.API;

/**
 * An immutable latency distribution in microseconds: the full HdrHistogram (1 µs to 1 hour, 3
 * significant digits) plus the exact sum, sum of squares, minimum and maximum.
 *
 * <p>Average and standard deviation come from the exact sums, as pgbench computes them; minimum and
 * maximum are the exact extremes; percentiles come from the histogram and are within 0.1% of the
 * true value (exact below 2048 µs). Two distributions add without loss ({@link #plus}), so results
 * of several threads, runs or machines combine exactly.
 *
 * <p>The histogram is held in HdrHistogram's compressed form (a few hundred bytes to a few KB,
 * where the decoded histogram takes about 190 KB: a timeline of many intervals stays small) and
 * decoded when asked for.
 */
@API(status = STABLE, since = "0.1.0")
public final class Latencies {

  /** Lowest value told apart: 1 µs. */
  public static final long LOWEST_MICROS = 1;

  /** Highest value kept: 1 hour in µs; longer latencies are recorded as 1 hour. */
  public static final long HIGHEST_MICROS = 3_600_000_000L;

  /** Significant decimal digits of the histogram. */
  public static final int SIGNIFICANT_DIGITS = 3;

  /** The percentiles pgperf reports: p50, p90, p95, p99, p99.9, p99.99. */
  public static final List<Double> REPORTED_PERCENTILES =
      List.of(50.0, 90.0, 95.0, 99.0, 99.9, 99.99);

  private static final Latencies EMPTY = of(newHistogram(), Moments.NONE);

  private final byte[] compressed;
  private final Moments moments;

  /**
   * Decoded for percentile queries only, and softly: a long timeline must not pin its histograms.
   */
  private volatile SoftReference<Histogram> forQueries;

  private Latencies(byte[] compressed, Moments moments) {
    this.compressed = compressed;
    this.moments = moments;
  }

  /** A histogram of the range and precision every pgperf latency histogram has. */
  public static Histogram newHistogram() {
    return new Histogram(LOWEST_MICROS, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
  }

  /** No latencies. */
  public static Latencies empty() {
    return EMPTY;
  }

  /**
   * The distribution of a histogram's values with their exact moments; the histogram is copied.
   *
   * @throws IllegalArgumentException when the histogram's count differs from the moments' count or
   *     its range or precision is not pgperf's
   */
  public static Latencies of(Histogram histogram, Moments moments) {
    if (histogram.getTotalCount() != moments.count()) {
      throw new IllegalArgumentException(
          "histogram holds "
              + histogram.getTotalCount()
              + " values but the sums count "
              + moments.count());
    }
    if (histogram.getLowestDiscernibleValue() != LOWEST_MICROS
        || histogram.getNumberOfSignificantValueDigits() != SIGNIFICANT_DIGITS) {
      throw new IllegalArgumentException("histogram must track 1 µs with 3 significant digits");
    }
    if (moments.count() > 0
        && (!histogram.valuesAreEquivalent(moments.min(), histogram.getMinValue())
            || !histogram.valuesAreEquivalent(moments.max(), histogram.getMaxValue()))) {
      throw new IllegalArgumentException(
          "minimum "
              + moments.min()
              + " µs and maximum "
              + moments.max()
              + " µs disagree with the histogram's ("
              + histogram.getMinValue()
              + " and "
              + histogram.getMaxValue()
              + " µs)");
    }
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer, 9);
    return new Latencies(Arrays.copyOf(buffer.array(), length), moments);
  }

  /**
   * Reads a distribution from its {@link #encodedHistogram()} text and exact moments.
   *
   * @throws IllegalArgumentException when the text is not an encoded histogram of pgperf's kind or
   *     disagrees with the moments
   */
  static Latencies decode(String base64, long sum, double sumOfSquares, long min, long max) {
    byte[] bytes;
    Histogram histogram;
    try {
      bytes = Base64.getDecoder().decode(base64);
      histogram = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), HIGHEST_MICROS);
    } catch (IllegalArgumentException
        | DataFormatException
        | IndexOutOfBoundsException
        | java.nio.BufferUnderflowException e) {
      throw new IllegalArgumentException(
          "latency histogram is not a valid encoded HdrHistogram ("
              + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
              + ")");
    }
    if (histogram.getHighestTrackableValue() < HIGHEST_MICROS) {
      throw new IllegalArgumentException(
          "latency histogram tracks values only up to "
              + histogram.getHighestTrackableValue()
              + " µs");
    }
    Moments moments = new Moments(histogram.getTotalCount(), sum, sumOfSquares, min, max);
    return of(histogram, moments);
  }

  /** Number of latencies. */
  public long count() {
    return moments.count();
  }

  /** Exact mean in µs; {@code NaN} when empty. */
  public double meanMicros() {
    return moments.mean();
  }

  /** Exact population standard deviation in µs (pgbench's); {@code NaN} when empty. */
  public double stddevMicros() {
    return moments.stddev();
  }

  /** Smallest latency in µs, 0 when empty. */
  public long minMicros() {
    return moments.min();
  }

  /** Largest latency in µs (capped at one hour), 0 when empty. */
  public long maxMicros() {
    return moments.max();
  }

  /** Count, sum, sum of squares, min and max: what pgbench's aggregated log prints. */
  public Moments moments() {
    return moments;
  }

  /**
   * The latency at or below which {@code percentile} percent of the latencies lie, in µs, within
   * the histogram's precision (never above {@link #maxMicros()}); 0 when empty.
   */
  public long percentileMicros(double percentile) {
    if (count() == 0) {
      return 0;
    }
    return Math.min(queryable().getValueAtPercentile(percentile), maxMicros());
  }

  /**
   * The latency at or below which {@code percentile} percent of the latencies lie, within the
   * histogram's precision (never above {@link #max()}); zero when empty.
   */
  public Duration percentile(double percentile) {
    return ofMicros(percentileMicros(percentile));
  }

  /** Exact mean, to the nanosecond; zero when empty (see {@link #count()}). */
  public Duration mean() {
    return count() == 0 ? Duration.ZERO : Duration.ofNanos(Math.round(meanMicros() * 1000));
  }

  /** Smallest latency; zero when empty. */
  public Duration min() {
    return ofMicros(minMicros());
  }

  /** Largest latency (capped at one hour); zero when empty. */
  public Duration max() {
    return ofMicros(maxMicros());
  }

  private static Duration ofMicros(long micros) {
    return Duration.ofNanos(micros * 1000);
  }

  /** Both distributions together: histograms added, moments added. */
  public Latencies plus(Latencies other) {
    if (other.count() == 0) {
      return this;
    }
    if (count() == 0) {
      return other;
    }
    Histogram sum = histogram();
    sum.add(other.decoded());
    return of(sum, moments.plus(other.moments));
  }

  /**
   * All the distributions together, with one histogram addition each and one encoding in all
   * (cheaper than a chain of {@link #plus}).
   */
  static Latencies sum(List<Latencies> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    Histogram histogram = newHistogram();
    Moments moments = Moments.NONE;
    for (Latencies part : parts) {
      if (part.count() > 0) {
        histogram.add(part.decoded());
        moments = moments.plus(part.moments);
      }
    }
    return of(histogram, moments);
  }

  /** A copy of the histogram, in µs; changing it does not change this distribution. */
  public Histogram histogram() {
    return decoded();
  }

  /** The histogram decoded afresh. */
  private Histogram decoded() {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), HIGHEST_MICROS);
    } catch (DataFormatException e) {
      throw new IllegalStateException("own histogram encoding unreadable", e);
    }
  }

  /** The histogram decoded once for repeated percentile queries; never to be changed. */
  private Histogram queryable() {
    SoftReference<Histogram> ref = forQueries;
    Histogram h = ref == null ? null : ref.get();
    if (h == null) {
      h = decoded();
      forQueries = new SoftReference<>(h);
    }
    return h;
  }

  /** The histogram in HdrHistogram's compressed form, base64: what the JSON form keeps. */
  public String encodedHistogram() {
    return Base64.getEncoder().encodeToString(compressed);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Latencies other
        && moments.equals(other.moments)
        && decoded().equals(other.decoded());
  }

  @Override
  public int hashCode() {
    return moments.hashCode();
  }

  @Override
  public String toString() {
    return "Latencies[count="
        + count()
        + ", mean="
        + meanMicros()
        + " µs, min="
        + minMicros()
        + ", max="
        + maxMicros()
        + "]";
  }
}
