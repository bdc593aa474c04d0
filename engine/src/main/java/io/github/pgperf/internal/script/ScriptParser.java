package io.github.pgperf.internal.script;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Turns a script's text into commands as pgbench 15's ParseScript does, with pgbench's checks and
 * messages, including where its messages put line numbers and carets.
 */
final class ScriptParser {

  /** pgbench's MAX_ARGS: a meta-command's words, its name included. */
  private static final int MAX_WORDS = 256;

  /** pgbench keeps the first line of an SQL command in a 128-byte buffer. */
  private static final int FIRST_LINE_BYTES = 127;

  private enum Kind {
    SET("set"),
    SETSHELL("setshell"),
    SHELL("shell"),
    SLEEP("sleep"),
    IF("if"),
    ELIF("elif"),
    ELSE("else"),
    ENDIF("endif"),
    GSET("gset"),
    ASET("aset"),
    STARTPIPELINE("startpipeline"),
    ENDPIPELINE("endpipeline"),
    SYNCPIPELINE("syncpipeline"),
    UNKNOWN("");

    private final String word;

    Kind(String word) {
      this.word = word;
    }

    static Kind of(String name) {
      for (Kind k : values()) {
        if (k != UNKNOWN && asciiEqualsIgnoreCase(name, k.word)) {
          return k;
        }
      }
      return UNKNOWN;
    }
  }

  private final String name;
  private final String text;
  private final SqlLexer lexer;
  private final List<Command> commands = new ArrayList<>();
  // Offsets of the newlines, to number lines without rescanning the text.
  private final int[] newlines;

  private ScriptParser(String name, String text) {
    this.name = name;
    this.text = text;
    this.lexer = new SqlLexer(text);
    this.newlines = newlineOffsets(text);
  }

  private static int[] newlineOffsets(String text) {
    int count = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        count++;
      }
    }
    int[] offsets = new int[count];
    for (int i = 0, k = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        offsets[k++] = i;
      }
    }
    return offsets;
  }

  static Script parse(String name, String text) throws ScriptException {
    // pgbench reads scripts as C strings: nothing after a NUL byte exists for it.
    int nul = text.indexOf('\0');
    String visible = nul < 0 ? text : text.substring(0, nul);
    ScriptParser parser = new ScriptParser(name, visible);
    parser.readCommands();
    if (parser.commands.isEmpty()) {
      throw ScriptException.ofScript(name, "empty command list for script \"" + name + "\"");
    }
    return new Script(name, Conditionals.link(name, parser.commands));
  }

  private void readCommands() throws ScriptException {
    StringBuilder buffer = new StringBuilder();
    boolean firstScan = true;
    while (true) {
      buffer.setLength(0);
      int scanStart = lexer.position();
      int attachLine = firstScan ? firstScanLine() : lineAt(scanStart);
      firstScan = false;
      SqlLexer.Stop stop = lexer.scan(buffer);
      Command.Sql sql = sqlCommand(buffer, lexer.commandStart(), lexer.compoundSeparators());
      if (sql != null) {
        commands.add(sql);
      }
      if (stop == SqlLexer.Stop.BACKSLASH) {
        metaCommand(lexer.position() - 1, attachLine);
      } else if (stop == SqlLexer.Stop.END) {
        return;
      }
    }
  }

  /**
   * The line pgbench names for a misplaced {@code \gset} found by the first scan: its lexer has not
   * marked a position yet, so it counts the newlines of the whole text but the last character.
   */
  private int firstScanLine() {
    return text.isEmpty() ? 1 : lineAt(text.length() - 1);
  }

  /** 1 + the number of newlines before {@code offset}. */
  private int lineAt(int offset) {
    int found = Arrays.binarySearch(newlines, offset);
    return 1 + (found >= 0 ? found : -found - 1);
  }

  private Command.Sql sqlCommand(StringBuilder buffer, int start, List<Integer> separators) {
    int skip = leadingCommentsAndSpace(buffer);
    if (skip < 0) {
      return null;
    }
    String sql = buffer.substring(skip);
    List<String> parts = new ArrayList<>();
    int from = 0;
    for (int separator : separators) {
      int at = separator - skip;
      if (at >= from) {
        parts.add(sql.substring(from, at));
        from = at + 1;
      }
    }
    parts.add(sql.substring(from));
    return new Command.Sql(
        lineAt(start), sqlFirstLine(sql), sql, parts, Command.Store.NONE, "", SqlTemplate.of(sql));
  }

  /** pgbench's skip_sql_comments: the offset of the text after them, or -1 if nothing else. */
  private static int leadingCommentsAndSpace(CharSequence s) {
    int p = 0;
    while (true) {
      if (p < s.length() && Atoi.isCSpace(s.charAt(p))) {
        p++;
      } else if (p + 1 < s.length() && s.charAt(p) == '-' && s.charAt(p + 1) == '-') {
        while (p < s.length() && s.charAt(p) != '\n') {
          p++;
        }
        if (p == s.length()) {
          return -1;
        }
        p++;
      } else {
        break;
      }
    }
    return p == s.length() ? -1 : p;
  }

  private static String sqlFirstLine(String sql) {
    int end = 0;
    int bytes = 0;
    while (end < sql.length()) {
      char c = sql.charAt(end);
      if (c == '\n' || c == '\r') {
        break;
      }
      int width = Character.isHighSurrogate(c) && end + 1 < sql.length() ? 2 : 1;
      int size = ScriptException.byteColumn(sql, end, end + width);
      if (bytes + size > FIRST_LINE_BYTES) {
        break;
      }
      bytes += size;
      end += width;
    }
    return sql.substring(0, end);
  }

  private void metaCommand(int backslash, int attachLine) throws ScriptException {
    Words words = new Words(text, backslash + 1);
    int line = lineAt(backslash);
    Words.Word commandWord = words.next();
    if (commandWord == null) {
      // A backslash alone on its line: pgbench ignores it.
      lexer.moveTo(words.position());
      return;
    }
    String command = commandWord.text();
    Kind kind = Kind.of(command);
    if (kind == Kind.SET || kind == Kind.IF || kind == Kind.ELIF) {
      expressionCommand(kind, command, backslash, line, words);
      return;
    }
    List<Words.Word> args = new ArrayList<>();
    args.add(commandWord);
    Words.Word word;
    while ((word = words.next()) != null) {
      if (args.size() >= MAX_WORDS) {
        throw ScriptException.syntax(name, line, null, command, "too many arguments", null, -1);
      }
      args.add(word);
    }
    int end = words.position();
    lexer.moveTo(end);
    String firstLine = chomp(text.substring(backslash, end));
    switch (kind) {
      case SLEEP -> commands.add(sleep(command, backslash, line, firstLine, args));
      case SETSHELL -> {
        if (args.size() < 3) {
          throw ScriptException.syntax(
              name, line, firstLine, command, "missing argument", null, -1);
        }
        commands.add(
            new Command.SetShell(
                line, firstLine, command, args.get(1).text(), texts(args.subList(2, args.size()))));
      }
      case SHELL -> {
        if (args.size() < 2) {
          throw ScriptException.syntax(name, line, firstLine, command, "missing command", null, -1);
        }
        commands.add(
            new Command.Shell(line, firstLine, command, texts(args.subList(1, args.size()))));
      }
      case ELSE, ENDIF, STARTPIPELINE, ENDPIPELINE, SYNCPIPELINE -> {
        if (args.size() != 1) {
          throw ScriptException.syntax(
              name, line, firstLine, command, "unexpected argument", null, -1);
        }
        commands.add(
            switch (kind) {
              case ELSE -> new Command.Else(line, firstLine, command, -1);
              case ENDIF -> new Command.Endif(line, firstLine, command);
              case STARTPIPELINE -> new Command.StartPipeline(line, firstLine, command);
              case ENDPIPELINE -> new Command.EndPipeline(line, firstLine, command);
              default -> new Command.SyncPipeline(line, firstLine, command);
            });
      }
      case GSET, ASET -> {
        if (args.size() > 2) {
          throw ScriptException.syntax(
              name, line, firstLine, command, "too many arguments", null, -1);
        }
        attachResultStore(kind, args.size() > 1 ? args.get(1).text() : "", attachLine);
      }
      default ->
          throw ScriptException.syntax(name, line, firstLine, command, "invalid command", null, -1);
    }
  }

  private void expressionCommand(Kind kind, String command, int backslash, int line, Words words)
      throws ScriptException {
    String variable = null;
    if (kind == Kind.SET) {
      Words.Word v = words.next();
      if (v == null) {
        throw ScriptException.syntax(name, line, null, command, "missing argument", null, -1);
      }
      variable = v.text();
    }
    int start = words.position();
    int end = Words.endOfCommand(text, start);
    lexer.moveTo(end);
    String firstLine = chomp(text.substring(backslash, end));
    String expressionText = text.substring(start, end);
    Expression expression;
    try {
      expression = Expression.parse(expressionText);
    } catch (ExpressionSyntaxException e) {
      throw ScriptException.syntax(
          name,
          line,
          firstLine,
          command,
          e.getMessage(),
          null,
          caretColumn(backslash, start, expressionText, e.position()));
    }
    commands.add(
        switch (kind) {
          case SET -> new Command.Set(line, firstLine, command, variable, expression);
          case IF -> new Command.If(line, firstLine, command, expression, -1);
          default -> new Command.Elif(line, firstLine, command, expression, -1, -1);
        });
  }

  /**
   * pgbench's caret sits under the last character its expression lexer read. An error found at the
   * end of a line points at the newline; at the end of the file there is no newline, and it points
   * at the last character instead.
   */
  private int caretColumn(int backslash, int start, String expressionText, int position) {
    if (position < 0) {
      return -1;
    }
    int at = start + position;
    if (at >= text.length()) {
      at = text.length() - 1;
    }
    if (at < backslash) {
      return -1;
    }
    return ScriptException.byteColumn(text, backslash, at);
  }

  private Command.Sleep sleep(
      String command, int backslash, int line, String firstLine, List<Words.Word> args)
      throws ScriptException {
    if (args.size() < 2) {
      throw ScriptException.syntax(name, line, firstLine, command, "missing argument", null, -1);
    }
    if (args.size() > 3) {
      throw ScriptException.syntax(
          name,
          line,
          firstLine,
          command,
          "too many arguments",
          null,
          column(backslash, args.get(3).start()));
    }
    String amount = args.get(1).text();
    String unit = args.size() == 3 ? args.get(2).text() : null;
    int unitStart = args.size() == 3 ? args.get(2).start() : -1;
    if (!amount.startsWith(":")) {
      int c = 0;
      if (c < amount.length() && (amount.charAt(c) == '+' || amount.charAt(c) == '-')) {
        c++;
      }
      boolean digit = c < amount.length() && SqlLexer.isDigit(amount.charAt(c));
      while (c < amount.length() && SqlLexer.isDigit(amount.charAt(c))) {
        c++;
      }
      if (c < amount.length()) {
        if (args.size() == 2 && digit) {
          unit = amount.substring(c);
          unitStart = args.get(1).start() + c;
        } else {
          throw ScriptException.syntax(
              name,
              line,
              firstLine,
              command,
              "invalid sleep time, must be an integer",
              amount,
              column(backslash, args.get(1).start()));
        }
      }
    }
    TimeUnit timeUnit = TimeUnit.SECONDS;
    if (unit != null) {
      if (asciiEqualsIgnoreCase(unit, "us")) {
        timeUnit = TimeUnit.MICROSECONDS;
      } else if (asciiEqualsIgnoreCase(unit, "ms")) {
        timeUnit = TimeUnit.MILLISECONDS;
      } else if (!asciiEqualsIgnoreCase(unit, "s")) {
        throw ScriptException.syntax(
            name,
            line,
            firstLine,
            command,
            "unrecognized time unit, must be us, ms or s",
            unit,
            column(backslash, unitStart));
      }
    }
    return new Command.Sleep(line, firstLine, command, amount, timeUnit);
  }

  private void attachResultStore(Kind kind, String prefix, int attachLine) throws ScriptException {
    String message = "\\gset must follow an SQL command";
    if (commands.isEmpty()) {
      throw ScriptException.syntax(name, attachLine, null, null, message, null, -1);
    }
    Command last = commands.get(commands.size() - 1);
    if (!(last instanceof Command.Sql sql) || sql.store() != Command.Store.NONE) {
      // pgbench names the previous command by its first line, which SQL commands get only later.
      String more = last instanceof Command.Meta ? last.firstLine() : null;
      throw ScriptException.syntax(name, attachLine, null, null, message, more, -1);
    }
    commands.set(
        commands.size() - 1,
        new Command.Sql(
            sql.line(),
            sql.firstLine(),
            sql.text(),
            sql.parts(),
            kind == Kind.GSET ? Command.Store.GSET : Command.Store.ASET,
            prefix,
            sql.template()));
  }

  private int column(int backslash, int offset) {
    return ScriptException.byteColumn(text, backslash, offset);
  }

  private static List<String> texts(List<Words.Word> words) {
    List<String> texts = new ArrayList<>(words.size());
    for (Words.Word w : words) {
      texts.add(w.text());
    }
    return texts;
  }

  private static String chomp(String s) {
    int end = s.length();
    while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) {
      end--;
    }
    return s.substring(0, end);
  }

  static boolean asciiEqualsIgnoreCase(String a, String b) {
    if (a.length() != b.length()) {
      return false;
    }
    for (int i = 0; i < a.length(); i++) {
      if (asciiLower(a.charAt(i)) != asciiLower(b.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static char asciiLower(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
  }

  /** pgbench's static check of {@code \if} nesting, which also finds each branch's targets. */
  private static final class Conditionals {

    private Conditionals() {}

    static List<Command> link(String script, List<Command> commands) throws ScriptException {
      int count = commands.size();
      int[] next = new int[count];
      int[] end = new int[count];
      Deque<List<Integer>> open = new ArrayDeque<>();
      Deque<Boolean> elseSeen = new ArrayDeque<>();
      for (int i = 0; i < count; i++) {
        Command c = commands.get(i);
        if (c instanceof Command.If) {
          List<Integer> branches = new ArrayList<>();
          branches.add(i);
          open.push(branches);
          elseSeen.push(false);
        } else if (c instanceof Command.Elif || c instanceof Command.Else) {
          String what = c instanceof Command.Elif ? "\\elif" : "\\else";
          if (open.isEmpty()) {
            throw error(script, i, what + " without matching \\if");
          }
          if (elseSeen.peek()) {
            throw error(script, i, what + " after \\else");
          }
          if (c instanceof Command.Else) {
            elseSeen.pop();
            elseSeen.push(true);
          }
          open.peek().add(i);
        } else if (c instanceof Command.Endif) {
          if (open.isEmpty()) {
            throw error(script, i, "\\endif without matching \\if");
          }
          List<Integer> branches = open.pop();
          elseSeen.pop();
          for (int b = 0; b < branches.size(); b++) {
            int at = branches.get(b);
            next[at] = b + 1 < branches.size() ? branches.get(b + 1) : i;
            end[at] = i;
          }
        }
      }
      if (!open.isEmpty()) {
        throw error(script, count, "\\if without matching \\endif");
      }
      List<Command> linked = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        Command c = commands.get(i);
        if (c instanceof Command.If f) {
          c = new Command.If(f.line(), f.firstLine(), f.name(), f.condition(), next[i]);
        } else if (c instanceof Command.Elif f) {
          c = new Command.Elif(f.line(), f.firstLine(), f.name(), f.condition(), next[i], end[i]);
        } else if (c instanceof Command.Else f) {
          c = new Command.Else(f.line(), f.firstLine(), f.name(), end[i]);
        }
        linked.add(c);
      }
      return List.copyOf(linked);
    }

    private static ScriptException error(String script, int index, String message) {
      return ScriptException.ofScript(
          script,
          "condition error in script \"" + script + "\" command " + (index + 1) + ": " + message);
    }
  }
}
