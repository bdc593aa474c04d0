package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Count, sum, sum of squares, minimum and maximum of a series of microsecond values: what pgbench
 * keeps for schedule lag and prints in its aggregated log. Exact, and cheap to add.
 *
 * @param count number of values
 * @param sum sum of the values, µs
 * @param sumOfSquares sum of the squared values, µs²
 * @param min smallest value, µs (0 when there are none)
 * @param max largest value, µs (0 when there are none)
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Moments(long count, long sum, double sumOfSquares, long min, long max) {

  /** No values. */
  public static final Moments NONE = new Moments(0, 0, 0, 0, 0);

  public Moments {
    if (count < 0) {
      throw new IllegalArgumentException("count must not be negative: " + count);
    }
  }

  /** The mean in µs; {@code NaN} without values. */
  public double mean() {
    return (double) sum / count;
  }

  /**
   * The population standard deviation in µs, as pgbench computes it; {@code NaN} without values.
   */
  public double stddev() {
    double mean = mean();
    return Math.sqrt(Math.max(0, sumOfSquares / count - mean * mean));
  }

  /** The values of both series together. */
  public Moments plus(Moments other) {
    if (other.count == 0) {
      return this;
    }
    if (count == 0) {
      return other;
    }
    return new Moments(
        count + other.count,
        sum + other.sum,
        sumOfSquares + other.sumOfSquares,
        Math.min(min, other.min),
        Math.max(max, other.max));
  }

  /**
   * What was added since {@code earlier} (a reading of the same growing series), as pgbench's
   * progress report computes it; minimum and maximum of the difference are unknown and read 0.
   */
  public Moments since(Moments earlier) {
    return new Moments(
        count - earlier.count, sum - earlier.sum, sumOfSquares - earlier.sumOfSquares, 0, 0);
  }
}
