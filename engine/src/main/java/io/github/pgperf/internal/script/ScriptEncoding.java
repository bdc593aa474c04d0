package io.github.pgperf.internal.script;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a script's bytes again in the run's client encoding ({@link Script#inEncoding}), and
 * refuses, before the run, what pgperf cannot send as pgbench would.
 *
 * <p>pgbench's lexer reads bytes, and its structure ({@code ;}, quotes, backslash commands, {@code
 * :var}) is ASCII, which every server encoding keeps as ASCII: the script parsed from the text in
 * the client encoding has the commands of the script parsed from the bytes. Bytes not valid in the
 * encoding stay marked ({@link InvalidBytes}). pgbench sends them and the server refuses the
 * command when it runs; pgperf can do that inside an SQL command's text. Elsewhere (a
 * meta-command's arguments, a variable name) pgbench would use the bytes on the client side, which
 * Java text cannot carry, so the script is refused.
 */
final class ScriptEncoding {

  private ScriptEncoding() {}

  static Script apply(Script script, ClientEncoding encoding) throws ScriptException {
    ScriptBytes bytes = script.bytes();
    Script read = script;
    int nonAscii = bytes.firstNonAscii();
    if (!encoding.isUtf8() && nonAscii >= 0) {
      Charset charset = encoding.charset();
      if (!encoding.isAsciiSafe() || charset == null) {
        throw refused(
            script.name(),
            bytes.lineAt(nonAscii),
            bytes.hex(nonAscii),
            null,
            charset == null
                ? "Java has no charset for the client encoding " + encoding.textEncoding()
                : "the client encoding "
                    + encoding.client()
                    + " may hide ASCII characters in"
                    + " multibyte ones, and pgbench reads a script byte by byte");
      }
      Script parsed = ScriptParser.parse(script.name(), bytes.text(charset));
      read = new Script(script.name(), parsed.commands(), bytes);
    }
    return marked(read, encoding);
  }

  /** The script with each SQL command holding invalid bytes marked; refuses the rest. */
  private static Script marked(Script script, ClientEncoding encoding) throws ScriptException {
    Charset platform = platformCharset();
    Charset charset = encoding.charset();
    List<Command> commands = new ArrayList<>(script.commands().size());
    boolean changed = false;
    for (Command c : script.commands()) {
      Command checked = c;
      if (c instanceof Command.Sql sql) {
        checked = sqlCommand(script.name(), sql, encoding);
      } else {
        refuseMarks(script.name(), c, c.firstLine(), encoding);
        if (c instanceof Command.Shell shell) {
          checked =
              new Command.Shell(
                  shell.line(),
                  shell.firstLine(),
                  shell.name(),
                  shellWords(script.name(), shell, shell.words(), charset, platform));
        } else if (c instanceof Command.SetShell shell) {
          checked =
              new Command.SetShell(
                  shell.line(),
                  shell.firstLine(),
                  shell.name(),
                  shell.variable(),
                  shellWords(script.name(), shell, shell.words(), charset, platform));
        }
      }
      changed |= checked != c;
      commands.add(checked);
    }
    return changed ? new Script(script.name(), commands, script.bytes()) : script;
  }

  private static Command sqlCommand(String name, Command.Sql sql, ClientEncoding encoding)
      throws ScriptException {
    SqlTemplate template = sql.template();
    for (String variable : template.parameterNames()) {
      int mark = InvalidBytes.indexIn(variable);
      if (mark >= 0) {
        int at = sql.text().indexOf(":" + variable) + 1 + mark;
        throw refusedMark(
            name,
            line(sql, sql.text(), at),
            variable.charAt(mark),
            "in variable \"" + InvalidBytes.readable(variable) + "\"",
            encoding);
      }
    }
    int mark = InvalidBytes.indexIn(sql.prefix());
    if (mark >= 0) {
      throw refusedMark(
          name,
          sql.line(),
          sql.prefix().charAt(mark),
          "in the prefix of \\" + sql.store().name().toLowerCase(java.util.Locale.ROOT),
          encoding);
    }
    if (InvalidBytes.indexIn(sql.text()) < 0) {
      return sql;
    }
    if (encoding.checkedAs() == null) {
      int at = InvalidBytes.indexIn(sql.text());
      throw refused(
          name,
          line(sql, sql.text(), at),
          InvalidBytes.hex(sql.text().charAt(at)),
          null,
          "a SQL_ASCII database takes any bytes, but pgperf's driver (pgjdbc) sends only"
              + " valid UTF-8");
    }
    return new Command.Sql(
        sql.line(),
        InvalidBytes.readable(sql.firstLine()),
        sql.text(),
        sql.parts(),
        sql.store(),
        sql.prefix(),
        template.invalidIn(encoding));
  }

  /** Refuses a meta-command holding a byte not valid in the encoding. */
  private static void refuseMarks(
      String name, Command command, String text, ClientEncoding encoding) throws ScriptException {
    int at = InvalidBytes.indexIn(text);
    if (at < 0) {
      return;
    }
    throw refusedMark(
        name,
        line(command, text, at),
        text.charAt(at),
        "in command \"" + ((Command.Meta) command).name() + "\"",
        encoding);
  }

  private static ScriptException refusedMark(
      String name, int line, char mark, String where, ClientEncoding encoding) {
    return refused(
        name,
        line,
        InvalidBytes.hex(mark),
        where,
        "it is not valid in the client"
            + " encoding "
            + encoding.textEncoding()
            + ", and pgperf can send such a byte only inside"
            + " an SQL command's text (for the server to refuse it, as it refuses pgbench's)");
  }

  /**
   * pgbench hands a shell command its bytes; Java hands a process text, in the platform's charset:
   * the words must be the same bytes there.
   */
  private static List<String> shellWords(
      String name, Command command, List<String> words, Charset charset, Charset platform)
      throws ScriptException {
    if (charset == null || charset.equals(platform)) {
      return words;
    }
    List<String> out = new ArrayList<>(words.size());
    for (String word : words) {
      String text = InvalidBytes.decode(InvalidBytes.encode(word, charset), platform);
      int at = InvalidBytes.indexIn(text);
      if (at >= 0) {
        throw refused(
            name,
            command.line(),
            InvalidBytes.hex(text.charAt(at)),
            "in command \"" + ((Command.Meta) command).name() + "\"",
            "pgperf passes shell commands in the platform encoding "
                + platform.name()
                + ", where it is not valid");
      }
      out.add(text);
    }
    return out;
  }

  /** The charset the JVM passes command lines and file names in ({@code sun.jnu.encoding}). */
  static Charset platformCharset() {
    for (String property : new String[] {"sun.jnu.encoding", "native.encoding"}) {
      String name = System.getProperty(property);
      if (name != null && Charset.isSupported(name)) {
        return Charset.forName(name);
      }
    }
    return StandardCharsets.UTF_8;
  }

  private static int line(Command command, String text, int at) {
    int line = command.line();
    for (int i = 0; i < at; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** {@code file:line: cannot send byte 0xe9 [where]: why}, as pgbench names script errors. */
  static ScriptException refused(String name, int line, String hex, String where, String why) {
    return ScriptException.ofScript(
        name,
        name
            + ":"
            + line
            + ": cannot send byte "
            + hex
            + (where == null ? "" : " " + where)
            + ": "
            + why);
  }
}
