package io.github.pgperf.internal.script;

import java.nio.charset.Charset;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The variables every client starts with: {@code -D name=value} definitions and pgbench's automatic
 * variables {@code scale}, {@code client_id}, {@code random_seed} and {@code default_seed}, each
 * set only when {@code -D} has not defined it.
 */
public final class VariableDefinitions {

  private final Map<String, String> values;
  // Whether the definitions are command-line arguments: bytes that pgbench sends as they are.
  private final boolean arguments;

  private VariableDefinitions(Map<String, String> values, boolean arguments) {
    this.values = Collections.unmodifiableMap(values);
    this.arguments = arguments;
  }

  private VariableDefinitions(Map<String, String> values) {
    this(values, false);
  }

  /** No definitions. */
  public static VariableDefinitions none() {
    return new VariableDefinitions(new LinkedHashMap<>());
  }

  /**
   * Reads {@code -D} arguments of a command line, whose bytes pgbench sends as they are in the
   * client encoding ({@link #inEncoding}); as {@link #parse} otherwise.
   */
  public static VariableDefinitions parseArguments(List<String> definitions)
      throws ScriptException {
    return new VariableDefinitions(parse(definitions).values, true);
  }

  /**
   * Reads {@code -D} arguments in order; a later definition of a name replaces an earlier one.
   *
   * @throws ScriptException {@code invalid variable definition: "x"} when there is no {@code =},
   *     nothing before it or nothing after it; {@code option: invalid variable name: "1x"}
   */
  public static VariableDefinitions parse(List<String> definitions) throws ScriptException {
    Map<String, String> values = new LinkedHashMap<>();
    for (String definition : definitions) {
      int eq = definition.indexOf('=');
      if (eq <= 0 || eq == definition.length() - 1) {
        throw ScriptException.plain("invalid variable definition: \"" + definition + "\"");
      }
      String name = definition.substring(0, eq);
      if (!values.containsKey(name) && !Variables.isValidName(name)) {
        throw ScriptException.plain("option: invalid variable name: \"" + name + "\"");
      }
      values.put(name, definition.substring(eq + 1));
    }
    return new VariableDefinitions(values);
  }

  /**
   * The definitions as the server will read them in {@code encoding}: command-line arguments
   * ({@link #parseArguments}) are the platform's bytes, which pgbench sends as they are, so they
   * are read again in the client encoding; definitions given as Java text are this.
   *
   * @throws ScriptException a name or value pgperf cannot send as pgbench would: one holding a
   *     character the JVM put for a byte not valid in the platform encoding, or bytes not valid in
   *     the client encoding
   */
  public VariableDefinitions inEncoding(ClientEncoding encoding) throws ScriptException {
    if (!arguments) {
      return this;
    }
    Charset platform = ScriptEncoding.platformCharset();
    Charset charset = encoding.charset();
    Map<String, String> read = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : values.entrySet()) {
      read.put(
          argument(e.getKey(), e.getKey(), platform, charset, encoding),
          argument(e.getKey(), e.getValue(), platform, charset, encoding));
    }
    return new VariableDefinitions(read, false);
  }

  private static String argument(
      String name, String text, Charset platform, Charset charset, ClientEncoding encoding)
      throws ScriptException {
    if (text.chars().allMatch(c -> c < 0x80)) {
      return text;
    }
    String cannot = "cannot send -D variable \"" + name + "\": ";
    if (text.indexOf('\uFFFD') >= 0) {
      throw ScriptException.plain(
          cannot
              + "it holds U+FFFD, which the JVM puts for a"
              + " command-line byte not valid in the platform encoding "
              + platform.name()
              + "; the byte pgbench would send is lost");
    }
    if (charset == null) {
      throw ScriptException.plain(
          cannot + "Java has no charset for the client encoding " + encoding.textEncoding());
    }
    if (charset.equals(platform)) {
      return text;
    }
    String read = InvalidBytes.decode(text.getBytes(platform), charset);
    int at = InvalidBytes.indexIn(read);
    if (at >= 0) {
      throw ScriptException.plain(
          cannot
              + "it holds the byte "
              + InvalidBytes.hex(read.charAt(at))
              + ", which is not valid in the client encoding "
              + encoding.textEncoding());
    }
    return read;
  }

  /** The definitions by name, in the order first defined. */
  public Map<String, String> values() {
    return values;
  }

  /** Whether {@code name} is defined. */
  public boolean defines(String name) {
    return values.containsKey(name);
  }

  /**
   * These definitions plus {@code scale}, {@code default_seed} and {@code random_seed} where not
   * defined. {@code default_seed} is drawn from pgbench's base random sequence, and only when it is
   * not defined: the draw is part of pgbench's seeding order, made once for all clients.
   *
   * @param randomSeed the run's seed, stored as its signed 64-bit value
   * @param defaultSeed the value drawn for {@code default_seed}, typically {@code
   *     seedPlan::defaultSeed} of a {@link SeedPlan} drawn with {@code defines("default_seed")};
   *     called at most once, and not at all when it is defined
   */
  public VariableDefinitions withAutomatic(int scale, long randomSeed, LongSupplier defaultSeed) {
    Map<String, String> all = new LinkedHashMap<>(values);
    all.putIfAbsent("scale", Integer.toString(scale));
    if (!all.containsKey("default_seed")) {
      all.put("default_seed", Long.toString(defaultSeed.getAsLong()));
    }
    all.putIfAbsent("random_seed", Long.toString(randomSeed));
    return new VariableDefinitions(all);
  }

  /** A new set of variables for client {@code clientId}: these plus {@code client_id}. */
  public Variables forClient(int clientId) {
    Variables variables = new Variables();
    values.forEach(variables::putString);
    if (!values.containsKey("client_id")) {
      variables.putString("client_id", Integer.toString(clientId));
    }
    return variables;
  }
}
