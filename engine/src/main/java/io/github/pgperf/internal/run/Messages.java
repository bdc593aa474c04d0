package io.github.pgperf.internal.run;

import java.io.PrintStream;

/** pgbench's stderr lines, with pgperf's program name where pgbench puts its own. */
final class Messages {

  private final PrintStream err;

  Messages(PrintStream err) {
    this.err = err;
  }

  void error(String line) {
    err.println(Runner.NAME + ": error: " + line);
  }

  void detail(String line) {
    err.println(Runner.NAME + ": detail: " + line);
  }

  void warning(String line) {
    err.println(Runner.NAME + ": warning: " + line);
  }

  /** An informational line ({@code pg_log_info}): the program name only. */
  void info(String line) {
    err.println(Runner.NAME + ": " + line);
  }

  /** Text without a prefix or line break, as pgbench's {@code fprintf(stderr, ...)}. */
  void raw(String text) {
    err.print(text);
    err.flush();
  }

  void rawLine(String text) {
    err.println(text);
  }

  PrintStream stream() {
    return err;
  }
}
