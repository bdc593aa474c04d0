package io.github.pgperf.assertj;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.result.RunResult;
import org.apiguardian.api.API;
import org.assertj.core.api.InstanceOfAssertFactory;

/**
 * Entry point of pgperf's AssertJ assertions, used like {@code Assertions.assertThat}:
 *
 * <pre>{@code
 * import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;
 *
 * assertThat(result)
 *     .hasNoFailures()
 *     .hasTpsAtLeast(500)
 *     .hasLatencyAtMost(99.9, Duration.ofMillis(50));
 * }</pre>
 *
 * <p>For soft assertions use {@link PgPerfSoftAssertions}.
 */
@API(status = STABLE, since = "0.1.0")
public final class PgPerfAssertions {

  /**
   * For AssertJ's navigation methods, for example {@code
   * assertThat(outcome).extracting(Outcome::result, PgPerfAssertions.RUN_RESULT).hasNoFailures()}.
   */
  public static final InstanceOfAssertFactory<RunResult, RunResultAssert> RUN_RESULT =
      new InstanceOfAssertFactory<>(RunResult.class, PgPerfAssertions::assertThat);

  private PgPerfAssertions() {}

  /** Assertions on a run's totals (and, through {@link RunResultAssert#script}, its scripts). */
  public static RunResultAssert assertThat(RunResult actual) {
    return new RunResultAssert(actual);
  }
}
