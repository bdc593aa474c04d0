package io.github.pgperf.internal.run;

import io.github.pgperf.internal.script.Command;
import io.github.pgperf.internal.script.Variables;
import io.github.pgperf.result.QueryMode;

/**
 * pgbench 15's {@code -d} lines of a client, on the error stream with the program name: {@code
 * client N executing script "name"}, {@code client N executing \set var} (a meta-command's words as
 * pgbench keeps them), {@code client N preparing P_n}, {@code client N sending <query>}, {@code
 * client N receiving}, {@code client N pipeline ending}.
 *
 * <p>pgbench prints {@code receiving} each time it polls for a result, a number that depends on
 * timing; pgperf prints it once per result awaited.
 *
 * <p>Clients call it only behind their {@code debug} flag, so a run without {@code -d} builds no
 * text.
 */
final class DebugLines {

  private final Benchmark bench;

  /** Per item and command: the words pgbench prints after {@code executing \}. */
  private final String[][] metaWords;

  DebugLines(Benchmark bench) {
    this.bench = bench;
    this.metaWords = new String[bench.commands.length][];
    for (int i = 0; i < bench.commands.length; i++) {
      metaWords[i] = new String[bench.commands[i].length];
      for (int c = 0; c < bench.commands[i].length; c++) {
        if (bench.commands[i][c] instanceof Command.Meta meta) {
          metaWords[i][c] = words(meta);
        }
      }
    }
  }

  /**
   * pgbench keeps {@code \set}'s variable but not its expression, no words of {@code \if} and
   * {@code \elif} (their expressions are parsed), and every word of the other meta-commands.
   */
  private static String words(Command.Meta meta) {
    if (meta instanceof Command.Set set) {
      return meta.name() + " " + set.variable();
    }
    if (meta instanceof Command.If || meta instanceof Command.Elif) {
      return meta.name();
    }
    String line = meta.firstLine().strip();
    if (line.startsWith("\\")) {
      line = line.substring(1);
    }
    return String.join(" ", line.split("[ \\t]+"));
  }

  void line(String text) {
    bench.messages.info(text);
  }

  void script(int client, int item) {
    line("client " + client + " executing script \"" + bench.items[item].name() + "\"");
  }

  void meta(int client, int item, int command) {
    line("client " + client + " executing \\" + metaWords[item][command]);
  }

  void preparing(int client, int item, int command) {
    line("client " + client + " preparing " + bench.preparedNames[item][command]);
  }

  /** What pgbench sends: the text with values (simple), with $n (extended), or the name. */
  void sending(int client, int item, int command, Command.Sql sql, Variables variables) {
    String what =
        switch (bench.options.queryMode()) {
          case SIMPLE -> sql.template().substituted(variables);
          case EXTENDED -> sql.template().numbered();
          case PREPARED -> bench.preparedNames[item][command];
        };
    line("client " + client + " sending " + what);
  }

  void receiving(int client) {
    line("client " + client + " receiving");
  }

  void pipelineEnding(int client) {
    line("client " + client + " pipeline ending");
  }

  boolean prepares() {
    return bench.options.queryMode() == QueryMode.PREPARED;
  }
}
