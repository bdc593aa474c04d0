package io.github.pgperf.launch;

import java.util.ArrayList;
import java.util.List;

/** Splits a JVM argument line as a shell would for plain words and quotes. */
public final class ArgLine {

  private ArgLine() {}

  /**
   * The arguments of a line: separated by whitespace, with {@code "..."} or {@code '...'} keeping
   * whitespace inside one argument (the quotes are removed).
   *
   * @throws IllegalArgumentException when a quote is not closed
   */
  public static List<String> split(String line) {
    List<String> args = new ArrayList<>();
    if (line == null) {
      return args;
    }
    StringBuilder current = new StringBuilder();
    boolean inArg = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          current.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inArg = true;
      } else if (Character.isWhitespace(c)) {
        if (inArg) {
          args.add(current.toString());
          current.setLength(0);
          inArg = false;
        }
      } else {
        current.append(c);
        inArg = true;
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("unclosed " + quote + " in " + line);
    }
    if (inArg) {
      args.add(current.toString());
    }
    return args;
  }
}
