package io.github.pgperf.script;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The variables every client starts with: {@code -D name=value} definitions and pgbench's
 * automatic variables {@code scale}, {@code client_id}, {@code random_seed} and
 * {@code default_seed}, each set only when {@code -D} has not defined it.
 */
public final class VariableDefinitions {

  private final Map<String, String> values;

  private VariableDefinitions(Map<String, String> values) {
    this.values = Collections.unmodifiableMap(values);
  }

  /** No definitions. */
  public static VariableDefinitions none() {
    return new VariableDefinitions(new LinkedHashMap<>());
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
   * defined. {@code default_seed} is drawn from pgbench's base random sequence, and only when it
   * is not defined: the draw is part of pgbench's seeding order, made once for all clients.
   *
   * @param randomSeed the run's seed, stored as its signed 64-bit value
   * @param defaultSeed the value drawn for {@code default_seed}, typically {@code
   *     seedPlan::defaultSeed} of a {@link SeedPlan} drawn with {@code
   *     defines("default_seed")}; called at most once, and not at all when it is defined
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
