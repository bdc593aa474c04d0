package io.github.pgperf.internal.capture;

import io.github.pgperf.internal.script.Command;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.SqlTemplate;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.plan.StatementPlan;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The plans of every SQL command of a run's scripts, taken once before the run's first transaction:
 * generic plans ({@link Explain}), which depend on the tables and their statistics, not on the
 * values a client drew. Taken before the run, the tables are as the initialization and pgbench's
 * pre-run vacuum left them; taken after, a table that every transaction updates (TPC-B's one-row
 * {@code pgbench_branches}) has grown by as many dead rows as the run's speed allowed, and its plan
 * flipped between runs of the same code (docs/gate.md). Java transactions have no script text to
 * plan before the run.
 */
public final class ScriptPlans {

  /** Statements {@code EXPLAIN} takes; others (BEGIN, END, VACUUM, SET, ...) have no plan. */
  private static final List<String> PLANNABLE =
      List.of("select", "insert", "update", "delete", "with", "values", "table", "merge");

  private ScriptPlans() {}

  /**
   * Plans each SQL command of each script in {@code workload}; a command the server cannot plan
   * says why.
   *
   * @throws SQLException when the connection cannot take plans at all
   */
  public static List<StatementPlan> capture(Connection connection, Workload workload)
      throws SQLException {
    try (Statement s = connection.createStatement()) {
      // A plan waits for no lock another session might hold for long.
      s.execute("SET statement_timeout = '15s'");
      try {
        return planAll(connection, workload);
      } finally {
        s.execute("RESET statement_timeout");
      }
    }
  }

  private static List<StatementPlan> planAll(Connection connection, Workload workload) {
    List<StatementPlan> plans = new ArrayList<>();
    for (Workload.Entry entry : workload.entries()) {
      if (!(entry.item() instanceof Script script)) {
        continue;
      }
      List<Command> commands = script.commands();
      for (int i = 0; i < commands.size(); i++) {
        if (commands.get(i) instanceof Command.Sql sql) {
          plans.add(plan(connection, script.name(), i, sql));
        }
      }
    }
    return List.copyOf(plans);
  }

  private static StatementPlan plan(
      Connection connection, String script, int index, Command.Sql sql) {
    SqlTemplate template = sql.template();
    String why = unplannable(sql);
    if (why != null) {
      return new StatementPlan(script, index, sql.readableText(), null, why);
    }
    String first = firstWord(sql.text());
    if (!PLANNABLE.contains(first)) {
      return StatementPlan.utility(script, index, sql.readableText(), first);
    }
    try {
      return new StatementPlan(
          script,
          index,
          sql.readableText(),
          Explain.shape(connection, template.numbered(), template.parameterCount()),
          null);
    } catch (SQLException | IllegalArgumentException e) {
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      return new StatementPlan(
          script,
          index,
          sql.readableText(),
          null,
          "the server could not plan it: " + message.lines().findFirst().orElse(message));
    }
  }

  /** Why a command is not planned although it may scan tables; null when it is planned. */
  private static String unplannable(Command.Sql sql) {
    if (sql.parts().size() > 1) {
      return "a compound command (\\;) is not planned";
    }
    if (sql.template().invalidIn() != null) {
      return "its bytes are not valid in the client encoding";
    }
    return null;
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
