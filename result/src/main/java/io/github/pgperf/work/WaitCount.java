package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How often the run's backends were seen in one state.
 *
 * @param event {@code wait_event_type:wait_event} as {@code pg_stat_activity} shows them (for
 *     example {@code Lock:transactionid}, {@code IO:DataFileRead}, {@code Client:ClientRead} for a
 *     backend waiting for its client's next statement), or {@link WaitEvents#CPU} for an active
 *     backend that waits for nothing
 * @param count times seen
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record WaitCount(String event, long count) {

  public WaitCount {
    Objects.requireNonNull(event, "event");
  }
}
