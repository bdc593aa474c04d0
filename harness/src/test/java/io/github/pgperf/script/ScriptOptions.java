package io.github.pgperf.script;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The script options of a pgbench command line, applied in order with this package's types, so a
 * test can give pgbench and pgperf the same arguments. Options other than -f, -b, -D, -M and
 * --show-script are ignored.
 */
final class ScriptOptions {

  private ScriptOptions() {}

  /** The workload the options describe, or pgbench's error. */
  static Workload apply(Path directory, List<String> arguments) throws ScriptException {
    List<Workload.Entry> entries = new ArrayList<>();
    List<String> definitions = new ArrayList<>();
    QueryMode mode = QueryMode.SIMPLE;
    for (int i = 0; i < arguments.size(); i++) {
      String a = arguments.get(i);
      if (a.startsWith("--show-script=")) {
        BuiltinScript.find(a.substring("--show-script=".length()));
        throw new IllegalStateException("--show-script ends the program");
      }
      switch (a) {
        case "-f" -> {
          ScriptSpec spec = ScriptSpec.parse(arguments.get(++i));
          entries.add(new Workload.Entry(Script.load(directory, spec.name()), spec.weight()));
        }
        case "-b" -> {
          ScriptSpec spec = ScriptSpec.parse(arguments.get(++i));
          entries.add(new Workload.Entry(BuiltinScript.find(spec.name()).script(), spec.weight()));
        }
        case "-D" -> {
          definitions.add(arguments.get(++i));
          VariableDefinitions.parse(definitions);
        }
        case "-M" -> mode = QueryMode.valueOf(arguments.get(++i).toUpperCase(java.util.Locale.ROOT));
        default -> {
          // not a script option
        }
      }
    }
    if (entries.isEmpty()) {
      entries.add(new Workload.Entry(BuiltinScript.TPCB_LIKE.script(), 1));
    }
    return Workload.of(entries, mode);
  }
}
