package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What one script of the workload did.
 *
 * @param name the script's name as pgbench prints it
 * @param weight its weight
 * @param stats its transactions' counts, latencies and lag
 * @param statements its commands in order, with {@code -r} figures (empty when the runner did not
 *     measure per-statement figures)
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record ScriptResult(String name, int weight, Stats stats, List<StatementResult> statements) {

  public ScriptResult {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(stats, "stats");
    statements = List.copyOf(statements);
  }

  /** Both results of the same script added: counts and histograms add, statements pairwise. */
  public ScriptResult plus(ScriptResult o) {
    if (!name.equals(o.name) || weight != o.weight) {
      throw new IllegalArgumentException("scripts differ: " + name + " vs " + o.name);
    }
    List<StatementResult> merged;
    if (statements.isEmpty()) {
      merged = o.statements;
    } else if (o.statements.isEmpty()) {
      merged = statements;
    } else if (statements.size() != o.statements.size()) {
      throw new IllegalArgumentException(
          "script "
              + name
              + " has "
              + statements.size()
              + " commands in one result and "
              + o.statements.size()
              + " in the other");
    } else {
      merged = new ArrayList<>();
      for (int i = 0; i < statements.size(); i++) {
        merged.add(statements.get(i).plus(o.statements.get(i)));
      }
    }
    return new ScriptResult(name, weight, stats.plus(o.stats), merged);
  }
}
