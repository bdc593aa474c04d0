package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.work.StatementShape;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tolerance a work figure gets from its baseline, and from what its statement does. */
class WorkToleranceTest {

  /** The example's transfer locks its two accounts; a CI run's unchanged build read 3.25x. */
  static final String LOCKING =
      "SELECT id, balance FROM account WHERE id IN ($1, $2) ORDER BY id FOR UPDATE";

  static final String READING = "SELECT amount FROM entry WHERE account_id = $1";

  private static WorkTolerance perCall(String statement, double... baseline) {
    return WorkTolerance.learn(
        WorkMetric.SHARED_BLOCKS_PER_CALL,
        java.util.Arrays.stream(baseline).boxed().toList(),
        0.001,
        0.001,
        StatementShape.changesOrLocksRows(statement));
  }

  @Test
  void aStatementThatLocksItsRowsMayReadSixTimesTheBlocksOfOneBaselineSample() {
    // Measured: 15.12 in the baseline's build, 49.12 in the next unchanged one.
    assertThat(perCall(LOCKING, 15.12).regressed(15.12, 49.12)).isFalse();
    assertThat(perCall(LOCKING, 15.12).regressed(15.12, 15.12 * 6.5)).isTrue();
    assertThat(perCall(LOCKING, 15.12).describe())
        .contains(
            "a regression is more than 500.0% (the baseline's spread, at least 500.0% for a"
                + " statement that changes or locks rows)");
  }

  @Test
  void aReadKeepsThreeTimesItsBlocksAndAWideBaselineWidensEither() {
    assertThat(perCall(READING, 15.12).regressed(15.12, 49.12)).isTrue();
    assertThat(perCall(READING, 15.12).describe())
        .contains("a regression is more than 200.0% (the baseline's spread, at least 200.0%) and");
    // A baseline that spread 8x allows 8x to either.
    assertThat(perCall(READING, 5, 40).regressed(40, 300)).isFalse();
    assertThat(perCall(LOCKING, 5, 40).regressed(40, 300)).isFalse();
    assertThat(perCall(LOCKING, 5, 40).regressed(40, 400)).isTrue();
  }

  @Test
  void commitsPerTransactionAllowTheDatabasesOtherTransactionsButNotOneMorePerTransaction() {
    // Measured in CI: an unchanged 1-second run at 50 tps read 1.13 against a baseline of 1.
    WorkTolerance commits =
        WorkTolerance.learn(WorkMetric.COMMITS_PER_TRANSACTION, List.of(1.0), 0.0847, 0, false);
    assertThat(commits.exact()).isTrue();
    assertThat(commits.regressed(1, 1.13)).isFalse();
    assertThat(commits.regressed(1, 2)).isTrue();
    assertThat(commits.describe()).contains("and 0.5 (the database's other transactions)");
  }

  @Test
  void perTransactionFiguresAndCountsKeepTheirTolerance() {
    WorkTolerance perTransaction =
        WorkTolerance.learn(WorkMetric.SHARED_BLOCKS_PER_TRANSACTION, List.of(52.0), 0, 0, true);
    assertThat(perTransaction.regressed(52, 170)).isTrue();
    WorkTolerance calls =
        WorkTolerance.learn(WorkMetric.CALLS_PER_TRANSACTION, List.of(1.0, 1.0), 0, 0, true);
    assertThat(calls.exact()).isTrue();
    assertThat(calls.regressed(1, 2)).isTrue();
  }
}
