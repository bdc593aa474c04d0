package io.github.pgperf.internal.script;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A test-side stand-in for the runner that understands only scripts made of {@code \set name expr}
 * lines: it runs them for each client, with pgbench's automatic variables and seeding, and collects
 * what debug() prints and the error lines of aborted clients.
 */
final class SetScriptDriver {

  private final List<String> names = new ArrayList<>();
  private final List<Expression> expressions = new ArrayList<>();

  SetScriptDriver(String script) throws ExpressionSyntaxException {
    for (String line : script.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      String[] parts = line.strip().split("\\s+", 3);
      if (!parts[0].equals("\\set") || parts.length < 3) {
        throw new IllegalArgumentException("not a \\set line: " + line);
      }
      names.add(parts[1]);
      expressions.add(Expression.parse(parts[2]));
    }
  }

  /**
   * Runs {@code transactions} transactions for each of {@code clients} clients and returns the
   * debug lines, sorted. {@code defines} are {@code -D} variables (strings).
   */
  List<String> run(long seed, int clients, int transactions, Map<String, String> defines) {
    SeedPlan plan = SeedPlan.draw(seed, clients, defines.containsKey("default_seed"), 1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream debug = new PrintStream(out, true, StandardCharsets.UTF_8);
    for (int client = 0; client < clients; client++) {
      Variables variables = new Variables();
      defines.forEach(variables::putString);
      putUnlessDefined(variables, "client_id", client);
      putUnlessDefined(variables, "scale", 1);
      putUnlessDefined(variables, "random_seed", plan.randomSeed());
      putUnlessDefined(variables, "default_seed", plan.defaultSeed());
      ExpressionEvaluator evaluator =
          new ExpressionEvaluator(variables, plan.client(client), debug);
      runClient(client, evaluator, transactions, debug);
    }
    List<String> lines =
        new ArrayList<>(Arrays.asList(out.toString(StandardCharsets.UTF_8).split("\n")));
    lines.removeIf(String::isEmpty);
    lines.sort(null);
    return lines;
  }

  /** Runs one client; an evaluation error aborts it with pgbench's two lines. */
  private void runClient(
      int client, ExpressionEvaluator evaluator, int transactions, PrintStream debug) {
    for (int t = 0; t < transactions; t++) {
      for (int command = 0; command < expressions.size(); command++) {
        try {
          evaluator.set(names.get(command), expressions.get(command), 0, command);
        } catch (EvaluationException e) {
          debug.println("pgbench: error: " + e.getMessage());
          debug.println(
              "pgbench: error: client "
                  + client
                  + " aborted in command "
                  + command
                  + " (set) of script 0; "
                  + (e.isAssignment() ? "assignment" : "evaluation")
                  + " of meta-command failed");
          return;
        }
      }
    }
  }

  private static void putUnlessDefined(Variables variables, String name, long value) {
    if (!variables.isDefined(name)) {
      variables.putInt(name, value);
    }
  }
}
