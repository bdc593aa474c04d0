package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One command of a script, as {@code -r} reports it.
 *
 * @param command the command's first line, as pgbench prints it
 * @param executions how many times the command reached its end
 * @param latencySumMicros total time of those executions, µs
 * @param failures transactions that failed in this command
 * @param retries retries caused by an error in this command
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record StatementResult(
    String command, long executions, long latencySumMicros, long failures, long retries) {

  public StatementResult {
    Objects.requireNonNull(command, "command");
  }

  /** Average latency in milliseconds, 0 when the command never ran (as pgbench prints it). */
  public double averageMillis() {
    return executions > 0 ? 0.001 * latencySumMicros / executions : 0.0;
  }

  /** Both counts of the same command added. */
  StatementResult plus(StatementResult o) {
    if (!command.equals(o.command)) {
      throw new IllegalArgumentException(
          "commands differ: \"" + command + "\" vs \"" + o.command + "\"");
    }
    return new StatementResult(
        command,
        executions + o.executions,
        latencySumMicros + o.latencySumMicros,
        failures + o.failures,
        retries + o.retries);
  }
}
