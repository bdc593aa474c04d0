package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A statement the run's backends were seen waiting on a heavyweight lock in ({@code Lock:*}), as
 * {@code pg_stat_activity.query} showed it, and how many of the wait samples caught it there.
 *
 * @param statement the waiting backend's statement text (with the values of a simple-protocol
 *     statement in it, at most {@code track_activity_query_size} bytes)
 * @param count the {@code Lock:*} observations of backends running it
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record LockWaiter(String statement, long count) {

  public LockWaiter {
    Objects.requireNonNull(statement, "statement");
    if (count < 0) {
      throw new IllegalArgumentException("negative count " + count + " of " + statement);
    }
  }
}
