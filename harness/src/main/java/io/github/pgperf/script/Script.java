package io.github.pgperf.script;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * A parsed pgbench script: its name (the file name, or a builtin's description such as
 * {@code <builtin: TPC-B (sort of)>}) and its commands. Scripts are immutable and shared by all
 * clients.
 */
public record Script(String name, List<Command> commands) implements WorkloadItem {

  public Script {
    commands = List.copyOf(commands);
  }

  /**
   * Parses a script's text as pgbench does.
   *
   * @param name the name used in messages and reports (pgbench uses the file name as given)
   * @throws ScriptException with pgbench's message when pgbench would refuse the script
   */
  public static Script parse(String name, String text) throws ScriptException {
    return ScriptParser.parse(name, text);
  }

  /**
   * Reads and parses a script file as {@code -f file} does; {@code -} reads standard input.
   *
   * @throws ScriptException {@code could not open file "x": No such file or directory}, or a
   *     parse error naming the file as given
   */
  public static Script load(String file) throws ScriptException {
    return load(Path.of(""), file);
  }

  /** As {@link #load(String)}, with a relative {@code file} resolved against {@code directory}. */
  static Script load(Path directory, String file) throws ScriptException {
    return parse(file, read(directory, file));
  }

  private static String read(Path directory, String file) throws ScriptException {
    if (file.equals("-")) {
      try {
        return decode(System.in.readAllBytes());
      } catch (IOException e) {
        throw ScriptException.plain("could not read file \"-\": " + e.getMessage());
      }
    }
    Path path = directory.resolve(file);
    if (file.isEmpty()) {
      // An empty path names no file for fopen(), whatever the directory.
      throw ScriptException.plain("could not open file \"\": No such file or directory");
    }
    if (Files.isDirectory(path)) {
      // fopen() accepts a directory; the read fails.
      throw ScriptException.plain("could not read file \"" + file + "\": Is a directory");
    }
    try (InputStream in = Files.newInputStream(path)) {
      return decode(in.readAllBytes());
    } catch (NoSuchFileException e) {
      throw ScriptException.plain(
          "could not open file \"" + file + "\": No such file or directory");
    } catch (AccessDeniedException e) {
      throw ScriptException.plain("could not open file \"" + file + "\": Permission denied");
    } catch (IOException e) {
      throw ScriptException.plain("could not read file \"" + file + "\": " + e.getMessage());
    }
  }

  private static String decode(byte[] bytes) {
    // Scripts go to the server as written; PostgreSQL clients default to the server's UTF-8.
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
