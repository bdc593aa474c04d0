package io.github.pgperf.internal.script;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One command of a {@link Script}: an SQL command or a meta-command, in script order. Command
 * numbers in pgbench's messages are positions in {@link Script#commands()}, counted from 0 in
 * {@code -d} output and in abort messages.
 */
public sealed interface Command permits Command.Sql, Command.Meta {

  /** The 1-based script line where the command starts. */
  int line();

  /**
   * The command's first line as the {@code -r} report prints it: for SQL the text up to the first
   * line break, cut to 127 bytes; for a meta-command the whole command from its backslash,
   * continuation lines included, without the final line break.
   */
  String firstLine();

  /** Where the rows of an SQL command's results go. */
  enum Store {
    /** Results are discarded. */
    NONE,
    /** {@code \gset}: the last query's single row is stored in variables. */
    GSET,
    /** {@code \aset}: every query's last row is stored; queries without rows store nothing. */
    ASET
  }

  /**
   * An SQL command.
   *
   * @param text the command as pgbench sends it with {@code -M simple} before variables are
   *     substituted; queries joined by {@code \;} are separated by {@code ;}
   * @param parts the queries of a compound command, split at each {@code \;} (one part otherwise)
   * @param store {@code \gset} or {@code \aset} after the command, or {@link Store#NONE}
   * @param prefix the variable name prefix given to {@code \gset}/{@code \aset}, or empty
   * @param template the command's {@code :name} references, for substitution in every query mode
   */
  record Sql(
      int line,
      String firstLine,
      String text,
      List<String> parts,
      Store store,
      String prefix,
      SqlTemplate template)
      implements Command {
    public Sql {
      parts = List.copyOf(parts);
    }

    /**
     * The command as written, for people and files: a byte that was not valid in the script's
     * encoding shows as U+FFFD (the text itself keeps it, to send the byte as pgbench does).
     */
    public String readableText() {
      return InvalidBytes.readable(text);
    }
  }

  /** A backslash command. */
  sealed interface Meta extends Command
      permits Set,
          Sleep,
          SetShell,
          Shell,
          If,
          Elif,
          Else,
          Endif,
          StartPipeline,
          EndPipeline,
          SyncPipeline {

    /**
     * The command's name as written in the script, without the backslash ({@code set}, {@code
     * SLEEP}, ...); pgbench matches names case-insensitively and prints them as written.
     */
    String name();
  }

  /** {@code \set variable expression}. */
  record Set(int line, String firstLine, String name, String variable, Expression expression)
      implements Meta {}

  /**
   * {@code \sleep amount [us|ms|s]}.
   *
   * @param amount an integer as written (possibly followed by its unit, as in {@code 10ms}), or
   *     {@code :variable}
   * @param unit microseconds, milliseconds or seconds (the default)
   */
  record Sleep(int line, String firstLine, String name, String amount, TimeUnit unit)
      implements Meta {

    /** The variable holding the amount, or {@code null} when the amount is a literal. */
    public String variable() {
      return amount.startsWith(":") ? amount.substring(1) : null;
    }

    /** A literal amount as C's {@code atoi} reads it: sign and leading digits, 0 if none. */
    public int literal() {
      return Atoi.parse(amount);
    }

    /** A variable's text read as pgbench reads a sleep amount: C's {@code atoi}. */
    public static int amountOf(String text) {
      return Atoi.parse(text);
    }
  }

  /**
   * {@code \setshell variable command [argument ...]}: the command's first output line, an integer,
   * is stored in the variable. Words starting with {@code :} are variables at run time, {@code ::x}
   * is the literal {@code :x}.
   */
  record SetShell(int line, String firstLine, String name, String variable, List<String> words)
      implements Meta {
    public SetShell {
      words = List.copyOf(words);
    }
  }

  /** {@code \shell command [argument ...]}, output discarded; words as for {@link SetShell}. */
  record Shell(int line, String firstLine, String name, List<String> words) implements Meta {
    public Shell {
      words = List.copyOf(words);
    }
  }

  /**
   * {@code \if condition}.
   *
   * @param next index of the branch that follows when the condition is false: the matching {@code
   *     \elif}, {@code \else} or {@code \endif}
   */
  record If(int line, String firstLine, String name, Expression condition, int next)
      implements Meta {}

  /**
   * {@code \elif condition}. Reached from a false condition, its condition decides; reached at the
   * end of a branch that ran, execution goes on after {@code end}.
   *
   * @param next index of the following {@code \elif}, {@code \else} or {@code \endif}
   * @param end index of the matching {@code \endif}
   */
  record Elif(int line, String firstLine, String name, Expression condition, int next, int end)
      implements Meta {}

  /**
   * {@code \else}; reached at the end of a branch that ran, execution goes on after {@code end}.
   *
   * @param end index of the matching {@code \endif}
   */
  record Else(int line, String firstLine, String name, int end) implements Meta {}

  /** {@code \endif}. */
  record Endif(int line, String firstLine, String name) implements Meta {}

  /** {@code \startpipeline}. */
  record StartPipeline(int line, String firstLine, String name) implements Meta {}

  /** {@code \endpipeline}: sends a sync and waits for every result of the pipeline. */
  record EndPipeline(int line, String firstLine, String name) implements Meta {}

  /**
   * {@code \syncpipeline}: a sync inside a pipeline without ending it. pgbench has it from
   * PostgreSQL 17 on; pgbench 15 rejects it as an invalid command.
   */
  record SyncPipeline(int line, String firstLine, String name) implements Meta {}
}
