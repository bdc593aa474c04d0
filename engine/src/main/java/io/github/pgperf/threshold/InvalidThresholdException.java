package io.github.pgperf.threshold;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A threshold that cannot be: a figure out of range (a negative tps floor, percentile 101, a zero
 * duration) or a text form that does not follow {@link Threshold}'s grammar. The message is one
 * line naming the threshold and what is wrong; callers that read thresholds from annotations or
 * properties add where it came from.
 */
@API(status = STABLE, since = "0.1.0")
public final class InvalidThresholdException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** An exception with a complete, user-facing message. */
  public InvalidThresholdException(String message) {
    super(message);
  }
}
