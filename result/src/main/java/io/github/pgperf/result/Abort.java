package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Why a client of a run gave up (or the run itself, when no one client did), as the runner said it
 * on stderr: pgbench's {@code error:} lines, kept as data so that nobody needs to read them back
 * from the console.
 *
 * @param client the client's number as pgbench prints it ({@code client 3 aborted ...}), from 0;
 *     {@code null} when the run as a whole stopped counting (a transaction log it could not write)
 * @param messages the error lines printed for it, in order, without the {@code pgperf: error: }
 *     prefix: the server's or the script's message first, the line saying how it aborted last;
 *     never empty
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Abort(Integer client, List<String> messages) {

  public Abort {
    messages = List.copyOf(Objects.requireNonNull(messages, "messages"));
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("an abort needs at least one message");
    }
    if (client != null && client < 0) {
      throw new IllegalArgumentException("client number must not be negative: " + client);
    }
  }
}
