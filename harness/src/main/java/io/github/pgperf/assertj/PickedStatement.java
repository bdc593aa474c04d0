package io.github.pgperf.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.work.StatementWork;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * The statement {@link RunResultAssert#statement} picked from a run, what a {@link StatementAssert}
 * checks: its work and plans, what is missing and why, or why no one statement could be picked. A
 * value of its own (not the selector's text) because soft assertions make a {@link StatementAssert}
 * from it alone.
 *
 * @param selector the text or {@code /regex/} the statement was picked by
 * @param work its work per call; {@code null} when not captured ({@code workMissing} says why) or
 *     not picked
 * @param workMissing why the run has no per-statement work; {@code null} when it has
 * @param plans the plans of the script commands the selector matches; may be empty
 * @param plansMissing why the run's plans were not taken, or only in part; {@code null} when
 *     nothing is said
 * @param notPicked the failure of picking (no statement or several matched, no server work); {@code
 *     null} when one statement was picked
 * @param transactions the run's processed transactions, for the statement's calls per transaction
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record PickedStatement(
    String selector,
    StatementWork work,
    String workMissing,
    List<StatementPlan> plans,
    String plansMissing,
    ErrorMessageFactory notPicked,
    long transactions) {

  public PickedStatement {
    Objects.requireNonNull(selector, "selector");
    plans = List.copyOf(plans);
  }

  /** No statement picked, for the reason {@code notPicked} gives. */
  static PickedStatement none(String selector, ErrorMessageFactory notPicked) {
    return new PickedStatement(selector, null, null, List.of(), null, notPicked, 0);
  }

  /** The selector, as assertion messages name the statement. */
  @Override
  public String toString() {
    return selector;
  }
}
