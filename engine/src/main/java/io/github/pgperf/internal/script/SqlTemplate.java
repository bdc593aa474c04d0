package io.github.pgperf.internal.script;

import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code :name} variable references of an SQL command, found as pgbench finds them: every colon
 * followed by a letter, underscore or non-ASCII character starts a name, quotes and comments
 * notwithstanding; a run of colons ({@code ::int}) is skipped whole.
 *
 * <p>With {@code -M simple} the references are replaced by the variables' values at send time,
 * undefined ones left as written. With {@code -M extended} and {@code -M prepared} every reference
 * becomes a parameter {@code $1..$n}, sent as the variable's text, or NULL when undefined.
 */
public final class SqlTemplate {

  /** pgbench's MAX_ARGS minus the slot of the statement itself. */
  public static final int MAX_PARAMETERS = 255;

  // literals.length == names.length + 1: literal, name, literal, ..., literal.
  private final String[] literals;
  private final String[] names;
  private final List<String> nameList;
  private final String text;
  private final String numbered;
  // Non-null when the text holds bytes this client encoding does not allow (InvalidBytes' marks).
  private final ClientEncoding invalidIn;

  private SqlTemplate(String text, String[] literals, String[] names) {
    this(text, literals, names, null);
  }

  private SqlTemplate(String text, String[] literals, String[] names, ClientEncoding invalidIn) {
    this.text = text;
    this.literals = literals;
    this.names = names;
    this.invalidIn = invalidIn;
    this.nameList = List.of(names);
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < names.length; i++) {
      sb.append(literals[i]).append('$').append(i + 1);
    }
    this.numbered = sb.append(literals[names.length]).toString();
  }

  /** Finds the references in {@code sql}. */
  public static SqlTemplate of(String sql) {
    List<String> literals = new ArrayList<>();
    List<String> names = new ArrayList<>();
    int literalStart = 0;
    int p = 0;
    int colon;
    while ((colon = sql.indexOf(':', p)) >= 0) {
      int nameEnd = nameEnd(sql, colon + 1);
      if (nameEnd < 0) {
        p = colon;
        while (p < sql.length() && sql.charAt(p) == ':') {
          p++;
        }
        continue;
      }
      literals.add(sql.substring(literalStart, colon));
      names.add(sql.substring(colon + 1, nameEnd));
      literalStart = nameEnd;
      p = nameEnd;
    }
    literals.add(sql.substring(literalStart));
    return new SqlTemplate(sql, literals.toArray(String[]::new), names.toArray(String[]::new));
  }

  private static int nameEnd(String sql, int start) {
    if (start >= sql.length() || !SqlLexer.isIdentStart(sql.charAt(start))) {
      return -1;
    }
    int end = start + 1;
    while (end < sql.length() && SqlLexer.isVariableChar(sql.charAt(end))) {
      end++;
    }
    return end;
  }

  /** The command text as written. */
  public String text() {
    return text;
  }

  /**
   * The client encoding whose server will refuse this command's bytes, or null when they are valid.
   * pgbench sends such a command and aborts its client with the server's error; a run does the same
   * by handing the server the bytes ({@link #bytesSent}) to judge.
   */
  public ClientEncoding invalidIn() {
    return invalidIn;
  }

  /**
   * The bytes pgbench sends for this command (only for a command {@link #invalidIn()} an encoding):
   * with the variables' values in place ({@code -M simple}) or with {@code $n}.
   */
  public byte[] bytesSent(boolean substituted, Variables variables) {
    Charset charset = invalidIn.charset();
    return InvalidBytes.encode(substituted ? substituted(variables) : numbered, charset);
  }

  /** The first byte not valid in the client encoding, as {@code 0xe9}; only when invalid. */
  public String firstInvalidByte() {
    return InvalidBytes.hex(text.charAt(InvalidBytes.indexIn(text)));
  }

  /** How many line breaks come before the first byte not valid; only when invalid. */
  public int linesBeforeInvalidByte() {
    int at = InvalidBytes.indexIn(text);
    return (int) text.substring(0, at).chars().filter(c -> c == '\n').count();
  }

  /** This template, its bytes marked as refused in {@code encoding}. */
  SqlTemplate invalidIn(ClientEncoding encoding) {
    return new SqlTemplate(text, literals, names, encoding);
  }

  /** The referenced variable names in order of appearance, repeats included: parameter i+1. */
  public List<String> parameterNames() {
    return nameList;
  }

  /** The number of references. */
  public int parameterCount() {
    return names.length;
  }

  /** The name of parameter {@code $(index+1)}. */
  public String parameterName(int index) {
    return names[index];
  }

  /** The text of parameter {@code $(index+1)}, or {@code null} (sent as NULL) if undefined. */
  public String parameter(int index, Variables variables) {
    return variables.text(names[index]);
  }

  /** The command with {@code $1..$n} in place of the references (extended and prepared modes). */
  public String numbered() {
    return numbered;
  }

  /**
   * The command with JDBC's {@code ?} in place of the references, for a JDBC prepared statement
   * whose parameter {@code i} is {@link #parameter(int, Variables)} of {@code i - 1}.
   */
  public String jdbcText() {
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < names.length; i++) {
      sb.append(literals[i]).append('?');
    }
    return sb.append(literals[names.length]).toString();
  }

  /** Appends the command with defined variables' values in place (simple mode). */
  public void appendSubstituted(Variables variables, StringBuilder out) {
    for (int i = 0; i < names.length; i++) {
      out.append(literals[i]);
      String value = variables.text(names[i]);
      if (value == null) {
        out.append(':').append(names[i]);
      } else {
        out.append(value);
      }
    }
    out.append(literals[names.length]);
  }

  /** The command with defined variables' values in place (simple mode). */
  public String substituted(Variables variables) {
    if (names.length == 0) {
      return text;
    }
    StringBuilder sb = new StringBuilder(text.length() + 16 * names.length);
    appendSubstituted(variables, sb);
    return sb.toString();
  }

  /**
   * Checks pgbench's limit for extended and prepared modes.
   *
   * @throws ScriptException {@code statement has too many arguments (maximum is 255): <sql>}
   */
  void checkParameterLimit() throws ScriptException {
    if (names.length > MAX_PARAMETERS) {
      throw ScriptException.plain(
          "statement has too many arguments (maximum is " + MAX_PARAMETERS + "): " + text);
    }
  }
}
