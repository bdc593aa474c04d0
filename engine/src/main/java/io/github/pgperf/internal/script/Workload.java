package io.github.pgperf.internal.script;

import io.github.pgperf.result.QueryMode;
import java.util.List;
import java.util.Objects;

/**
 * What the clients run: scripts and Java transactions with weights. Each transaction picks one item
 * with probability weight / total weight, as pgbench picks scripts. Build one from options with
 * {@link WorkloadBuilder}, or from items with {@link #of}.
 */
public final class Workload {

  /** pgbench's limit on the number of scripts, applied to all items. */
  public static final int MAX_ITEMS = 128;

  /** An item and its weight (0 allowed: the item is never chosen). */
  public record Entry(WorkloadItem item, int weight) {
    public Entry {
      Objects.requireNonNull(item, "item");
      if (weight < 0) {
        throw new IllegalArgumentException("weight must not be negative: " + weight);
      }
    }
  }

  private final List<Entry> entries;
  private final int[] weights;
  private final long totalWeight;

  private Workload(List<Entry> entries) {
    this.entries = List.copyOf(entries);
    this.weights = new int[entries.size()];
    long total = 0;
    for (int i = 0; i < weights.length; i++) {
      weights[i] = entries.get(i).weight();
      total += weights[i];
    }
    this.totalWeight = total;
  }

  /**
   * Checks the entries as pgbench checks its scripts once options are read: SQL commands' number of
   * variable references in extended and prepared modes, then the total weight.
   *
   * @throws ScriptException {@code at most 128 SQL scripts are allowed}, {@code statement has too
   *     many arguments (maximum is 255): ...}, {@code total script weight must not be zero}
   */
  public static Workload of(List<Entry> entries, QueryMode mode) throws ScriptException {
    if (entries.isEmpty()) {
      throw ScriptException.plain("no script or transaction given");
    }
    if (entries.size() > MAX_ITEMS) {
      throw ScriptException.plain("at most " + MAX_ITEMS + " SQL scripts are allowed");
    }
    if (mode != QueryMode.SIMPLE) {
      for (Entry e : entries) {
        if (e.item() instanceof Script script) {
          for (Command c : script.commands()) {
            if (c instanceof Command.Sql sql) {
              sql.template().checkParameterLimit();
            }
          }
        }
      }
    }
    Workload workload = new Workload(entries);
    if (workload.totalWeight == 0) {
      throw ScriptException.plain("total script weight must not be zero");
    }
    return workload;
  }

  /** One item with weight 1. */
  public static Workload of(WorkloadItem item, QueryMode mode) throws ScriptException {
    return of(List.of(new Entry(item, 1)), mode);
  }

  /** The entries in the order given; item indexes in reports are positions in this list. */
  public List<Entry> entries() {
    return entries;
  }

  /** The sum of the weights, at least 1. */
  public long totalWeight() {
    return totalWeight;
  }

  /** Whether a draw is needed: pgbench draws nothing when there is a single item. */
  public boolean needsDraw() {
    return weights.length > 1;
  }

  /** Whether reports show statistics per item, as pgbench does with more than one script. */
  public boolean perItemStatistics() {
    return weights.length > 1;
  }

  /**
   * The index of the item for a number drawn uniformly in [0, {@link #totalWeight()}), walking the
   * items and subtracting weights as pgbench's chooseScript does.
   */
  public int choose(long drawn) {
    if (drawn < 0 || drawn >= totalWeight) {
      throw new IllegalArgumentException("draw " + drawn + " outside [0, " + totalWeight + ")");
    }
    int i = 0;
    long w = drawn;
    while (true) {
      w -= weights[i];
      if (w < 0) {
        return i;
      }
      i++;
    }
  }
}
