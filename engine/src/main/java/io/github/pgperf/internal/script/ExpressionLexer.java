package io.github.pgperf.internal.script;

import java.util.Locale;

/**
 * Splits an expression into tokens the way pgbench's flex scanner does (longest match, keywords
 * before names), keeping each token's end so errors can point where pgbench points.
 */
final class ExpressionLexer {

  enum Kind {
    END,
    PLUS,
    MINUS,
    STAR,
    SLASH,
    PERCENT,
    EQ,
    NE,
    LE,
    GE,
    LT,
    GT,
    LEFT_SHIFT,
    RIGHT_SHIFT,
    BIT_OR,
    BIT_AND,
    HASH,
    TILDE,
    LEFT_PAREN,
    RIGHT_PAREN,
    COMMA,
    AND,
    OR,
    NOT,
    IS,
    ISNULL,
    NOTNULL,
    CASE,
    WHEN,
    THEN,
    ELSE,
    KEYWORD_END,
    NULL,
    TRUE,
    FALSE,
    INTEGER,
    MAXINT_PLUS_ONE,
    DOUBLE,
    VARIABLE,
    NAME
  }

  private final String text;
  private int pos;

  // The current token.
  private Kind kind;
  private int start;
  private int end;
  private long intValue;
  private double doubleValue;

  ExpressionLexer(String text) {
    this.text = text;
  }

  Kind kind() {
    return kind;
  }

  String tokenText() {
    return text.substring(start, Math.min(end, text.length()));
  }

  long intValue() {
    return intValue;
  }

  double doubleValue() {
    return doubleValue;
  }

  /** Whether the end of the expression has been read. */
  boolean atEnd() {
    return kind == Kind.END;
  }

  /** Where pgbench's caret points for an error found at the current token. */
  int errorPosition() {
    return end - 1;
  }

  /** Reads the next token. */
  void advance() throws ExpressionSyntaxException {
    kind = null;
    skipSpace();
    start = pos;
    if (pos >= text.length()) {
      // Behaves as the newline that ends a meta-command line.
      kind = Kind.END;
      end = pos + 1;
      return;
    }
    char c = text.charAt(pos);
    if (c == '\n') {
      kind = Kind.END;
      end = pos + 1;
      pos = text.length();
      return;
    }
    if (isDigit(c) || (c == '.' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1)))) {
      number();
      return;
    }
    if (isAlpha(c)) {
      word();
      return;
    }
    if (c == ':' && pos + 1 < text.length() && isAlnum(text.charAt(pos + 1))) {
      int e = pos + 1;
      while (e < text.length() && isAlnum(text.charAt(e))) {
        e++;
      }
      pos = e;
      end = e;
      kind = Kind.VARIABLE;
      return;
    }
    String two = pos + 1 < text.length() ? text.substring(pos, pos + 2) : "";
    Kind twoKind = twoCharOperator(two);
    if (twoKind != null) {
      pos += 2;
      end = pos;
      kind = twoKind;
      return;
    }
    Kind one = oneCharOperator(c);
    pos++;
    end = pos;
    if (one == null) {
      throw new ExpressionSyntaxException(
          "unexpected character (" + text.substring(start, end) + ")", end - 1);
    }
    kind = one;
  }

  private void skipSpace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b) {
        pos++;
      } else if (c == '\\' && text.startsWith("\n", pos + 1)) {
        pos += 2;
      } else if (c == '\\' && text.startsWith("\r\n", pos + 1)) {
        pos += 3;
      } else {
        return;
      }
    }
  }

  private void number() throws ExpressionSyntaxException {
    int e = pos;
    while (e < text.length() && isDigit(text.charAt(e))) {
      e++;
    }
    boolean isDouble = false;
    if (e < text.length() && text.charAt(e) == '.') {
      isDouble = true;
      e++;
      while (e < text.length() && isDigit(text.charAt(e))) {
        e++;
      }
    }
    int exponentEnd = exponentEnd(e);
    if (exponentEnd > e) {
      isDouble = true;
      e = exponentEnd;
    }
    pos = e;
    end = e;
    String token = text.substring(start, end);
    if (!isDouble) {
      if (token.equals("9223372036854775808")) {
        kind = Kind.MAXINT_PLUS_ONE;
        return;
      }
      try {
        intValue = Long.parseLong(token);
      } catch (NumberFormatException overflow) {
        throw new ExpressionSyntaxException("bigint constant overflow (" + token + ")", end - 1);
      }
      kind = Kind.INTEGER;
      return;
    }
    double value = CNumbers.strtod(token);
    if (CNumbers.outOfRange(token, value)) {
      throw new ExpressionSyntaxException("double constant overflow (" + token + ")", end - 1);
    }
    doubleValue = value;
    kind = Kind.DOUBLE;
  }

  /** The end of an exponent {@code [eE][-+]?digit+} starting at {@code e}, or {@code e}. */
  private int exponentEnd(int e) {
    if (e >= text.length() || (text.charAt(e) != 'e' && text.charAt(e) != 'E')) {
      return e;
    }
    int p = e + 1;
    if (p < text.length() && (text.charAt(p) == '+' || text.charAt(p) == '-')) {
      p++;
    }
    int digits = p;
    while (p < text.length() && isDigit(text.charAt(p))) {
      p++;
    }
    return p > digits ? p : e;
  }

  private void word() {
    int e = pos;
    while (e < text.length() && isAlnum(text.charAt(e))) {
      e++;
    }
    pos = e;
    end = e;
    kind = keyword(text.substring(start, end).toLowerCase(Locale.ROOT));
  }

  private static Kind keyword(String word) {
    switch (word) {
      case "and":
        return Kind.AND;
      case "or":
        return Kind.OR;
      case "not":
        return Kind.NOT;
      case "is":
        return Kind.IS;
      case "isnull":
        return Kind.ISNULL;
      case "notnull":
        return Kind.NOTNULL;
      case "case":
        return Kind.CASE;
      case "when":
        return Kind.WHEN;
      case "then":
        return Kind.THEN;
      case "else":
        return Kind.ELSE;
      case "end":
        return Kind.KEYWORD_END;
      case "null":
        return Kind.NULL;
      case "true":
        return Kind.TRUE;
      case "false":
        return Kind.FALSE;
      default:
        return Kind.NAME;
    }
  }

  private static Kind twoCharOperator(String two) {
    switch (two) {
      case "<>":
      case "!=":
        return Kind.NE;
      case "<=":
        return Kind.LE;
      case ">=":
        return Kind.GE;
      case "<<":
        return Kind.LEFT_SHIFT;
      case ">>":
        return Kind.RIGHT_SHIFT;
      default:
        return null;
    }
  }

  private static Kind oneCharOperator(char c) {
    switch (c) {
      case '+':
        return Kind.PLUS;
      case '-':
        return Kind.MINUS;
      case '*':
        return Kind.STAR;
      case '/':
        return Kind.SLASH;
      case '%':
        return Kind.PERCENT;
      case '=':
        return Kind.EQ;
      case '<':
        return Kind.LT;
      case '>':
        return Kind.GT;
      case '|':
        return Kind.BIT_OR;
      case '&':
        return Kind.BIT_AND;
      case '#':
        return Kind.HASH;
      case '~':
        return Kind.TILDE;
      case '(':
        return Kind.LEFT_PAREN;
      case ')':
        return Kind.RIGHT_PAREN;
      case ',':
        return Kind.COMMA;
      default:
        return null;
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** pgbench's letters: ASCII letters, underscore and every non-ASCII byte. */
  static boolean isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  static boolean isAlnum(char c) {
    return isAlpha(c) || isDigit(c);
  }
}
