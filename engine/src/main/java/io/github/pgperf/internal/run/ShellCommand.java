package io.github.pgperf.internal.run;

import io.github.pgperf.internal.script.Variables;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code \shell} and {@code \setshell}: the words joined by spaces, {@code :var} replaced by the
 * variable's text and {@code ::x} by {@code :x}, run by {@code /bin/sh -c} as C's {@code system()}
 * and {@code popen()} do.
 */
final class ShellCommand {

  /** pgbench's SHELL_COMMAND_SIZE. */
  private static final int MAX_LENGTH = 256;

  /** pgbench reads the first line of {@code \setshell}'s output into a 64-byte buffer. */
  private static final int RESULT_SIZE = 64;

  private ShellCommand() {}

  /** Runs {@code \shell}; output goes where this process's goes. */
  static void run(List<String> words, Variables variables, String name) throws ScriptFailure {
    String command = command(words, variables);
    int status;
    Process p = null;
    try {
      p = new ProcessBuilder("/bin/sh", "-c", command).inheritIO().start();
      status = p.waitFor();
    } catch (IOException e) {
      status = -1;
    } catch (InterruptedException e) {
      // The client is cut at the end of the run: the command does not outlive it.
      p.descendants().forEach(ProcessHandle::destroy);
      p.destroy();
      Thread.currentThread().interrupt();
      status = -1;
    }
    if (status != 0) {
      throw ScriptFailure.meta(
          words.get(0) + ": could not launch shell command",
          name,
          "execution of meta-command failed");
    }
  }

  /**
   * Runs {@code \setshell}; returns the integer its output starts with.
   *
   * @param debug where pgbench's {@code -d} line about the result goes, or null
   */
  static long output(List<String> words, Variables variables, String name, Messages debug)
      throws ScriptFailure {
    String command = command(words, variables);
    String first;
    try {
      Process p =
          new ProcessBuilder("/bin/sh", "-c", command)
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .redirectInput(ProcessBuilder.Redirect.INHERIT)
              .start();
      byte[] all;
      try (InputStream in = p.getInputStream()) {
        all = in.readAllBytes();
      }
      p.waitFor();
      first = firstLine(all);
    } catch (IOException e) {
      first = null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      first = null;
    }
    if (first == null) {
      throw ScriptFailure.meta(
          words.get(0) + ": could not read result of shell command",
          name,
          "execution of meta-command failed");
    }
    Long value = strtol(first);
    if (value == null) {
      throw ScriptFailure.meta(
          words.get(0) + ": shell command must return an integer (not \"" + first + "\")",
          name,
          "execution of meta-command failed");
    }
    if (debug != null) {
      // As pgbench 15 prints it: the command's first two words and the line read, line break kept.
      debug.info(
          words.get(0)
              + ": shell parameter name: \""
              + (words.size() > 1 ? words.get(1) : "(null)")
              + "\", value: \""
              + first
              + "\"");
    }
    return value;
  }

  private static String command(List<String> words, Variables variables) throws ScriptFailure {
    StringBuilder sb = new StringBuilder();
    String name = words.get(0);
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String arg;
      if (!word.startsWith(":")) {
        arg = word;
      } else if (word.startsWith("::")) {
        arg = word.substring(1);
      } else {
        arg = variables.text(word.substring(1));
        if (arg == null) {
          throw ScriptFailure.meta(
              name + ": undefined variable \"" + word + "\"",
              "shell",
              "execution of meta-command failed");
        }
      }
      if (sb.length() + arg.length() + (i > 0 ? 1 : 0) >= MAX_LENGTH - 1) {
        throw ScriptFailure.meta(
            name + ": shell command is too long", "shell", "execution of meta-command failed");
      }
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(arg);
    }
    return sb.toString();
  }

  /** The output's first line with its line break, as fgets() reads it; null for no output. */
  private static String firstLine(byte[] all) {
    if (all.length == 0) {
      return null;
    }
    int end = 0;
    while (end < all.length && end < RESULT_SIZE - 1) {
      if (all[end++] == '\n') {
        break;
      }
    }
    return new String(all, 0, end, StandardCharsets.UTF_8);
  }

  /** strtol base 10 followed only by white space, or null (pgbench's check). */
  private static Long strtol(String s) {
    int i = 0;
    int n = s.length();
    while (i < n && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    int start = i;
    if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      i++;
    }
    int digits = i;
    while (i < n && Character.isDigit(s.charAt(i))) {
      i++;
    }
    long value;
    if (i == digits) {
      i = 0; // no conversion: endptr is the start of the string
      value = 0;
    } else {
      try {
        value = Long.parseLong(s.substring(start, i).replace("+", ""));
      } catch (NumberFormatException e) {
        value = s.charAt(start) == '-' ? Long.MIN_VALUE : Long.MAX_VALUE;
      }
    }
    if (s.isEmpty()) {
      return null;
    }
    while (i < n && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i == n ? value : null;
  }
}
