package io.github.pgperf.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How the server planned one SQL command of a script, or why there is no plan.
 *
 * @param script the script's name, as in the run's report
 * @param command the command's index in the script, counting every command from 0 (as {@code -r}
 *     numbers them)
 * @param sql the command as written, before variables are substituted
 * @param shape the plan's shape; {@code null} when {@code reason} says why there is none
 * @param reason why the command has no plan (a utility statement such as {@code BEGIN}, the
 *     server's error, a compound command); {@code null} when there is a shape
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record StatementPlan(
    String script, int command, String sql, PlanShape shape, String reason) {

  /** How a reason ends when the command has no plan by its nature ({@code BEGIN}, {@code SET}). */
  static final String NO_PLAN = " has no plan";

  /** A plan-less command of {@code keyword} ({@code begin}, {@code set} ...): a utility command. */
  public static StatementPlan utility(String script, int command, String sql, String keyword) {
    return new StatementPlan(script, command, sql, null, "\"" + keyword + "\"" + NO_PLAN);
  }

  public StatementPlan {
    Objects.requireNonNull(script, "script");
    Objects.requireNonNull(sql, "sql");
    if ((shape == null) == (reason == null)) {
      throw new IllegalArgumentException("a statement plan has a shape or a reason, not both");
    }
  }

  /**
   * Whether the command has no plan by its nature (a utility command such as {@code BEGIN} or
   * {@code SET}, which scans no table), as opposed to one the server could not plan or a compound
   * command, which might. The reason's wording is the record's data in the result JSON, so it is
   * read here, in the one place that also writes it.
   */
  public boolean utility() {
    return shape == null && reason.endsWith(NO_PLAN);
  }
}
