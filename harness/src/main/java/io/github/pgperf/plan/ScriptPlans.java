package io.github.pgperf.plan;

import io.github.pgperf.script.Command;
import io.github.pgperf.script.Script;
import io.github.pgperf.script.SqlTemplate;
import io.github.pgperf.script.Variables;
import io.github.pgperf.script.Workload;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The plans of every SQL command of a run's scripts, taken once after the run on a connection of
 * its own, with the values one client's variables hold at the end (the values of a real execution:
 * pgbench's scripts set every variable a statement uses before it). Java transactions have no
 * script text to plan; their statements are known to the server only by normalized text, which
 * PostgreSQL 16's {@code EXPLAIN (GENERIC_PLAN)} can plan and 15 cannot.
 */
public final class ScriptPlans {

  /** Statements {@code EXPLAIN} takes; others (BEGIN, END, VACUUM, SET, ...) have no plan. */
  private static final List<String> PLANNABLE =
      List.of("select", "insert", "update", "delete", "with", "values", "table", "merge");

  private ScriptPlans() {}

  /**
   * Plans each SQL command of each script in {@code workload}.
   *
   * @param variables a client's variables after the run
   */
  public static List<StatementPlan> capture(Connection connection, Workload workload,
      Variables variables) {
    List<StatementPlan> plans = new ArrayList<>();
    for (Workload.Entry entry : workload.entries()) {
      if (!(entry.item() instanceof Script script)) {
        continue;
      }
      List<Command> commands = script.commands();
      for (int i = 0; i < commands.size(); i++) {
        if (commands.get(i) instanceof Command.Sql sql) {
          plans.add(plan(connection, script.name(), i, sql, variables));
        }
      }
    }
    return List.copyOf(plans);
  }

  private static StatementPlan plan(Connection connection, String script, int index,
      Command.Sql sql, Variables variables) {
    SqlTemplate template = sql.template();
    String why = unplannable(sql);
    if (why != null) {
      return new StatementPlan(script, index, sql.readableText(), null, why);
    }
    List<String> parameters = new ArrayList<>();
    for (int p = 0; p < template.parameterCount(); p++) {
      parameters.add(template.parameter(p, variables));
    }
    try {
      return new StatementPlan(script, index, sql.readableText(),
          Explain.shape(connection, template.jdbcText(), parameters), null);
    } catch (SQLException | IllegalArgumentException e) {
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      return new StatementPlan(script, index, sql.readableText(), null,
          "the server could not plan it: " + message.lines().findFirst().orElse(message));
    }
  }

  private static String unplannable(Command.Sql sql) {
    if (sql.parts().size() > 1) {
      return "a compound command (\\;) is not planned";
    }
    if (sql.template().invalidIn() != null) {
      return "its bytes are not valid in the client encoding";
    }
    String first = firstWord(sql.text());
    return PLANNABLE.contains(first) ? null : "\"" + first + "\" has no plan";
  }

  /** The statement's first keyword, after comments and white space. */
  static String firstWord(String text) {
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c) || c == '(') {
        i++;
      } else if (text.startsWith("--", i)) {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end + 1;
      } else if (text.startsWith("/*", i)) {
        int end = text.indexOf("*/", i + 2);
        i = end < 0 ? text.length() : end + 2;
      } else {
        break;
      }
    }
    int end = i;
    while (end < text.length() && Character.isLetter(text.charAt(end))) {
      end++;
    }
    return text.substring(i, end).toLowerCase(Locale.ROOT);
  }
}
