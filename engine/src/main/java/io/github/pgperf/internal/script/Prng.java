package io.github.pgperf.internal.script;

/**
 * PostgreSQL's pseudo-random generator (pg_prng, PostgreSQL 15 and later): xoroshiro128** 1.0,
 * seeded through splitmix64, so that a pgperf client draws exactly the numbers the corresponding
 * pgbench client draws. Mutable and not thread-safe: one instance per client or thread.
 *
 * <p>For retries, {@link #state0()}/{@link #state1()} save the state and {@link #restore} puts it
 * back, without allocating.
 */
public final class Prng {

  private long s0;
  private long s1;

  private Prng(long s0, long s1) {
    this.s0 = s0;
    this.s1 = s1;
  }

  /** A generator seeded as {@code pg_prng_seed(seed)} does; the seed is unsigned 64-bit. */
  public static Prng seeded(long seed) {
    Prng prng = new Prng(0, 0);
    prng.seed(seed);
    return prng;
  }

  /** Re-seeds this generator as {@code pg_prng_seed(seed)} does. */
  public void seed(long seed) {
    long state = seed;
    state += 0x9E3779B97F4A7C15L;
    long a = mix(state);
    state += 0x9E3779B97F4A7C15L;
    long b = mix(state);
    if (a == 0 && b == 0) {
      // xoroshiro must not start from the all-zero state.
      a = 0x5851F42D4C957F2DL;
      b = 0x14057B7EF767814FL;
    }
    s0 = a;
    s1 = b;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The first half of the state, for saving it before a transaction that may be retried. */
  public long state0() {
    return s0;
  }

  /** The second half of the state. */
  public long state1() {
    return s1;
  }

  /** Puts back a state saved with {@link #state0()} and {@link #state1()}. */
  public void restore(long state0, long state1) {
    s0 = state0;
    s1 = state1;
  }

  /** The next 64 random bits ({@code pg_prng_uint64}). */
  public long nextLong() {
    long a = s0;
    long x = s1 ^ a;
    long value = Long.rotateLeft(a * 5, 7) * 9;
    s0 = Long.rotateLeft(a, 24) ^ x ^ (x << 16);
    s1 = Long.rotateLeft(x, 37);
    return value;
  }

  /**
   * A uniform value in the unsigned range [min, max] ({@code pg_prng_uint64_range}); draws nothing
   * when the range holds one value.
   */
  public long nextLong(long min, long max) {
    if (Long.compareUnsigned(max, min) <= 0) {
      return min;
    }
    long range = max - min;
    int shift = Long.numberOfLeadingZeros(range);
    long value;
    do {
      value = nextLong() >>> shift;
    } while (Long.compareUnsigned(value, range) > 0);
    return min + value;
  }

  /** A uniform double in [0, 1) with 52 random bits ({@code pg_prng_double}). */
  public double nextDouble() {
    return (nextLong() >>> 12) * 0x1.0p-52;
  }

  /**
   * An exponentially distributed delay with mean {@code center}, rounded to an integer, as pgbench
   * schedules transactions under {@code --rate} ({@code getPoissonRand}).
   */
  public long nextPoisson(double center) {
    double uniform = 1.0 - nextDouble();
    return (long) (-Math.log(uniform) * center + 0.5);
  }

  /** A standard normal deviate by Box-Muller ({@code pg_prng_double_normal}). */
  public double nextNormal() {
    double u1 = 1.0 - nextDouble();
    double u2 = 1.0 - nextDouble();
    return Math.sqrt(-2.0 * Math.log(u1)) * Math.sin(2.0 * Math.PI * u2);
  }
}
