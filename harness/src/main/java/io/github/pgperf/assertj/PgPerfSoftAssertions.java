package io.github.pgperf.assertj;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.result.RunResult;
import org.apiguardian.api.API;
import org.assertj.core.api.SoftAssertions;

/**
 * AssertJ's {@link SoftAssertions} with {@code assertThat(RunResult)}: every failed threshold is
 * collected and reported together by {@link #assertAll()}.
 *
 * <pre>{@code
 * PgPerfSoftAssertions softly = new PgPerfSoftAssertions();
 * softly.assertThat(result).hasTpsAtLeast(500).hasLatencyAtMost(99, Duration.ofMillis(20));
 * softly.assertThat(result.aborted()).isFalse();
 * softly.assertAll();
 * }</pre>
 *
 * <p>The {@link StatementAssert} that {@link RunResultAssert#statement} returns is soft too, so
 * failures on several statements are collected together; a statement that could not be picked (none
 * or several matched, no server work) fails each assertion chained on it with that reason:
 *
 * <pre>{@code
 * softly.assertThat(run).statement("from entry where account_id").usesIndex("entry_account_idx");
 * softly.assertThat(run).statement("from account where id").hasSharedBlocksPerCallAtMost(10);
 * softly.assertAll(); // lists both failures, if both fail
 * }</pre>
 *
 * <p>AssertJ makes only its own navigation methods' assertions soft, by name; so {@code assertThat}
 * here tells its {@link RunResultAssert} to make each {@link StatementAssert} through {@link
 * #proxy}, as AssertJ makes its own soft assertions. The assertion returned by {@link
 * RunResultAssert#script} is not soft; wrap such a chain in {@link #check}: {@code softly.check(()
 * -> PgPerfAssertions.assertThat(result).script("a.sql").hasNoFailures())}.
 */
@API(status = STABLE, since = "0.1.0")
public class PgPerfSoftAssertions extends SoftAssertions {

  /** A soft assertion on {@code actual}: failures are collected, not thrown. */
  public RunResultAssert assertThat(RunResult actual) {
    return proxy(RunResultAssert.class, RunResult.class, actual)
        .withStatementAsserts(
            picked -> proxy(StatementAssert.class, PickedStatement.class, picked));
  }
}
