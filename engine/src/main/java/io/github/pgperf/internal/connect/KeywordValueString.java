package io.github.pgperf.internal.connect;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * libpq's {@code keyword = value} connection string ({@code conninfo_parse} in fe-connect.c): pairs
 * separated by whitespace, whitespace allowed around {@code =}, a value either unquoted (up to the
 * next whitespace) or in single quotes, with a backslash taking the next character as it is in
 * both. A keyword given twice keeps its last value; {@code requiressl} is read as {@code sslmode}.
 * Errors are libpq's, raised at the first bad pair as libpq does.
 */
final class KeywordValueString {

  private KeywordValueString() {}

  static Map<Keyword, String> parse(String text) {
    Map<Keyword, String> values = new LinkedHashMap<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      if (isSpace(text.charAt(i))) {
        i++;
        continue;
      }
      int nameStart = i;
      int nameEnd = -1;
      while (i < n) {
        char c = text.charAt(i);
        if (c == '=') {
          break;
        }
        if (isSpace(c)) {
          nameEnd = i;
          while (i < n && isSpace(text.charAt(i))) {
            i++;
          }
          break;
        }
        i++;
      }
      String name = text.substring(nameStart, nameEnd < 0 ? i : nameEnd);
      if (i >= n || text.charAt(i) != '=') {
        throw new ConnectionStringException(
            "missing \"=\" after \"" + name + "\" in connection info string");
      }
      i++;
      while (i < n && isSpace(text.charAt(i))) {
        i++;
      }
      StringBuilder value = new StringBuilder();
      if (i >= n || text.charAt(i) != '\'') {
        while (i < n) {
          char c = text.charAt(i);
          if (isSpace(c)) {
            i++;
            break;
          }
          if (c == '\\') {
            i++;
            if (i < n) {
              value.append(text.charAt(i++));
            }
          } else {
            value.append(c);
            i++;
          }
        }
      } else {
        i++;
        while (true) {
          if (i >= n) {
            throw new ConnectionStringException(
                "unterminated quoted string in connection info string");
          }
          char c = text.charAt(i);
          if (c == '\\') {
            i++;
            if (i < n) {
              value.append(text.charAt(i++));
            }
            continue;
          }
          i++;
          if (c == '\'') {
            break;
          }
          value.append(c);
        }
      }
      store(values, name, value.toString());
    }
    return values;
  }

  /** libpq's {@code conninfo_storeval}: a known keyword, {@code requiressl} as sslmode. */
  static void store(Map<Keyword, String> values, String name, String value) {
    if (name.equals("requiressl")) {
      values.put(Keyword.SSLMODE, value.startsWith("1") ? "require" : "prefer");
      return;
    }
    Keyword keyword =
        Keyword.named(name)
            .orElseThrow(
                () -> new ConnectionStringException("invalid connection option \"" + name + "\""));
    // A repeated keyword keeps its last value, in its first place.
    values.put(keyword, value);
  }

  /** C's {@code isspace} in the C locale, which libpq uses. */
  static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
  }
}
