package io.github.pgperf.internal.output;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CFloatTest {

  /**
   * Expected texts are C's (glibc printf, checked with Python's %-formatting, which rounds alike).
   */
  @ParameterizedTest
  @CsvSource({
    "0.125, 2, 0.12", // exact tie: C rounds half to even, Java's %.2f gives 0.13
    "2.5, 0, 2",
    "3.5, 0, 4",
    "0.25, 1, 0.2",
    "1.0005, 3, 1.000", // stored just below the tie: C gives 1.000, Java's %.3f 1.001
    "0.0005, 3, 0.001", // stored just above the tie
    "0.05, 1, 0.1", // pgbench -L 0.05 prints "0.1 ms latency limit"
    "0.02, 1, 0.0",
    "1234.5678915, 6, 1234.567892",
    "-0.0001, 3, -0.000",
    "0, 3, 0.000",
    "1796007278.802, 3, 1796007278.802",
    "NaN, 3, NaN",
    "Infinity, 6, Infinity"
  })
  void printsLikeC(double value, int decimals, String expected) {
    assertThat(CFloat.fixed(value, decimals)).isEqualTo(expected);
  }
}
