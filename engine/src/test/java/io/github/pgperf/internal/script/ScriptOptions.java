package io.github.pgperf.internal.script;

import io.github.pgperf.result.QueryMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The script options of a pgbench command line, applied in order with this package's types, so a
 * test can give pgbench and pgperf the same arguments. Options other than -f, -b, -D, -M and
 * --show-script are ignored.
 */
final class ScriptOptions {

  private ScriptOptions() {}

  /** The workload the options describe, or pgbench's error. */
  static Workload apply(Path directory, List<String> arguments) throws ScriptException {
    WorkloadBuilder builder = new WorkloadBuilder(directory);
    List<String> definitions = new ArrayList<>();
    QueryMode mode = QueryMode.SIMPLE;
    for (int i = 0; i < arguments.size(); i++) {
      String a = arguments.get(i);
      if (a.startsWith("--show-script=")) {
        BuiltinScript.find(a.substring("--show-script=".length()));
        throw new IllegalStateException("--show-script ends the program");
      }
      switch (a) {
        case "-f" -> builder.file(arguments.get(++i));
        case "-b" -> builder.builtin(arguments.get(++i));
        case "-D" -> {
          definitions.add(arguments.get(++i));
          VariableDefinitions.parse(definitions);
        }
        case "-M" -> mode = QueryMode.valueOf(arguments.get(++i).toUpperCase(Locale.ROOT));
        default -> {
          // not a script option
        }
      }
    }
    return builder.build(mode);
  }
}
