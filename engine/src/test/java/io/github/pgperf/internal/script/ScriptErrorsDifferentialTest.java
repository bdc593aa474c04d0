package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Invalid scripts and script options, given to real pgbench 15 and to pgperf: both must refuse
 * them, pgperf with exactly the lines pgbench prints (message naming the file and line, the
 * command, the caret line), less pgbench's "pgbench: error: " prefix.
 */
class ScriptErrorsDifferentialTest {

  private static TestDatabase database;

  @TempDir static Path directory;

  @BeforeAll
  static void createDatabase() throws Exception {
    database = TestDatabase.create();
    Files.createDirectories(directory.resolve("adir"));
  }

  @AfterAll
  static void dropDatabase() throws Exception {
    database.close();
  }

  /** A script in err.sql and options; "{}" in the options stands for "-f err.sql". */
  static Stream<Arguments> badScripts() {
    List<Arguments> cases = new ArrayList<>();
    // Expressions: message and caret from the expression parser, line and command from the script.
    bad(cases, "\\set x random(1)\n");
    bad(cases, "\\set x 1 +\n");
    bad(cases, "\\set x 1 +");
    bad(cases, "\\set x 1 +\r\n");
    bad(cases, "SELECT 1;\n\n-- comment\n\\set x random(1, 2, 3)\n");
    bad(cases, "\\set x 1 + \\\n 2 +\n");
    bad(cases, "\\Set x random(1)\n");
    bad(cases, "\\set é random(1)\n");
    bad(cases, "\\set\n");
    bad(cases, "\\set x\n");
    bad(cases, "\\set x");
    bad(cases, "\\if\n\\endif\n");
    bad(cases, "\\if 1\n\\elif foo(1)\n\\endif\n");
    bad(cases, "\\set x\\\n 1 +\n");
    bad(cases, "\\ set x random(1)\n");
    bad(cases, "\\set x random(1) \\\n");
    bad(cases, "\\if\\\n random(1)\n\\endif\n");
    bad(cases, "\\set x 1 + \\\r\n 2 +\r\n");
    bad(cases, "\\set\tx\trandom(1)\n");
    bad(cases, "\\set x 1\n   \\gset\n");
    bad(cases, "\\gset p \\\n q\n");
    bad(cases, "\\sét\n");
    bad(cases, "\\sleep 10 xs\r\n");
    // \sleep
    bad(cases, "\\sleep\n");
    bad(cases, "\\sleep x\n");
    bad(cases, "\\sleep 1 min\n");
    bad(cases, "\\sleep 1xs\n");
    bad(cases, "\\sleep 1x ms\n");
    bad(cases, "\\sleep 1 2 3\n");
    bad(cases, "\\sleep 1 \\\n 2 3\n");
    // other meta-commands
    bad(cases, "\\setshell x\n");
    bad(cases, "\\shell\n");
    bad(cases, "\\else x\n");
    bad(cases, "\\endif x\n");
    bad(cases, "\\startpipeline x\n");
    bad(cases, "\\endpipeline x\n");
    bad(cases, "\\gset a b\n");
    bad(cases, "\\aset a b\n");
    bad(cases, "\\foo bar\n");
    bad(cases, "SELECT 1;\n\\shell " + String.join(" ", Collections.nCopies(300, "w")) + "\n");
    // \gset and \aset placement, with pgbench's odd line numbers
    bad(cases, "\\gset\n");
    bad(cases, "\\aset\n");
    bad(cases, "\n\n\\gset\n\n");
    bad(cases, "-- c\n\\aset\nSELECT 1;\n");
    bad(cases, "\\set i 1\n\\gset\n");
    bad(cases, "\\set i 1\n\\set j 1\n\n\n\\gset\n");
    bad(cases, "SELECT 1 \\gset\n\\gset\n");
    bad(cases, "SELECT 1 \\aset\n\n\n\\gset\n");
    bad(cases, "SELECT 1;\n\n\n-- x\n\\gset\n\\gset\n");
    // quotes, comments and dollar quotes decide what is a meta-command
    bad(cases, "SELECT $$ \\set x $$;\n\\foo\n");
    bad(cases, "SELECT $a$ $$ \\set x $$ $a$;\n\\foo\n");
    bad(cases, "SELECT 1 /* \\set /* nested */ \\x */;\n\\bar\n");
    bad(cases, "SELECT 1; -- \\set x\n\\bar\n");
    bad(cases, "SELECT E'\\' \\foo';\n\\bar\n");
    bad(cases, "SELECT 'x\\' \\foo';\n");
    bad(cases, "SELECT \"a \\b\";\n\\baz\n");
    bad(cases, "SELECT (1;\n\\qux 2);\n");
    bad(cases, "SELECT 1\n\\set x (\n");
    // conditionals
    bad(cases, "\\elif 1\n");
    bad(cases, "\\else\n");
    bad(cases, "\\endif\n");
    bad(cases, "\\if 1\n\\else\n\\else\n\\endif\n");
    bad(cases, "\\if 1\n\\else\n\\elif 1\n\\endif\n");
    bad(cases, "\\if 1\nSELECT 1;\n");
    bad(cases, "\\if 1\n\\if 0\n\\endif\n");
    bad(cases, "\\if 1\n\\endif\n\\endif\n");
    // whole scripts
    bad(cases, "");
    bad(cases, "-- nothing\n\n   \n");
    bad(cases, "SELECT " + variables(256) + ";\n", "-M", "extended", "-f", "err.sql");
    bad(cases, "SELECT " + variables(300) + ";\n", "-f", "err.sql", "-M", "prepared");
    // weights, builtins, definitions
    bad(cases, "SELECT 1;\n", "-f", "err.sql@one");
    bad(cases, "SELECT 1;\n", "-f", "err.sql@-1");
    bad(cases, "SELECT 1;\n", "-f", "err.sql@");
    bad(cases, "SELECT 1;\n", "-f", "err.sql@5x");
    bad(cases, "SELECT 1;\n", "-f", "err.sql@2147483648");
    bad(cases, "SELECT 1;\n", "-f", "err.sql@99999999999999999999");
    bad(cases, "SELECT 1;\n", "-f", "err.sql@0");
    bad(cases, "SELECT 1;\n", "-f", "err.sql@0", "-b", "se@0");
    bad(cases, "SELECT 1;\n", "-b", "se@x");
    bad(cases, "SELECT 1;\n", "-b", "s");
    bad(cases, "SELECT 1;\n", "-b", "");
    bad(cases, "SELECT 1;\n", "-b", "sx");
    bad(cases, "SELECT 1;\n", "-b", "t@1@2");
    bad(cases, "SELECT 1;\n", "--show-script=s");
    bad(cases, "SELECT 1;\n", "-f", "missing.sql");
    bad(cases, "SELECT 1;\n", "-f", "adir");
    bad(cases, "SELECT 1;\n", "-f", "@5");
    bad(cases, "SELECT 1;\n", "-f", "err.sql@1", "-f", "my@file.sql");
    bad(cases, "SELECT 1;\n", "-D", "x");
    bad(cases, "SELECT 1;\n", "-D", "=1");
    bad(cases, "SELECT 1;\n", "-D", "x=");
    bad(cases, "SELECT 1;\n", "-D", "1x=2");
    List<String> many = new ArrayList<>();
    for (int i = 0; i < 129; i++) {
      many.add("-f");
      many.add("err.sql");
    }
    bad(cases, "SELECT 1;\n", many.toArray(String[]::new));
    return cases.stream();
  }

  private static void bad(List<Arguments> cases, String script, String... options) {
    List<String> arguments = new ArrayList<>(List.of(options));
    if (arguments.isEmpty()) {
      arguments.addAll(List.of("-f", "err.sql"));
    }
    cases.add(Arguments.of(script, arguments));
  }

  private static String variables(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      names.add(":v" + i);
    }
    return String.join(", ", names);
  }

  @ParameterizedTest
  @MethodSource("badScripts")
  void pgperfRefusesWithPgbenchsMessage(String script, List<String> options) throws Exception {
    Files.writeString(directory.resolve("err.sql"), script, StandardCharsets.UTF_8);
    List<String> arguments = new ArrayList<>(List.of("-n", "-t1"));
    arguments.addAll(options);
    arguments.addAll(
        List.of(
            "-h",
            database.host(),
            "-p",
            Integer.toString(database.port()),
            "-U",
            database.user(),
            database.name()));

    Pgbench.Result pgbench = Pgbench.run(directory, arguments);
    ScriptException pgperf =
        catchThrowableOfType(
            () -> ScriptOptions.apply(directory, arguments), ScriptException.class);

    assertThat(pgbench.exitCode())
        .as("pgbench exit status, stderr %s", pgbench.stderrLines())
        .isEqualTo(1);
    assertThat(pgperf).as("pgperf refuses it").isNotNull();
    assertThat(pgperf.lines()).isEqualTo(pgbench.errorLines());
  }
}
