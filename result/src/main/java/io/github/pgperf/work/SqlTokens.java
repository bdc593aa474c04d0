package io.github.pgperf.work;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SQL text as PostgreSQL's lexer splits it, as far as {@link StatementShape} needs: words (keywords
 * and unquoted identifiers), double-quoted identifiers, string constants of every form ({@code
 * 'x'}, {@code E'x'}, {@code U&'x'}, {@code B'1'}, {@code $tag$x$tag$}), numbers, parameters
 * ({@code $1}) and symbols; whitespace and comments ({@code --} to the line's end, nested {@code /*
 * *}{@code /}) are left out. Never fails: text that is not SQL (an unterminated quote or comment)
 * ends in a last token that runs to its end.
 */
final class SqlTokens {

  /** What a token is. */
  enum Kind {
    WORD,
    QUOTED,
    STRING,
    NUMBER,
    PARAM,
    SYMBOL
  }

  /**
   * One token.
   *
   * @param start its first character's index in the text
   * @param end the index after its last character
   */
  record Token(Kind kind, String text, int start, int end) {

    /** Whether it is the word {@code keyword}, in any case (an unquoted word is folded). */
    boolean is(String keyword) {
      return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
    }

    /** Whether it is the symbol {@code symbol}. */
    boolean isSymbol(String symbol) {
      return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** The word in upper case, as a keyword is printed; other tokens as written. */
    String upper() {
      return kind == Kind.WORD ? text.toUpperCase(Locale.ROOT) : text;
    }

    /**
     * An identifier as PostgreSQL reads it: a word in lower case, a quoted one without its quotes
     * ({@code "Tmp"} is {@code Tmp}, {@code "tmp"} is {@code tmp}).
     */
    String folded() {
      if (kind == Kind.QUOTED
          && text.length() >= 2
          && text.startsWith("\"")
          && text.endsWith("\"")) {
        return text.substring(1, text.length() - 1).replace("\"\"", "\"");
      }
      return kind == Kind.WORD ? text.toLowerCase(Locale.ROOT) : text;
    }

    /** An identifier as a shape writes it: a word in lower case, a quoted one as written. */
    String written() {
      return kind == Kind.WORD ? text.toLowerCase(Locale.ROOT) : text;
    }
  }

  private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|`?";

  private final String sql;
  private int at;

  private SqlTokens(String sql) {
    this.sql = sql;
  }

  /** Every token of {@code sql}. */
  static List<Token> of(String sql) {
    SqlTokens lexer = new SqlTokens(sql);
    List<Token> out = new ArrayList<>();
    for (Token t = lexer.next(); t != null; t = lexer.next()) {
      out.add(t);
    }
    return out;
  }

  /** The first token of {@code sql}, or {@code null} when it has none (only comments). */
  static Token first(String sql) {
    return new SqlTokens(sql).next();
  }

  /** The next token, or {@code null} at the end. */
  private Token next() {
    int n = sql.length();
    while (at < n) {
      char c = sql.charAt(at);
      if (Character.isWhitespace(c)) {
        at++;
      } else if (startsWith("--")) {
        int nl = sql.indexOf('\n', at);
        at = nl < 0 ? n : nl + 1;
      } else if (startsWith("/*")) {
        at = blockCommentEnd(at);
      } else {
        break;
      }
    }
    if (at >= n) {
      return null;
    }
    int start = at;
    char c = sql.charAt(at);
    char next = at + 1 < n ? sql.charAt(at + 1) : 0;
    if (c == '"') {
      return token(Kind.QUOTED, start, quotedEnd(at, '"', false));
    }
    if (c == '\'') {
      return token(Kind.STRING, start, quotedEnd(at, '\'', false));
    }
    if ((c == 'E' || c == 'e') && next == '\'') {
      return token(Kind.STRING, start, quotedEnd(at + 1, '\'', true));
    }
    if ("bBxXnN".indexOf(c) >= 0 && next == '\'') {
      return token(Kind.STRING, start, quotedEnd(at + 1, '\'', false));
    }
    if ((c == 'U' || c == 'u')
        && next == '&'
        && at + 2 < n
        && (sql.charAt(at + 2) == '\'' || sql.charAt(at + 2) == '"')) {
      char quote = sql.charAt(at + 2);
      return token(
          quote == '"' ? Kind.QUOTED : Kind.STRING, start, quotedEnd(at + 2, quote, false));
    }
    if (c == '$') {
      return dollar(start);
    }
    if (identifierStart(c)) {
      int end = at + 1;
      while (end < n && identifierPart(sql.charAt(end))) {
        end++;
      }
      return token(Kind.WORD, start, end);
    }
    if (Character.isDigit(c) || c == '.' && Character.isDigit(next)) {
      int end = at + 1;
      while (end < n
          && (Character.isLetterOrDigit(sql.charAt(end))
              || sql.charAt(end) == '_'
              || sql.charAt(end) == '.' && !(end + 1 < n && sql.charAt(end + 1) == '.'))) {
        end++;
      }
      return token(Kind.NUMBER, start, end);
    }
    if (OPERATOR_CHARS.indexOf(c) >= 0) {
      int end = at + 1;
      while (end < n
          && OPERATOR_CHARS.indexOf(sql.charAt(end)) >= 0
          && !sql.startsWith("--", end)
          && !sql.startsWith("/*", end)) {
        end++;
      }
      return token(Kind.SYMBOL, start, end);
    }
    return token(Kind.SYMBOL, start, at + 1);
  }

  private Token token(Kind kind, int start, int end) {
    at = end;
    return new Token(kind, sql.substring(start, end), start, end);
  }

  private boolean startsWith(String prefix) {
    return sql.startsWith(prefix, at);
  }

  /** After a block comment starting at {@code from}; comments nest, as PostgreSQL's do. */
  private int blockCommentEnd(int from) {
    int depth = 0;
    int i = from;
    while (i < sql.length()) {
      if (sql.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (sql.startsWith("*/", i)) {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return sql.length();
  }

  /**
   * After the quoted text whose opening {@code quote} is at {@code from}: a doubled quote stands
   * for one, and with {@code backslashes} (an {@code E'...'} string) a backslash escapes the
   * character after it.
   */
  private int quotedEnd(int from, char quote, boolean backslashes) {
    int i = from + 1;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (backslashes && c == '\\') {
        i += 2;
      } else if (c == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
        } else {
          return i + 1;
        }
      } else {
        i++;
      }
    }
    return sql.length();
  }

  /**
   * A parameter ({@code $1}), a dollar-quoted string ({@code $$x$$}, {@code $fn$x$fn$}) or a
   * symbol.
   */
  private Token dollar(int start) {
    int n = sql.length();
    int i = start + 1;
    if (i < n && Character.isDigit(sql.charAt(i))) {
      while (i < n && Character.isDigit(sql.charAt(i))) {
        i++;
      }
      return token(Kind.PARAM, start, i);
    }
    if (i < n && sql.charAt(i) != '$' && !identifierStart(sql.charAt(i))) {
      return token(Kind.SYMBOL, start, i);
    }
    while (i < n && sql.charAt(i) != '$' && identifierPart(sql.charAt(i))) {
      i++;
    }
    if (i >= n || sql.charAt(i) != '$') {
      return token(Kind.SYMBOL, start, start + 1);
    }
    String tag = sql.substring(start, i + 1);
    int close = sql.indexOf(tag, i + 1);
    return token(Kind.STRING, start, close < 0 ? n : close + tag.length());
  }

  private static boolean identifierStart(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80;
  }

  private static boolean identifierPart(char c) {
    return identifierStart(c) || c >= '0' && c <= '9' || c == '$';
  }
}
