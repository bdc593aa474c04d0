package io.github.pgperf.plan;

import java.util.Objects;

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
public record StatementPlan(String script, int command, String sql, PlanShape shape,
    String reason) {

  public StatementPlan {
    Objects.requireNonNull(script, "script");
    Objects.requireNonNull(sql, "sql");
    if ((shape == null) == (reason == null)) {
      throw new IllegalArgumentException("a statement plan has a shape or a reason, not both");
    }
  }
}
