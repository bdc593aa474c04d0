package io.github.pgperf.internal.script;

/** pgbench's {@code hash_fnv1a}, {@code hash_murmur2} and {@code permute}. */
final class HashFunctions {

  private static final long FNV_PRIME = 0x100000001b3L;
  private static final long FNV_OFFSET_BASIS = 0xcbf29ce484222325L;
  private static final long MURMUR2_MUL = 0xc6a4a7935bd1e995L;
  private static final int MURMUR2_ROTATE = 47;

  private HashFunctions() {}

  /** FNV-1a over the 8 little-endian bytes of {@code value}. */
  static long fnv1a(long value, long seed) {
    long result = FNV_OFFSET_BASIS ^ seed;
    long v = value;
    for (int i = 0; i < 8; i++) {
      result = (result ^ (v & 0xff)) * FNV_PRIME;
      v >>= 8;
    }
    return result;
  }

  /** 64-bit MurmurHash2 of one 8-byte value. */
  static long murmur2(long value, long seed) {
    long result = seed ^ (8 * MURMUR2_MUL);
    long k = value * MURMUR2_MUL;
    k ^= k >>> MURMUR2_ROTATE;
    k *= MURMUR2_MUL;
    result ^= k;
    result *= MURMUR2_MUL;
    result ^= result >>> MURMUR2_ROTATE;
    result *= MURMUR2_MUL;
    result ^= result >>> MURMUR2_ROTATE;
    return result;
  }

  /**
   * The position of {@code value} (taken modulo {@code size}, unsigned) in a pseudo-random
   * permutation of [0, size) chosen by {@code seed}. Size must be positive.
   */
  static long permute(long value, long size, long seed, Prng prng) {
    if (size < 2) {
      return 0;
    }
    prng.seed(seed);
    long v = Long.remainderUnsigned(value, size);
    int maskBits = 63 - Long.numberOfLeadingZeros(size);
    long mask = (1L << maskBits) - 1;
    // Six rounds of bijections on the overlapping lower and upper power-of-two halves, each
    // followed by a random offset.
    for (int round = 0; round < 6; round++) {
      long m = (prng.nextLong() & mask) | 1;
      long r = prng.nextLong() & mask;
      if (Long.compareUnsigned(v, mask) <= 0) {
        v = ((v * m) ^ r) & mask;
        v = ((v << 1) & mask) | (v >>> (maskBits - 1));
      }
      m = (prng.nextLong() & mask) | 1;
      r = prng.nextLong() & mask;
      long t = size - 1 - v;
      if (Long.compareUnsigned(t, mask) <= 0) {
        t = ((t * m) ^ r) & mask;
        t = ((t << 1) & mask) | (t >>> (maskBits - 1));
        v = size - 1 - t;
      }
      // A random offset modulo the whole size spreads the values over the range.
      v = Long.remainderUnsigned(v + prng.nextLong(0, size - 1), size);
    }
    return v;
  }
}
