package io.github.pgperf.assertj;

import io.github.pgperf.result.RunResult;
import org.assertj.core.api.SoftAssertions;

/**
 * AssertJ's {@link SoftAssertions} with {@code assertThat(RunResult)}: every failed threshold is
 * collected and reported together by {@link #assertAll()}.
 *
 * <pre>{@code
 * PgPerfSoftAssertions softly = new PgPerfSoftAssertions();
 * softly.assertThat(result).hasTpsAtLeast(500).hasLatencyPercentileAtMost(99, Duration.ofMillis(20));
 * softly.assertThat(result.aborted()).isFalse();
 * softly.assertAll();
 * }</pre>
 *
 * <p>The assertion returned by {@link RunResultAssert#script} is not soft (AssertJ makes only its own
 * navigation methods soft); wrap such a chain in {@link #check}:
 * {@code softly.check(() -> PgPerfAssertions.assertThat(result).script("a.sql").hasNoFailures())}.
 */
public class PgPerfSoftAssertions extends SoftAssertions {

  /** A soft assertion on {@code actual}: failures are collected, not thrown. */
  public RunResultAssert assertThat(RunResult actual) {
    return proxy(RunResultAssert.class, RunResult.class, actual);
  }
}
