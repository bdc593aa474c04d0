package io.github.pgperf.work;

import java.util.Objects;

/**
 * A part of the server's work that a run did not capture, or captured incompletely, and why.
 *
 * @param part which part
 * @param reason why, and where there is one, the setting or grant that would add it, one line
 */
public record Unavailable(WorkPart part, String reason) {

  public Unavailable {
    Objects.requireNonNull(part, "part");
    Objects.requireNonNull(reason, "reason");
  }
}
