package io.github.pgperf.cli;

import java.io.PrintStream;
import java.util.Map;

/** Parses pgbench's options and runs the requested mode; returns pgbench's exit status. */
final class PgPerfCommand {

  private PgPerfCommand() {}

  static int execute(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
    err.println("pgperf: error: not yet implemented");
    return 1;
  }
}
