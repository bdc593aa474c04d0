package io.github.pgperf.internal.script;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A script, script option or variable definition that pgbench would refuse, with pgbench's message.
 * {@link #getMessage()} is the error line without the program prefix (the CLI prints {@code pgperf:
 * error: } before it); {@link #lines()} adds what pgbench prints after it, for example the command
 * and a caret:
 *
 * <pre>
 * err.sql:2: unexpected number of arguments (random) in command "set"
 * \set x random(1)
 *                ^ error found here
 * </pre>
 */
public final class ScriptException extends Exception {

  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;
  private final String command;
  private final String commandLine;
  private final int caretColumn;
  private final List<String> lines;

  private ScriptException(
      String file,
      int line,
      String command,
      String commandLine,
      int caretColumn,
      List<String> lines) {
    super(InvalidBytes.readable(lines.get(0)));
    this.file = file;
    this.line = line;
    this.command = command;
    this.commandLine = commandLine;
    this.caretColumn = caretColumn;
    // A script's bytes that are not valid UTF-8 are printed as U+FFFD, not as Java's "?".
    this.lines = lines.stream().map(InvalidBytes::readable).toList();
  }

  /**
   * An error at a script line, formatted as pgbench's syntax_error.
   *
   * @param commandLine the command's text to print under the message, or null
   * @param command the command name, or null
   * @param more detail printed in parentheses after the message, or null
   * @param column 0-based byte column of the caret in {@code commandLine}, or -1
   */
  static ScriptException syntax(
      String file,
      int line,
      String commandLine,
      String command,
      String message,
      String more,
      int column) {
    StringBuilder first = new StringBuilder();
    first.append(file).append(':').append(line).append(": ").append(message);
    if (more != null) {
      first.append(" (").append(more).append(')');
    }
    if (column >= 0 && commandLine == null) {
      first.append(" at column ").append(column + 1);
    }
    if (command != null) {
      first.append(" in command \"").append(command).append('"');
    }
    List<String> lines = new ArrayList<>();
    lines.add(first.toString());
    if (commandLine != null) {
      // A command continued with backslash-newline is printed on several lines.
      lines.addAll(List.of(commandLine.split("\n", -1)));
      if (column >= 0) {
        lines.add(" ".repeat(column) + "^ error found here");
      }
    }
    return new ScriptException(file, line, command, commandLine, column, lines);
  }

  /** An error about a whole script, such as a conditional structure error. */
  static ScriptException ofScript(String file, String message) {
    return new ScriptException(file, 0, null, null, -1, List.of(message));
  }

  /** An error with no script position; {@code more} are printed after it as they are. */
  static ScriptException plain(String message, String... more) {
    List<String> lines = new ArrayList<>();
    lines.add(message);
    lines.addAll(List.of(more));
    return new ScriptException(null, 0, null, null, -1, lines);
  }

  /**
   * Byte length in UTF-8 of {@code text[from, to)}: pgbench counts caret columns in bytes. A byte
   * that was not valid UTF-8 ({@link InvalidBytes}' lone surrogate) counts 1, as Java encodes it as
   * {@code ?}.
   */
  static int byteColumn(String text, int from, int to) {
    return text.substring(from, to).getBytes(StandardCharsets.UTF_8).length;
  }

  /** The script's name (file name or builtin description), or null. */
  public String file() {
    return file;
  }

  /** The 1-based script line the message names, or 0. */
  public int line() {
    return line;
  }

  /** The command name the message names, or null. */
  public String command() {
    return command;
  }

  /** The command text printed under the message, or null. */
  public String commandLine() {
    return commandLine;
  }

  /** The caret's 0-based byte column in {@link #commandLine()}, or -1. */
  public int caretColumn() {
    return caretColumn;
  }

  /** Every line pgbench prints for this error, the message first. */
  public List<String> lines() {
    return lines;
  }
}
