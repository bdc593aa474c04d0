package io.github.pgperf.internal.script;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds where SQL commands end in a script, as psql's lexer does for pgbench (PostgreSQL 15):
 * quotes, dollar quotes, comments and parentheses hide semicolons and backslashes, {@code \;} and
 * {@code \:} put a literal character into the command, and a {@code CREATE FUNCTION ... BEGIN
 * ATOMIC ... END} body keeps its semicolons.
 *
 * <p>The collected text is the input verbatim from the first token on: whitespace and {@code --}
 * comments are dropped only before the first token. Lexer state (parenthesis and BEGIN depth, the
 * leading identifiers) carries over from one call to the next, as it does in pgbench, which never
 * resets it between commands.
 */
final class SqlLexer {

  /** Why {@link #scan} returned. */
  enum Stop {
    /** A command-ending semicolon, now the last character of the collected text. */
    SEMICOLON,
    /** A backslash that starts a meta-command; {@link #position()} is just after it. */
    BACKSLASH,
    /** The end of the input. */
    END
  }

  private final String text;
  private int pos;
  private int parenDepth;
  private int beginDepth;
  private int identifierCount;
  // First letters of the leading CREATE / OR / REPLACE / FUNCTION / PROCEDURE keywords.
  private final char[] identifiers = new char[4];
  // Of the current scan: where its text starts in the input, and where \; put a semicolon.
  private int commandStart;
  private final List<Integer> compoundSeparators = new ArrayList<>();

  SqlLexer(String text) {
    this.text = text;
  }

  int position() {
    return pos;
  }

  void moveTo(int position) {
    pos = position;
  }

  /** Input offset of the first character collected by the last scan. */
  int commandStart() {
    return commandStart;
  }

  /** Offsets in the last scan's collected text of the semicolons that {@code \;} put there. */
  List<Integer> compoundSeparators() {
    return compoundSeparators;
  }

  /** Appends the text of the next SQL command (or part before a backslash) to {@code out}. */
  Stop scan(StringBuilder out) {
    int n = text.length();
    commandStart = pos;
    compoundSeparators.clear();
    while (pos < n) {
      char c = text.charAt(pos);
      int start = pos;
      if (out.length() == 0) {
        commandStart = pos;
      }
      if (isSpace(c)) {
        while (pos < n && isSpace(text.charAt(pos))) {
          pos++;
        }
        echoUnlessLeading(out, start);
      } else if (c == '-' && next(1) == '-') {
        while (pos < n && !isNewline(text.charAt(pos))) {
          pos++;
        }
        echoUnlessLeading(out, start);
      } else if (c == '/' && next(1) == '*') {
        blockComment();
        out.append(text, start, pos);
      } else if (c == '\'') {
        pos++;
        quoted('\'', false);
        out.append(text, start, pos);
      } else if (c == '"') {
        pos++;
        quoted('"', false);
        out.append(text, start, pos);
      } else if ((c == 'e' || c == 'E') && next(1) == '\'') {
        pos += 2;
        quoted('\'', true);
        out.append(text, start, pos);
      } else if ((c == 'b' || c == 'B' || c == 'x' || c == 'X' || c == 'n' || c == 'N')
          && next(1) == '\'') {
        pos += 2;
        quoted('\'', false);
        out.append(text, start, pos);
      } else if ((c == 'u' || c == 'U') && next(1) == '&' && (next(2) == '\'' || next(2) == '"')) {
        char quote = next(2);
        pos += 3;
        quoted(quote, false);
        out.append(text, start, pos);
      } else if (c == '$') {
        dollar();
        out.append(text, start, pos);
      } else if (isIdentStart(c)) {
        pos++;
        while (pos < n && isIdentCont(text.charAt(pos))) {
          pos++;
        }
        trackIdentifier(start, pos);
        out.append(text, start, pos);
      } else if (isDigit(c) || (c == '.' && isDigit(next(1)))) {
        number();
        out.append(text, start, pos);
      } else if (c == ':') {
        colon();
        out.append(text, start, pos);
      } else if (c == '\\') {
        char after = next(1);
        if (after == ';' || after == ':') {
          if (after == ';') {
            compoundSeparators.add(out.length());
          }
          out.append(after);
          pos += 2;
          if (after == ';') {
            identifierCount = 0;
          }
        } else {
          pos++;
          return Stop.BACKSLASH;
        }
      } else {
        pos++;
        out.append(c);
        if (c == '(') {
          parenDepth++;
        } else if (c == ')') {
          if (parenDepth > 0) {
            parenDepth--;
          }
        } else if (c == ';' && parenDepth == 0 && beginDepth == 0) {
          identifierCount = 0;
          return Stop.SEMICOLON;
        }
      }
    }
    return Stop.END;
  }

  private void echoUnlessLeading(StringBuilder out, int start) {
    if (out.length() > 0) {
      out.append(text, start, pos);
    }
  }

  private char next(int ahead) {
    int i = pos + ahead;
    return i < text.length() ? text.charAt(i) : '\0';
  }

  /** A C-style comment, nested comments included; runs to the end of input if unclosed. */
  private void blockComment() {
    int n = text.length();
    int depth = 0;
    pos += 2;
    while (pos < n) {
      char c = text.charAt(pos);
      if (c == '/' && next(1) == '*') {
        depth++;
        pos += 2;
      } else if (c == '*' && next(1) == '/') {
        pos += 2;
        if (depth == 0) {
          return;
        }
        depth--;
      } else {
        pos++;
      }
    }
  }

  /**
   * The rest of a quoted string or identifier after its opening quote; a doubled quote stays
   * inside, and with backslash escapes a backslash hides the next character.
   */
  private void quoted(char quote, boolean backslashEscapes) {
    int n = text.length();
    while (pos < n) {
      char c = text.charAt(pos);
      if (backslashEscapes && c == '\\') {
        pos = Math.min(n, pos + 2);
      } else if (c == quote) {
        pos++;
        if (next(0) != quote) {
          return;
        }
        pos++;
      } else {
        pos++;
      }
    }
  }

  /** {@code $tag$...$tag$}, a {@code $n} parameter, or a lone dollar sign. */
  private void dollar() {
    int n = text.length();
    int i = pos + 1;
    if (i < n && isDollarTagStart(text.charAt(i))) {
      i++;
      while (i < n && isDollarTagCont(text.charAt(i))) {
        i++;
      }
    }
    if (i < n && text.charAt(i) == '$') {
      String delimiter = text.substring(pos, i + 1);
      int close = text.indexOf(delimiter, i + 1);
      pos = close < 0 ? n : close + delimiter.length();
    } else if (isDigit(next(1))) {
      pos++;
      while (pos < n && isDigit(text.charAt(pos))) {
        pos++;
      }
    } else {
      // A failed "$tag": only the dollar is taken, the tag is lexed again as an identifier.
      pos++;
    }
  }

  private void number() {
    int n = text.length();
    while (pos < n && isDigit(text.charAt(pos))) {
      pos++;
    }
    if (next(0) == '.' && next(1) != '.') {
      pos++;
      while (pos < n && isDigit(text.charAt(pos))) {
        pos++;
      }
    }
    char e = next(0);
    if (e == 'e' || e == 'E') {
      int digitsAt = (next(1) == '+' || next(1) == '-') ? pos + 2 : pos + 1;
      if (digitsAt < n && isDigit(text.charAt(digitsAt))) {
        pos = digitsAt;
        while (pos < n && isDigit(text.charAt(pos))) {
          pos++;
        }
      }
    }
    // PostgreSQL 15 lexes one identifier character right after a number as trailing junk.
    if (pos < n && isIdentStart(text.charAt(pos))) {
      pos++;
    }
  }

  /** {@code ::}, {@code :=}, a psql variable reference {@code :name}, or a lone colon. */
  private void colon() {
    int n = text.length();
    pos++;
    if (next(0) == ':' || next(0) == '=') {
      pos++;
    } else {
      while (pos < n && isVariableChar(text.charAt(pos))) {
        pos++;
      }
    }
  }

  private void trackIdentifier(int start, int end) {
    if (identifierCount == 0) {
      Arrays.fill(identifiers, '\0');
    }
    if (wordIs(start, end, "create")
        || wordIs(start, end, "function")
        || wordIs(start, end, "procedure")
        || wordIs(start, end, "or")
        || wordIs(start, end, "replace")) {
      if (identifierCount < identifiers.length) {
        identifiers[identifierCount] = Character.toLowerCase(text.charAt(start));
      }
    }
    identifierCount++;
    boolean routineBody =
        identifiers[0] == 'c'
            && (identifiers[1] == 'f'
                || identifiers[1] == 'p'
                || (identifiers[1] == 'o'
                    && identifiers[2] == 'r'
                    && (identifiers[3] == 'f' || identifiers[3] == 'p')));
    if (routineBody && parenDepth == 0) {
      if (wordIs(start, end, "begin")) {
        beginDepth++;
      } else if (wordIs(start, end, "case")) {
        if (beginDepth >= 1) {
          beginDepth++;
        }
      } else if (wordIs(start, end, "end")) {
        if (beginDepth > 0) {
          beginDepth--;
        }
      }
    }
  }

  /** ASCII case-insensitive comparison, as pg_strcasecmp. */
  private boolean wordIs(int start, int end, String word) {
    if (end - start != word.length()) {
      return false;
    }
    for (int i = 0; i < word.length(); i++) {
      char c = text.charAt(start + i);
      if (c >= 'A' && c <= 'Z') {
        c = (char) (c + ('a' - 'A'));
      }
      if (c != word.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  }

  private static boolean isNewline(char c) {
    return c == '\n' || c == '\r';
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** Letters, underscore and every non-ASCII character (pgbench sees their high-bit bytes). */
  static boolean isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  private static boolean isIdentCont(char c) {
    return isIdentStart(c) || isDigit(c) || c == '$';
  }

  private static boolean isDollarTagStart(char c) {
    return isIdentStart(c);
  }

  private static boolean isDollarTagCont(char c) {
    return isIdentStart(c) || isDigit(c);
  }

  static boolean isVariableChar(char c) {
    return isIdentStart(c) || isDigit(c);
  }
}
