package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.ShouldHaveWork.shouldBeCalledAtMost;
import static io.github.pgperf.assertj.ShouldHaveWork.shouldHavePlan;
import static io.github.pgperf.assertj.ShouldHaveWork.shouldHaveStatementWork;
import static io.github.pgperf.assertj.ShouldHaveWork.shouldPlan;
import static io.github.pgperf.assertj.ShouldHaveWork.shouldTouchAtMost;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.github.pgperf.plan.StatementPlan;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on what the server did for one statement of a run, picked by {@link
 * RunResultAssert#statement}: its work per call from {@code pg_stat_statements} and its plan. These
 * figures depend on the data, the settings and the plan, not on the machine's speed.
 *
 * <p>From {@link PgPerfSoftAssertions} it is soft too: each failed assertion is collected, and when
 * no one statement could be picked, each assertion on it fails with that reason.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public class StatementAssert extends AbstractAssert<StatementAssert, PickedStatement> {

  /** Prefer {@link RunResultAssert#statement}; public for AssertJ's soft assertions' proxies. */
  public StatementAssert(PickedStatement statement) {
    super(statement, StatementAssert.class);
  }

  /** Shared blocks (hit and read) per call must be at most {@code maximum}. */
  public StatementAssert hasSharedBlocksPerCallAtMost(double maximum) {
    picked();
    if (actual.work() == null) {
      throwAssertionError(shouldHaveStatementWork(actual.selector(), actual.workMissing()));
    }
    if (actual.work().sharedBlocksPerCall() > maximum) {
      throwAssertionError(shouldTouchAtMost(actual.work(), maximum));
    }
    return myself;
  }

  /**
   * Its calls per processed transaction must be at most {@code maximum}: 1 for a statement a
   * transaction runs once, more for an N+1 (a call per item).
   */
  public StatementAssert hasCallsPerTransactionAtMost(double maximum) {
    picked();
    if (actual.work() == null) {
      throwAssertionError(shouldHaveStatementWork(actual.selector(), actual.workMissing()));
    }
    if (actual.transactions() == 0) {
      throwAssertionError(shouldBeCalledAtMost(actual.work(), maximum, 0));
    }
    if ((double) actual.work().calls() / actual.transactions() > maximum) {
      throwAssertionError(shouldBeCalledAtMost(actual.work(), maximum, actual.transactions()));
    }
    return myself;
  }

  /** Its plan must scan index {@code index} (an index scan, index-only scan or bitmap scan). */
  public StatementAssert usesIndex(String index) {
    for (StatementPlan plan : shapes()) {
      if (!plan.shape().usesIndex(index)) {
        throwAssertionError(shouldPlan(plan, "to use index", index));
      }
    }
    return myself;
  }

  /** Its plan must not read table {@code table} whole (no sequential scan on it). */
  public StatementAssert hasNoSequentialScanOn(String table) {
    for (StatementPlan plan : shapes()) {
      if (plan.shape().scansSequentially(table)) {
        throwAssertionError(shouldPlan(plan, "to have no sequential scan on", table));
      }
    }
    return myself;
  }

  /** Fails with why no one statement was picked, if so. */
  private void picked() {
    isNotNull();
    if (actual.notPicked() != null) {
      throwAssertionError(actual.notPicked());
    }
  }

  private List<StatementPlan> shapes() {
    picked();
    List<StatementPlan> planned = actual.plans().stream().filter(p -> p.shape() != null).toList();
    if (planned.isEmpty()) {
      throwAssertionError(shouldHavePlan(actual.selector(), actual.plans(), actual.plansMissing()));
    }
    return planned;
  }
}
