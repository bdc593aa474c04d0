package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.STABLE;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apiguardian.api.API;

/**
 * How long a run lasts: a number of transactions per client ({@code -t}) or seconds ({@code -T}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = RunLength.PerClient.class, name = "transactions"),
  @JsonSubTypes.Type(value = RunLength.Timed.class, name = "duration")
})
@API(status = STABLE, since = "0.1.0")
public sealed interface RunLength {

  /**
   * {@code -t}: every client runs this many transactions (failed and skipped ones count).
   *
   * @param transactions transactions per client, at least 1
   */
  record PerClient(int transactions) implements RunLength {
    public PerClient {
      if (transactions < 1) {
        throw new IllegalArgumentException(
            "transactions per client must be at least 1: " + transactions);
      }
    }
  }

  /**
   * {@code -T}: clients start transactions for this many seconds.
   *
   * @param seconds the duration, at least 1
   */
  record Timed(int seconds) implements RunLength {
    public Timed {
      if (seconds < 1) {
        throw new IllegalArgumentException("duration must be at least 1 second: " + seconds);
      }
    }
  }
}
