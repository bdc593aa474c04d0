package io.github.pgperf.internal.script;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * A parsed pgbench script: its name (the file name, or a builtin's description such as {@code
 * <builtin: TPC-B (sort of)>}) and its commands. Scripts are immutable and shared by all clients.
 *
 * <p>A script read from bytes (a file, standard input, a classpath resource) keeps them: pgbench
 * sends a script's bytes as they are, in the client encoding, which is known only once the run has
 * connected ({@link #inEncoding}). Until then the bytes are read as UTF-8, with each byte that is
 * not valid UTF-8 kept as it is ({@link InvalidBytes}).
 *
 * @param bytes the bytes the script was read from, or null for a script given as Java text
 */
public record Script(String name, List<Command> commands, ScriptBytes bytes)
    implements WorkloadItem {

  public Script {
    commands = List.copyOf(commands);
  }

  /** A script given as Java text, sent as the characters it is. */
  public Script(String name, List<Command> commands) {
    this(name, commands, null);
  }

  /**
   * Parses a script's text as pgbench does. The text is sent as the characters it is, whatever the
   * database's encoding.
   *
   * @param name the name used in messages and reports (pgbench uses the file name as given)
   * @throws ScriptException with pgbench's message when pgbench would refuse the script
   */
  public static Script parse(String name, String text) throws ScriptException {
    return ScriptParser.parse(name, text);
  }

  /**
   * Parses a script's bytes as pgbench does: they are sent as they are, in the client encoding
   * pgbench would use ({@link #inEncoding}).
   *
   * @param name the name used in messages and reports (pgbench uses the file name as given)
   * @throws ScriptException with pgbench's message when pgbench would refuse the script
   */
  public static Script parse(String name, byte[] bytes) throws ScriptException {
    ScriptBytes source = new ScriptBytes(bytes);
    Script script = ScriptParser.parse(name, source.text(StandardCharsets.UTF_8));
    return new Script(name, script.commands(), source);
  }

  /**
   * This script as the server will read its bytes in {@code encoding}. A script given as text, a
   * script of ASCII bytes, or one read in UTF-8 for a UTF-8 client is this script. SQL commands
   * holding bytes the encoding does not allow are kept, marked {@link SqlTemplate#invalidIn()}:
   * pgbench sends them, the server refuses them, and the client aborts there.
   *
   * @throws ScriptException pgperf cannot send what pgbench would: the message names the script,
   *     the line and the byte
   */
  public Script inEncoding(ClientEncoding encoding) throws ScriptException {
    if (bytes == null) {
      return this;
    }
    return ScriptEncoding.apply(this, encoding);
  }

  /**
   * Reads and parses a script file as {@code -f file} does; {@code -} reads standard input.
   *
   * @throws ScriptException {@code could not open file "x": No such file or directory}, or a parse
   *     error naming the file as given
   */
  public static Script load(String file) throws ScriptException {
    return load(Path.of(""), file);
  }

  /** As {@link #load(String)}, with a relative {@code file} resolved against {@code directory}. */
  static Script load(Path directory, String file) throws ScriptException {
    return parse(file, read(directory, file));
  }

  private static byte[] read(Path directory, String file) throws ScriptException {
    if (file.equals("-")) {
      try {
        return System.in.readAllBytes();
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
      return in.readAllBytes();
    } catch (NoSuchFileException e) {
      throw ScriptException.plain(
          "could not open file \"" + file + "\": No such file or directory");
    } catch (AccessDeniedException e) {
      throw ScriptException.plain("could not open file \"" + file + "\": Permission denied");
    } catch (IOException e) {
      throw ScriptException.plain("could not read file \"" + file + "\": " + e.getMessage());
    }
  }
}
