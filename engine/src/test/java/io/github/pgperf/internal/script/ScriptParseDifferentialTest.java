package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.QueryMode;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabaseExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Valid scripts with tricky lexing, run once by real pgbench 15 against a test DATABASE.get().
 * pgbench's {@code -r} report lists every command by its first line, and {@code -d} shows every SQL
 * text it sends; pgperf's parse must give the same commands, first lines and texts.
 */
class ScriptParseDifferentialTest {

  private static final Pattern STATEMENT_LINE = Pattern.compile("^\\s*-?[0-9.]+\\s+[0-9]+  (.*)$");
  private static final String SENDING = "pgbench: client 0 sending ";

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir static Path directory;

  static Stream<Arguments> scripts() {
    return Stream.of(
        simple("SELECT 1 -- c\n, 2 /* x; */   -- d\n ;\n  -- lead\nSELECT 2\n-- trail\n;\n"),
        simple(
            "SELECT 'a;b' AS x, 1 AS \"c;d\", $$e;f$$ AS z, $tag$ $$ ; $tag$ AS w,"
                + " E'\\';' AS v, U&'\\0041;' AS u, B'101' AS bits, X'1F' AS hex;\n"),
        simple(
            "SELECT 1 AS a \\; SELECT 2 AS b \\gset\n"
                + "SELECT 3 AS d \\; SELECT 4 AS c \\aset p_\n"),
        simple(
            "CREATE FUNCTION pf(x int) RETURNS int LANGUAGE sql\n"
                + "BEGIN ATOMIC SELECT x; SELECT x + 1; END;\nSELECT pf(1);\n"
                + "CREATE OR REPLACE PROCEDURE pp() LANGUAGE sql BEGIN ATOMIC\n"
                + "  SELECT CASE WHEN true THEN 1 END; SELECT 2;\nEND;\nCALL pp();\n"),
        simple("SELECT 1\n\\set y 2\nSELECT :y\n\\set z 3\n"),
        simple(
            "SELECT 1::int AS a, :x AS b, ':x' AS c, 2::text, :x::int AS d,"
                + " ':undefined :_u :1 a:b' AS e, '::x' AS f, 10 + \\:x AS g, 'x\\;y' AS h;\n"),
        simple("SELECT (1\n-- ;\n+ 2) AS p, (';' || $$;$$) AS q;\n"),
        simple(
            "\\set x 1 + \\\n 2\n\\SET y :x * 2\n\\sleep 0 ms\n\\sleep 0\n\\sleep 1us\n"
                + "\\shell true\n\\setshell w echo 3\n\\\nSELECT :x, :y, :w;\n"),
        simple("SELECT 1;;\n"),
        simple("SELECT 1;\r\n\\set y 2\r\nSELECT :y;\r\n"),
        simple("SELECT '" + "a".repeat(200) + "' AS long;\n"),
        simple("SELECT 'é' AS ü, :x AS \"ä\", 'ü" + "é".repeat(20) + "' AS l;\n"),
        simple("/* a /* b */ ; ' */ SELECT 1;\n"),
        simple("SELECT 1 AS \"x\"\"y\", 'it''s' AS q, $1$ AS n\n;\n".replace("$1$", "3")),
        simple("SELECT 1 AS a \\gset\n\\set y 1\nSELECT 2 AS b"),
        conditional(
            "\\if :x = 5\nSELECT 1;\n\\elif false\nSELECT 2;\n\\else\nSELECT 3;\n\\endif\n"),
        extended("\\startpipeline\nSELECT :x AS a;\nSELECT :zz::int IS NULL, :x;\n\\endpipeline\n"),
        extended("SELECT :x::int + 1, :x::text || $$x$$, :nope::int IS NULL;\n"));
  }

  private static Arguments simple(String script) {
    return Arguments.of(script, QueryMode.SIMPLE, true);
  }

  private static Arguments extended(String script) {
    return Arguments.of(script, QueryMode.EXTENDED, true);
  }

  private static Arguments conditional(String script) {
    return Arguments.of(script, QueryMode.SIMPLE, false);
  }

  @ParameterizedTest
  @MethodSource("scripts")
  void sameCommandsAsPgbench(String text, QueryMode mode, boolean allSqlRunsInOrder)
      throws Exception {
    Files.writeString(directory.resolve("ok.sql"), text, StandardCharsets.UTF_8);
    Pgbench.Result pgbench =
        Pgbench.run(
            directory,
            List.of(
                "-n",
                "-t1",
                "-r",
                "-d",
                "-M",
                mode.optionName(),
                "-D",
                "x=5",
                "-f",
                "ok.sql",
                "-h",
                DATABASE.get().host(),
                "-p",
                Integer.toString(DATABASE.get().port()),
                "-U",
                DATABASE.get().user(),
                DATABASE.get().name()));
    assertThat(pgbench.exitCode()).as("pgbench stderr: %s", pgbench.stderrLines()).isZero();

    Script script = Script.parse("ok.sql", text);

    assertThat(firstLines(script)).isEqualTo(reportedFirstLines(pgbench.stdoutLines()));
    if (allSqlRunsInOrder) {
      Variables variables =
          VariableDefinitions.parse(List.of("x=5")).withAutomatic(1, 0, () -> 0).forClient(0);
      ExpressionEvaluator evaluator =
          new ExpressionEvaluator(variables, Prng.seeded(1), System.err);
      List<String> sent = new ArrayList<>();
      for (int i = 0; i < script.commands().size(); i++) {
        Command c = script.commands().get(i);
        if (c instanceof Command.Sql sql) {
          String query =
              mode == QueryMode.SIMPLE
                  ? sql.template().substituted(variables)
                  : sql.template().numbered();
          // pgbench's logging drops one newline at the end of a message.
          sent.add(query.endsWith("\n") ? query.substring(0, query.length() - 1) : query);
        } else if (c instanceof Command.Set set) {
          evaluator.set(set.variable(), set.expression(), 0, i);
        } else if (c instanceof Command.SetShell shell) {
          // The scripts only use "echo N".
          variables.putInt(shell.variable(), Long.parseLong(shell.words().get(1)));
        }
      }
      assertThat(sent).isEqualTo(sentTexts(pgbench.stderrLines()));
    }
  }

  private static List<String> firstLines(Script script) {
    List<String> lines = new ArrayList<>();
    for (Command c : script.commands()) {
      lines.add(c.firstLine());
    }
    return lines;
  }

  private static List<String> reportedFirstLines(List<String> stdout) {
    int start = stdout.indexOf("statement latencies in milliseconds and failures:");
    assertThat(start).as("report in %s", stdout).isNotNegative();
    List<String> lines = new ArrayList<>();
    for (String line : stdout.subList(start + 1, stdout.size())) {
      Matcher m = STATEMENT_LINE.matcher(line);
      if (m.matches()) {
        lines.add(m.group(1));
      } else {
        // A meta-command's first line may span several lines (continuations).
        lines.set(lines.size() - 1, lines.get(lines.size() - 1) + "\n" + line);
      }
    }
    return lines;
  }

  private static List<String> sentTexts(List<String> stderr) {
    List<String> texts = new ArrayList<>();
    StringBuilder current = null;
    for (String line : stderr) {
      if (line.startsWith(SENDING)) {
        if (current != null) {
          texts.add(current.toString());
        }
        current = new StringBuilder(line.substring(SENDING.length()));
      } else if (line.startsWith("pgbench: ")) {
        if (current != null) {
          texts.add(current.toString());
          current = null;
        }
      } else if (current != null) {
        current.append('\n').append(line);
      }
    }
    if (current != null) {
      texts.add(current.toString());
    }
    return texts;
  }
}
