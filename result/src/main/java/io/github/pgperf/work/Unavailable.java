package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A part of the server's work that a run did not capture, or captured incompletely, and why.
 *
 * @param part which part
 * @param reason why, and where there is one, the setting or grant that would add it, one line
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Unavailable(WorkPart part, String reason) {

  public Unavailable {
    Objects.requireNonNull(part, "part");
    Objects.requireNonNull(reason, "reason");
  }
}
