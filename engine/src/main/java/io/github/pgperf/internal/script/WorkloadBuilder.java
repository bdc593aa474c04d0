package io.github.pgperf.internal.script;

import io.github.pgperf.result.QueryMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects a workload from script options in command-line order, as pgbench processes {@code -f},
 * {@code -b}, {@code -N} and {@code -S}: each script is read and checked when it is added, so the
 * first bad option is the one reported.
 */
public final class WorkloadBuilder {

  private final Path directory;
  private final List<Workload.Entry> entries = new ArrayList<>();

  /** Relative script files are read from the working directory. */
  public WorkloadBuilder() {
    this(Path.of(""));
  }

  /** Relative script files are read from {@code directory}; messages name them as given. */
  public WorkloadBuilder(Path directory) {
    this.directory = directory;
  }

  /**
   * Adds {@code -f file[@weight]}.
   *
   * @throws ScriptException a weight, file or parse error, or more than 128 scripts
   */
  public WorkloadBuilder file(String argument) throws ScriptException {
    ScriptSpec spec = ScriptSpec.parse(argument);
    return add(Script.load(directory, spec.name()), spec.weight());
  }

  /**
   * Adds {@code -b name[@weight]}; {@code -N} is {@code simple-update}, {@code -S} is {@code
   * select-only}.
   *
   * @throws ScriptException a weight error, an unknown or ambiguous name, or more than 128 scripts
   */
  public WorkloadBuilder builtin(String argument) throws ScriptException {
    ScriptSpec spec = ScriptSpec.parse(argument);
    return add(BuiltinScript.find(spec.name()).script(), spec.weight());
  }

  /**
   * Adds a script or Java transaction.
   *
   * @throws ScriptException {@code at most 128 SQL scripts are allowed}
   */
  public WorkloadBuilder add(WorkloadItem item, int weight) throws ScriptException {
    if (entries.size() >= Workload.MAX_ITEMS) {
      throw ScriptException.plain("at most " + Workload.MAX_ITEMS + " SQL scripts are allowed");
    }
    entries.add(new Workload.Entry(item, weight));
    return this;
  }

  /** Whether anything was added; without items {@link #build} uses tpcb-like, as pgbench does. */
  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /**
   * The workload, checked for the query mode ({@link Workload#of}); {@code tpcb-like} with weight 1
   * when nothing was added.
   */
  public Workload build(QueryMode mode) throws ScriptException {
    if (entries.isEmpty()) {
      return Workload.of(BuiltinScript.TPCB_LIKE.script(), mode);
    }
    return Workload.of(entries, mode);
  }
}
