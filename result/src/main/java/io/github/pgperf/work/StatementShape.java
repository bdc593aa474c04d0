package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.pgperf.work.SqlTokens.Kind;
import io.github.pgperf.work.SqlTokens.Token;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.apiguardian.api.API;

/**
 * The text that identifies a statement: its normalized text, except for utility statements that
 * name something the application names anew each time. {@code pg_stat_statements} keeps utility
 * statements by their text (before PostgreSQL 16 and 17 normalize some of them), so pgjdbc's {@code
 * SAVEPOINT JDBC_SAVEPOINT_923}, {@code SAVEPOINT JDBC_SAVEPOINT_924} ... are each an entry of one
 * call. Their shape replaces the generated part with {@value #NAME} (a {@code SET}'s value with
 * {@value #VALUE}), writes the keywords in upper case and leaves out comments, so that they are one
 * statement:
 *
 * <ul>
 *   <li>{@code SAVEPOINT <name>}, {@code RELEASE SAVEPOINT <name>} ({@code RELEASE x} too), {@code
 *       ROLLBACK TO SAVEPOINT <name>} ({@code ROLLBACK [WORK|TRANSACTION] TO x} too);
 *   <li>cursors: {@code DECLARE <name> [options] CURSOR ... FOR query}, {@code FETCH}/{@code MOVE
 *       [direction] [count] FROM <name>} ({@code IN}, or neither), {@code CLOSE <name>};
 *   <li>prepared statements: {@code PREPARE <name> [(types)] AS query} (what {@code
 *       pg_stat_statements} shows for the executions of a statement prepared in SQL), {@code
 *       EXECUTE <name>[(...)]}, {@code DEALLOCATE <name>};
 *   <li>two-phase commit: {@code PREPARE TRANSACTION <name>}, {@code COMMIT PREPARED <name>},
 *       {@code ROLLBACK PREPARED <name>};
 *   <li>temporary tables: {@code CREATE TEMP TABLE [IF NOT EXISTS] <name> ...} (also {@code
 *       TEMPORARY}, {@code GLOBAL}/{@code LOCAL}, or a table in {@code pg_temp}), and the tables of
 *       a {@code DROP TABLE} or {@code TRUNCATE} that are in {@code pg_temp} or that a {@code
 *       CREATE TEMP TABLE} among the same texts made;
 *   <li>{@code SET [LOCAL] name = <value>} ({@code TO}, {@code SESSION}), {@code SET [LOCAL] TIME
 *       ZONE <value>}; a value of {@code DEFAULT} is kept.
 * </ul>
 *
 * <p>The query of a {@code DECLARE}, {@code PREPARE} or {@code CREATE TEMP TABLE ... AS} and the
 * column list of a table are kept as written. Any other text, and a text of these kinds that does
 * not parse as described, is its own shape, unchanged. The shape is the statement's identity: in
 * the result, the gate and the report, the entries of one shape are one statement with their
 * counters added.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class StatementShape {

  /** What stands for a generated name. */
  public static final String NAME = "<name>";

  /** What stands for a {@code SET}'s value. */
  public static final String VALUE = "<value>";

  /** The first words of the statements that can have another shape than their text. */
  private static final Set<String> FIRST_WORDS =
      Set.of(
          "SAVEPOINT",
          "RELEASE",
          "ROLLBACK",
          "COMMIT",
          "DECLARE",
          "FETCH",
          "MOVE",
          "CLOSE",
          "PREPARE",
          "EXECUTE",
          "DEALLOCATE",
          "CREATE",
          "DROP",
          "TRUNCATE",
          "SET");

  /** Words of a FETCH or MOVE before its cursor: the direction. */
  private static final Set<String> DIRECTIONS =
      Set.of(
          "NEXT", "PRIOR", "FIRST", "LAST", "ABSOLUTE", "RELATIVE", "ALL", "FORWARD", "BACKWARD");

  /** Words of a DECLARE between its name and FOR. */
  private static final Set<String> CURSOR_OPTIONS =
      Set.of(
          "BINARY",
          "ASENSITIVE",
          "INSENSITIVE",
          "NO",
          "SCROLL",
          "CURSOR",
          "WITH",
          "WITHOUT",
          "HOLD");

  private StatementShape() {}

  /**
   * Each text's shape. A temporary table is known by its {@code pg_temp} schema or by a {@code
   * CREATE TEMP TABLE} among {@code texts}.
   *
   * @return by text, every text of {@code texts}; most map to themselves
   */
  public static Map<String, String> of(Collection<String> texts) {
    Set<String> temporary = new HashSet<>();
    for (String text : texts) {
      if (mayChange(text)) {
        String table = createdTemporaryTable(statement(text));
        if (table != null) {
          temporary.add(table);
        }
      }
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String text : texts) {
      out.put(text, mayChange(text) ? shape(text, temporary) : text);
    }
    return out;
  }

  /** The shape of one text; a table is temporary here only by its {@code pg_temp} schema. */
  public static String of(String text) {
    return mayChange(text) ? shape(text, Set.of()) : text;
  }

  /**
   * {@code text} with its constants written {@code ?} (strings of every form, numbers with their
   * sign), comments left out and the space between tokens one blank; words, symbols and {@code $1}
   * parameters as written. A statement's text as {@code pg_stat_activity} shows a waiting backend's
   * holds the values a simple-protocol statement was sent with, which differ from transaction to
   * transaction; without them, the texts of one statement are one.
   */
  public static String withoutConstants(String text) {
    List<Token> tokens = SqlTokens.of(text);
    StringBuilder out = new StringBuilder(text.length());
    int previousEnd = -1;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      boolean sign =
          (t.isSymbol("-") || t.isSymbol("+"))
              && i + 1 < tokens.size()
              && tokens.get(i + 1).kind() == Kind.NUMBER
              && tokens.get(i + 1).start() == t.end()
              && (i == 0 || tokens.get(i - 1).kind() == Kind.SYMBOL);
      if (previousEnd >= 0 && previousEnd < t.start()) {
        out.append(' ');
      }
      if (sign) {
        previousEnd = t.end(); // its number follows at once: no blank between them
        continue;
      }
      out.append(t.kind() == Kind.STRING || t.kind() == Kind.NUMBER ? "?" : t.text());
      previousEnd = t.end();
    }
    return out.toString();
  }

  /**
   * Whether the statement changes or locks the rows it reads: {@code INSERT}, {@code UPDATE},
   * {@code DELETE} or {@code MERGE} anywhere in it (a data-modifying {@code WITH} too), or a
   * locking clause ({@code FOR UPDATE}, {@code FOR NO KEY UPDATE}, {@code FOR SHARE}, {@code FOR
   * KEY SHARE}). Such a statement leaves row versions behind for its next call to step over, so the
   * blocks it reads depend on how many the run made and how many pruning and autovacuum removed.
   * Words in strings, quoted names and comments do not count.
   */
  public static boolean changesOrLocksRows(String text) {
    List<Token> tokens = SqlTokens.of(text);
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.is("INSERT") || t.is("UPDATE") || t.is("DELETE") || t.is("MERGE")) {
        return true;
      }
      if (t.is("SHARE") && i > 0 && (tokens.get(i - 1).is("FOR") || tokens.get(i - 1).is("KEY"))) {
        return true;
      }
    }
    return false;
  }

  /** Whether the text starts with one of {@link #FIRST_WORDS}: only those are read whole. */
  private static boolean mayChange(String text) {
    Token first = SqlTokens.first(text);
    return first != null
        && first.kind() == Kind.WORD
        && FIRST_WORDS.contains(first.text().toUpperCase(Locale.ROOT));
  }

  /** The tokens of one statement, without the semicolons that end it. */
  private static List<Token> statement(String text) {
    List<Token> tokens = new ArrayList<>(SqlTokens.of(text));
    while (!tokens.isEmpty() && tokens.get(tokens.size() - 1).isSymbol(";")) {
      tokens.remove(tokens.size() - 1);
    }
    return tokens;
  }

  private static String shape(String text, Set<String> temporary) {
    List<Token> t = statement(text);
    if (t.stream().anyMatch(token -> token.isSymbol(";"))) {
      return text; // several statements: not one of these
    }
    String shape =
        switch (t.get(0).upper()) {
          case "SAVEPOINT" -> t.size() == 2 && name(t.get(1)) ? "SAVEPOINT " + NAME : null;
          case "RELEASE" -> release(t);
          case "ROLLBACK" -> rollback(t);
          case "COMMIT" ->
              t.size() == 3 && t.get(1).is("PREPARED") && transactionId(t.get(2))
                  ? "COMMIT PREPARED " + NAME
                  : null;
          case "DECLARE" -> declare(t, text);
          case "FETCH", "MOVE" -> fetch(t);
          case "CLOSE" ->
              t.size() == 2 && name(t.get(1)) && !t.get(1).is("ALL") ? "CLOSE " + NAME : null;
          case "PREPARE" -> prepare(t, text);
          case "EXECUTE" -> execute(t);
          case "DEALLOCATE" -> deallocate(t);
          case "CREATE" -> create(t, text);
          case "DROP" ->
              t.size() > 2 && t.get(1).is("TABLE") ? tables(t, 2, "DROP TABLE", temporary) : null;
          case "TRUNCATE" ->
              tables(t, t.size() > 1 && t.get(1).is("TABLE") ? 2 : 1, "TRUNCATE", temporary);
          case "SET" -> set(t);
          default -> null;
        };
    return shape == null ? text : shape;
  }

  /** A name the application may generate: an identifier, or {@code $1} where the server put one. */
  private static boolean name(Token t) {
    return t.kind() == Kind.WORD || t.kind() == Kind.QUOTED || t.kind() == Kind.PARAM;
  }

  /** A two-phase commit's transaction identifier: a string, or {@code $1}. */
  private static boolean transactionId(Token t) {
    return t.kind() == Kind.STRING || t.kind() == Kind.PARAM;
  }

  /** {@code RELEASE [SAVEPOINT] name}. */
  private static String release(List<Token> t) {
    int i = t.size() > 1 && t.get(1).is("SAVEPOINT") ? 2 : 1;
    return t.size() == i + 1 && name(t.get(i)) ? "RELEASE SAVEPOINT " + NAME : null;
  }

  /** {@code ROLLBACK [WORK|TRANSACTION] TO [SAVEPOINT] name}, {@code ROLLBACK PREPARED 'id'}. */
  private static String rollback(List<Token> t) {
    if (t.size() == 3 && t.get(1).is("PREPARED") && transactionId(t.get(2))) {
      return "ROLLBACK PREPARED " + NAME;
    }
    int i = 1;
    if (i < t.size() && (t.get(i).is("WORK") || t.get(i).is("TRANSACTION"))) {
      i++;
    }
    if (i >= t.size() || !t.get(i).is("TO")) {
      return null;
    }
    i++;
    if (i < t.size() && t.get(i).is("SAVEPOINT")) {
      i++;
    }
    return t.size() == i + 1 && name(t.get(i)) ? "ROLLBACK TO SAVEPOINT " + NAME : null;
  }

  /** {@code DECLARE name [options] CURSOR [options] FOR query}. */
  private static String declare(List<Token> t, String text) {
    if (t.size() < 5 || !name(t.get(1))) {
      return null;
    }
    StringJoiner options = new StringJoiner(" ");
    boolean cursor = false;
    for (int i = 2; i < t.size() - 1; i++) {
      Token word = t.get(i);
      if (word.is("FOR")) {
        return cursor ? "DECLARE " + NAME + " " + options + " FOR " + rest(t, i + 1, text) : null;
      }
      if (word.kind() != Kind.WORD || !CURSOR_OPTIONS.contains(word.upper())) {
        return null;
      }
      cursor |= word.is("CURSOR");
      options.add(word.upper());
    }
    return null;
  }

  /** {@code FETCH|MOVE [direction] [count] [FROM|IN] cursor}. */
  private static String fetch(List<Token> t) {
    Token cursor = t.get(t.size() - 1);
    if (t.size() < 2 || !name(cursor) || DIRECTIONS.contains(cursor.upper())) {
      return null;
    }
    int end = t.size() - 1;
    if (end > 1 && (t.get(end - 1).is("FROM") || t.get(end - 1).is("IN"))) {
      end--;
    }
    StringBuilder out = new StringBuilder(t.get(0).upper());
    for (int i = 1; i < end; i++) {
      Token x = t.get(i);
      boolean sign = x.isSymbol("-") || x.isSymbol("+");
      if (!(x.kind() == Kind.WORD && DIRECTIONS.contains(x.upper())
          || x.kind() == Kind.NUMBER
          || x.kind() == Kind.PARAM
          || sign && i + 1 < end && t.get(i + 1).kind() == Kind.NUMBER)) {
        return null;
      }
      boolean afterSign = i > 1 && (t.get(i - 1).isSymbol("-") || t.get(i - 1).isSymbol("+"));
      out.append(afterSign ? "" : " ").append(x.upper());
    }
    return out.append(" FROM ").append(NAME).toString();
  }

  /** {@code PREPARE name [(types)] AS query}, {@code PREPARE TRANSACTION 'id'}. */
  private static String prepare(List<Token> t, String text) {
    if (t.size() == 3 && t.get(1).is("TRANSACTION") && transactionId(t.get(2))) {
      return "PREPARE TRANSACTION " + NAME;
    }
    if (t.size() < 4 || !name(t.get(1))) {
      return null;
    }
    int as = 2;
    String types = "";
    if (t.get(2).isSymbol("(")) {
      int close = closing(t, 2);
      if (close < 0) {
        return null;
      }
      types = " " + text.substring(t.get(2).start(), t.get(close).end());
      as = close + 1;
    }
    if (as >= t.size() - 1 || !t.get(as).is("AS")) {
      return null;
    }
    return "PREPARE " + NAME + types + " AS " + rest(t, as + 1, text);
  }

  /** {@code EXECUTE name [(arguments)]}: the arguments are values, left out. */
  private static String execute(List<Token> t) {
    if (t.size() < 2 || !name(t.get(1))) {
      return null;
    }
    if (t.size() == 2) {
      return "EXECUTE " + NAME;
    }
    return t.get(2).isSymbol("(") && closing(t, 2) == t.size() - 1
        ? "EXECUTE " + NAME + "(...)"
        : null;
  }

  /** {@code DEALLOCATE [PREPARE] name}; {@code ALL} stays. */
  private static String deallocate(List<Token> t) {
    int i = t.size() > 1 && t.get(1).is("PREPARE") ? 2 : 1;
    return t.size() == i + 1 && name(t.get(i)) && !t.get(i).is("ALL") ? "DEALLOCATE " + NAME : null;
  }

  /**
   * The table a {@code CREATE [GLOBAL|LOCAL] TEMP|TEMPORARY TABLE [IF NOT EXISTS] name} or a {@code
   * CREATE TABLE [IF NOT EXISTS] pg_temp.name} makes; {@code null} for other statements.
   */
  private static CreatedTable createdTable(List<Token> t) {
    if (t.isEmpty() || !t.get(0).is("CREATE")) {
      return null;
    }
    int i = 1;
    if (i < t.size() && (t.get(i).is("GLOBAL") || t.get(i).is("LOCAL"))) {
      i++;
    }
    boolean temp = i < t.size() && (t.get(i).is("TEMP") || t.get(i).is("TEMPORARY"));
    if (temp) {
      i++;
    }
    if (i >= t.size() || !t.get(i).is("TABLE")) {
      return null;
    }
    i++;
    boolean ifNotExists =
        i + 2 < t.size()
            && t.get(i).is("IF")
            && t.get(i + 1).is("NOT")
            && t.get(i + 2).is("EXISTS");
    TableName table = TableName.at(t, ifNotExists ? i + 3 : i);
    return table != null && (temp || table.inPgTemp())
        ? new CreatedTable(temp, ifNotExists, table)
        : null;
  }

  /** The table a {@code CREATE TEMP TABLE} makes, folded; {@code null} for other statements. */
  private static String createdTemporaryTable(List<Token> t) {
    CreatedTable created = createdTable(t);
    return created == null ? null : created.table().table();
  }

  /** A temporary table's {@code CREATE}, its name replaced, the rest as written. */
  private static String create(List<Token> t, String text) {
    CreatedTable created = createdTable(t);
    if (created == null) {
      return null;
    }
    TableName table = created.table();
    return "CREATE "
        + (created.temp() ? "TEMP " : "")
        + "TABLE "
        + (created.ifNotExists() ? "IF NOT EXISTS " : "")
        + table.shape()
        + (table.end() < t.size() ? " " + rest(t, table.end(), text) : "");
  }

  /**
   * A temporary table's {@code CREATE}.
   *
   * @param temp whether it says {@code TEMP} or {@code TEMPORARY} (else its schema is pg_temp)
   */
  private record CreatedTable(boolean temp, boolean ifNotExists, TableName table) {}

  /**
   * {@code <command> name [, name ...] [words]} ({@code DROP TABLE [IF EXISTS]}, {@code TRUNCATE
   * [TABLE]}, then {@code CASCADE}, {@code RESTART IDENTITY} ...): the temporary tables named,
   * {@code null} when it names none.
   */
  private static String tables(List<Token> t, int from, String command, Set<String> temporary) {
    int i = from;
    String ifExists = "";
    if (command.startsWith("DROP")
        && i + 1 < t.size()
        && t.get(i).is("IF")
        && t.get(i + 1).is("EXISTS")) {
      ifExists = "IF EXISTS ";
      i += 2;
    }
    StringJoiner names = new StringJoiner(", ");
    boolean anyTemporary = false;
    while (true) {
      TableName table = TableName.at(t, i);
      if (table == null) {
        return null;
      }
      boolean temp = table.inPgTemp() || !table.qualified() && temporary.contains(table.table());
      anyTemporary |= temp;
      names.add(temp ? table.shape() : table.written());
      i = table.end();
      if (i < t.size() && t.get(i).isSymbol(",")) {
        i++;
      } else {
        break;
      }
    }
    StringJoiner words = new StringJoiner(" ");
    for (; i < t.size(); i++) {
      if (t.get(i).kind() != Kind.WORD) {
        return null;
      }
      words.add(t.get(i).upper());
    }
    if (!anyTemporary) {
      return null;
    }
    return command + " " + ifExists + names + (words.length() == 0 ? "" : " " + words);
  }

  /** {@code SET [SESSION|LOCAL] name {=|TO} value}, {@code SET [SESSION|LOCAL] TIME ZONE value}. */
  private static String set(List<Token> t) {
    int i = 1;
    String local = "";
    if (i < t.size() && t.get(i).is("SESSION")) {
      i++;
    } else if (i < t.size() && t.get(i).is("LOCAL")) {
      local = "LOCAL ";
      i++;
    }
    if (i + 2 < t.size() && t.get(i).is("TIME") && t.get(i + 1).is("ZONE")) {
      return "SET " + local + "TIME ZONE " + value(t, i + 2);
    }
    StringBuilder name = new StringBuilder();
    while (i < t.size() && (t.get(i).kind() == Kind.WORD || t.get(i).kind() == Kind.QUOTED)) {
      name.append(t.get(i).written());
      i++;
      if (i < t.size() && t.get(i).isSymbol(".")) {
        name.append('.');
        i++;
      } else {
        break;
      }
    }
    if (name.length() == 0
        || name.charAt(name.length() - 1) == '.'
        || i + 1 >= t.size()
        || !(t.get(i).isSymbol("=") || t.get(i).is("TO"))) {
      return null;
    }
    return "SET " + local + name + " = " + value(t, i + 1);
  }

  /**
   * A SET's value from token {@code from}: {@code DEFAULT} (or {@code LOCAL}) as it is, else
   * {@value #VALUE}.
   */
  private static String value(List<Token> t, int from) {
    return t.size() == from + 1 && (t.get(from).is("DEFAULT") || t.get(from).is("LOCAL"))
        ? t.get(from).upper()
        : VALUE;
  }

  /** The index of the parenthesis closing the one at {@code open}, or -1. */
  private static int closing(List<Token> t, int open) {
    int depth = 0;
    for (int i = open; i < t.size(); i++) {
      if (t.get(i).isSymbol("(")) {
        depth++;
      } else if (t.get(i).isSymbol(")") && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** The text from token {@code from} to the last token, as written. */
  private static String rest(List<Token> t, int from, String text) {
    return text.substring(t.get(from).start(), t.get(t.size() - 1).end());
  }

  /**
   * A table's name at a token: {@code name}, {@code schema.name} or {@code catalog.schema.name}.
   *
   * @param parts the identifiers' tokens
   * @param end the index of the token after the name
   */
  private record TableName(List<Token> parts, int end) {

    static TableName at(List<Token> t, int i) {
      List<Token> parts = new ArrayList<>();
      while (i < t.size() && (t.get(i).kind() == Kind.WORD || t.get(i).kind() == Kind.QUOTED)) {
        parts.add(t.get(i));
        i++;
        if (parts.size() < 3 && i + 1 < t.size() && t.get(i).isSymbol(".")) {
          i++;
        } else {
          break;
        }
      }
      return parts.isEmpty() ? null : new TableName(parts, i);
    }

    boolean qualified() {
      return parts.size() > 1;
    }

    /** In {@code pg_temp} (or a session's own {@code pg_temp_N}). */
    boolean inPgTemp() {
      if (parts.size() != 2) {
        return false;
      }
      String schema = parts.get(0).folded();
      return schema.equals("pg_temp") || schema.matches("pg_temp_[0-9]+");
    }

    /** The table's own name, folded. */
    String table() {
      return parts.get(parts.size() - 1).folded();
    }

    String written() {
      StringJoiner out = new StringJoiner(".");
      parts.forEach(p -> out.add(p.text()));
      return out.toString();
    }

    /** As its shape writes it: {@code <name>}, or {@code pg_temp.<name>}. */
    String shape() {
      return (inPgTemp() ? "pg_temp." : "") + NAME;
    }
  }
}
