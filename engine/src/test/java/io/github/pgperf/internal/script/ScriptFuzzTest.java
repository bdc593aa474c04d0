package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.pgperf.testing.Pgbench;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random and truncated scripts (fixed seeds): the parser returns a script or throws a {@link
 * ScriptException}, nothing else, and never hangs; and on a sample, pgbench agrees on which scripts
 * are bad and says the same thing about them.
 */
class ScriptFuzzTest {

  /** pgbench's complaint about "-c 0", given after "-f": it means the script was accepted. */
  private static final String ACCEPTED = "-c/--client must be in range 1..2147483647";

  private static final String[] FRAGMENTS = {
    "SELECT 1",
    "SELECT :x",
    ";",
    " ",
    "\n",
    "\n",
    "\r\n",
    "\t",
    "'",
    "\"",
    "$$",
    "$a$",
    "$1",
    "E'",
    "e'\\'",
    "U&'",
    "--",
    "/*",
    "*/",
    "(",
    ")",
    "\\;",
    "\\:",
    ":x",
    "::",
    "a:b",
    "BEGIN",
    "END",
    "CREATE FUNCTION f() ",
    "CREATE OR REPLACE PROCEDURE p() ",
    "ATOMIC",
    "CASE",
    "é",
    "\\",
    "\\\n",
    "a",
    "1",
    "x",
    "\\set x 1\n",
    "\\set x random(1)\n",
    "\\set x (\n",
    "\\set\n",
    "\\set x",
    "\\set x 1 +",
    "\\set y :x * 2 \\\n + 1\n",
    "\\sleep 1 ms\n",
    "\\sleep x\n",
    "\\sleep 1 2 3\n",
    "\\sleep 5xs\n",
    "\\sleep :t\n",
    "\\setshell v\n",
    "\\setshell v echo 1\n",
    "\\shell\n",
    "\\if 1\n",
    "\\if :x = 1\n",
    "\\elif 0\n",
    "\\else\n",
    "\\endif\n",
    "\\else x\n",
    "\\gset\n",
    "\\aset p\n",
    "\\gset a b\n",
    "\\foo\n",
    "\\startpipeline\n",
    "\\endpipeline\n",
    "\\SET y 2\n",
    "\\gset",
    "\\endif",
  };

  /**
   * SQL lexing only: run by pgbench, so no meta-command that acts outside the database. No command
   * may end with a variable reference: pgbench 15 then reads past the end of the text
   * (parseVariable takes the terminating NUL for a name character) and sends garbage or crashes.
   */
  private static final String[] SQL_FRAGMENTS = {
    "SELECT 1",
    "SELECT :x",
    "SELECT 'a'",
    ";",
    ";",
    " ",
    "\n",
    "\n",
    "\r\n",
    "\t",
    "'",
    "\"",
    "$$",
    "$a$",
    "$1",
    "E'",
    "e'\\'",
    "U&'",
    "B'",
    "--",
    "/*",
    "*/",
    "(",
    ")",
    "\\;",
    "\\:",
    ":x",
    "::",
    "::x",
    "a:b",
    ":'x'",
    "BEGIN",
    "END",
    "CREATE FUNCTION f() ",
    "CASE",
    "ATOMIC",
    "é",
    "a$$b",
    "1e",
    "x",
    " \\gset\n",
    " \\aset\n",
    "AS \"y\"",
  };

  private static final String ALPHABET = "ab1 ;:'\"$\\\n\r-/*()eEé\t{}&U_=+<>";

  private static String randomScript(Random random) {
    StringBuilder sb = new StringBuilder();
    int count = 1 + random.nextInt(12);
    for (int i = 0; i < count; i++) {
      sb.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
    }
    return sb.toString();
  }

  private static String randomSql(Random random) {
    StringBuilder sb = new StringBuilder();
    int count = 1 + random.nextInt(14);
    for (int i = 0; i < count; i++) {
      sb.append(SQL_FRAGMENTS[random.nextInt(SQL_FRAGMENTS.length)]);
    }
    return sb.append('\n').toString();
  }

  private static String randomCharacters(Random random) {
    StringBuilder sb = new StringBuilder();
    int length = random.nextInt(120);
    for (int i = 0; i < length; i++) {
      sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return sb.toString();
  }

  private static void parseOrRefuse(String text) {
    try {
      Script script = Script.parse("fuzz.sql", text);
      assertThat(script.commands()).isNotEmpty();
    } catch (ScriptException expected) {
      assertThat(expected.lines()).isNotEmpty();
    } catch (Throwable t) {
      fail("unexpected " + t + " for script <" + text + ">", t);
    }
  }

  @Test
  void randomAndTruncatedScriptsParseOrAreRefused() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          Random random = new Random(20261130L);
          for (int i = 0; i < 20_000; i++) {
            parseOrRefuse(randomScript(random));
            parseOrRefuse(randomCharacters(random));
          }
          for (BuiltinScript b : BuiltinScript.values()) {
            for (int end = 0; end <= b.text().length(); end++) {
              parseOrRefuse(b.text().substring(0, end));
            }
          }
          for (int i = 0; i < 300; i++) {
            String text = randomScript(random);
            for (int end = 0; end <= text.length(); end++) {
              parseOrRefuse(text.substring(0, end));
            }
          }
        });
  }

  @Test
  void pgbenchAgreesOnRandomScripts(@TempDir Path directory) throws Exception {
    Random random = new Random(4242L);
    int accepted = 0;
    int refused = 0;
    for (int i = 0; i < 150; i++) {
      String text = randomScript(random);
      if (i % 3 == 0) {
        text = text.substring(0, random.nextInt(text.length() + 1));
      }
      Files.writeString(directory.resolve("fuzz.sql"), text, StandardCharsets.UTF_8);
      Pgbench.Result pgbench =
          Pgbench.run(directory, List.of("-n", "-t1", "-f", "fuzz.sql", "-c", "0"));
      List<String> pgbenchLines = pgbench.errorLines();
      List<String> pgperfLines;
      try {
        Script.parse("fuzz.sql", text);
        pgperfLines = List.of(ACCEPTED);
      } catch (ScriptException e) {
        pgperfLines = new ArrayList<>(e.lines());
      }
      assertThat(pgperfLines).as("script <%s>", text).isEqualTo(pgbenchLines);
      if (pgbenchLines.equals(List.of(ACCEPTED))) {
        accepted++;
      } else {
        refused++;
      }
    }
    // The sample must exercise both outcomes to mean anything.
    assertThat(accepted).isGreaterThan(15);
    assertThat(refused).isGreaterThan(15);
  }

  /**
   * Random SQL run by pgbench with -d: every text pgbench sends before the run stops (most are not
   * valid SQL, so usually just the first) equals pgperf's command text in order.
   */
  @Test
  void pgbenchSendsTheSameSqlTexts(@TempDir Path directory) throws Exception {
    Random random = new Random(777L);
    int compared = 0;
    try (io.github.pgperf.testing.TestDatabase database =
        io.github.pgperf.testing.TestDatabase.create()) {
      for (int i = 0; i < 80; i++) {
        String text = randomSql(random);
        Files.writeString(directory.resolve("fuzz.sql"), text, StandardCharsets.UTF_8);
        Pgbench.Result pgbench =
            Pgbench.run(
                directory,
                List.of(
                    "-n",
                    "-t1",
                    "-d",
                    "-M",
                    "simple",
                    "-D",
                    "x=5",
                    "-f",
                    "fuzz.sql",
                    "-h",
                    database.host(),
                    "-p",
                    Integer.toString(database.port()),
                    "-U",
                    database.user(),
                    database.name()));
        Script script;
        try {
          script = Script.parse("fuzz.sql", text);
        } catch (ScriptException e) {
          assertThat(e.lines()).as("script <%s>", text).isEqualTo(pgbench.errorLines());
          continue;
        }
        List<String> sent = sentTexts(pgbench.stderrLines());
        assertThat(sent)
            .as("pgbench sent something for <%s>: %s", text, pgbench.stderrLines())
            .isNotEmpty();
        Variables variables = VariableDefinitions.parse(List.of("x=5")).forClient(0);
        List<String> pgperf = new ArrayList<>();
        for (Command c : script.commands()) {
          if (c instanceof Command.Sql sql && pgperf.size() < sent.size()) {
            String query = sql.template().substituted(variables);
            // pgbench's logging drops one newline at the end of a message.
            pgperf.add(query.endsWith("\n") ? query.substring(0, query.length() - 1) : query);
          }
        }
        assertThat(pgperf).as("script <%s>", text).isEqualTo(sent);
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(40);
  }

  private static List<String> sentTexts(List<String> stderr) {
    String sending = "pgbench: client 0 sending ";
    List<String> texts = new ArrayList<>();
    StringBuilder current = null;
    for (String line : stderr) {
      if (line.startsWith("pgbench: ")) {
        if (current != null) {
          texts.add(current.toString());
          current = null;
        }
        if (line.startsWith(sending)) {
          current = new StringBuilder(line.substring(sending.length()));
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
