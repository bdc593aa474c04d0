package io.github.pgperf.internal.script;

/**
 * Splits a meta-command into words as pgbench's expression scanner does outside expressions: words
 * are separated by blanks, a backslash at the end of a line continues the command on the next line,
 * and the command ends at a newline. Quotes mean nothing here.
 */
final class Words {

  /** A word and its offset in the script text. */
  record Word(String text, int start) {}

  private final String text;
  private int pos;

  Words(String text, int start) {
    this.text = text;
    this.pos = start;
  }

  /** Offset just after what has been read (after the newline once the command has ended). */
  int position() {
    return pos;
  }

  /** The next word, or {@code null} at the end of the command (the newline is consumed). */
  Word next() {
    int n = text.length();
    while (pos < n) {
      char c = text.charAt(pos);
      int continuation = continuationLength(text, pos);
      if (isBlank(c)) {
        pos++;
      } else if (continuation > 0) {
        pos += continuation;
      } else if (c == '\n') {
        pos++;
        return null;
      } else {
        int start = pos;
        while (pos < n && !isBlank(text.charAt(pos)) && text.charAt(pos) != '\n') {
          pos++;
        }
        // "word\" followed by a line break is the word and a continuation.
        if (pos - 1 > start) {
          int tail = continuationLength(text, pos - 1);
          if (tail > 0) {
            String word = text.substring(start, pos - 1);
            pos = pos - 1 + tail;
            return new Word(word, start);
          }
        }
        return new Word(text.substring(start, pos), start);
      }
    }
    return null;
  }

  /**
   * Offset just after the newline that ends a command whose rest starts at {@code from}, or the
   * text's length; continuations do not end it.
   */
  static int endOfCommand(String text, int from) {
    int i = from;
    while (i < text.length()) {
      int continuation = continuationLength(text, i);
      if (continuation > 0) {
        i += continuation;
      } else if (text.charAt(i) == '\n') {
        return i + 1;
      } else {
        i++;
      }
    }
    return text.length();
  }

  /** Length of a backslash-newline (or backslash-CR-LF) at {@code i}, or 0. */
  static int continuationLength(String text, int i) {
    if (i >= text.length() || text.charAt(i) != '\\') {
      return 0;
    }
    if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
      return 2;
    }
    if (i + 2 < text.length() && text.charAt(i + 1) == '\r' && text.charAt(i + 2) == '\n') {
      return 3;
    }
    return 0;
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b;
  }
}
