package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.ShouldHaveWork.shouldHavePlan;
import static io.github.pgperf.assertj.ShouldHaveWork.shouldHaveStatementWork;
import static io.github.pgperf.assertj.ShouldHaveWork.shouldPlan;
import static io.github.pgperf.assertj.ShouldHaveWork.shouldTouchAtMost;

import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.work.StatementWork;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on what the server did for one statement of a run, picked by {@link
 * RunResultAssert#statement}: its work per call from {@code pg_stat_statements} and its plan.
 * These figures depend on the data, the settings and the plan, not on the machine's speed.
 */
public class StatementAssert extends AbstractAssert<StatementAssert, String> {

  private final StatementWork work;
  private final String workMissing;
  private final List<StatementPlan> plans;
  private final String plansMissing;

  StatementAssert(String selector, StatementWork work, String workMissing,
      List<StatementPlan> plans, String plansMissing) {
    super(selector, StatementAssert.class);
    this.work = work;
    this.workMissing = workMissing;
    this.plans = plans;
    this.plansMissing = plansMissing;
  }

  /** Shared blocks (hit and read) per call must be at most {@code maximum}. */
  public StatementAssert hasSharedBlocksPerCallAtMost(double maximum) {
    if (work == null) {
      throwAssertionError(shouldHaveStatementWork(actual, workMissing));
    }
    if (work.sharedBlocksPerCall() > maximum) {
      throwAssertionError(shouldTouchAtMost(work, maximum));
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

  private List<StatementPlan> shapes() {
    List<StatementPlan> planned = plans.stream().filter(p -> p.shape() != null).toList();
    if (planned.isEmpty()) {
      throwAssertionError(shouldHavePlan(actual, plans, plansMissing));
    }
    return planned;
  }
}
