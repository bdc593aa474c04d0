package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Server notices and warnings raised by script statements reach stderr as pgbench (libpq's default
 * notice processor) prints them: once per execution, severity and message, then the DETAIL and HINT
 * lines.
 */
class NoticeDifferentialTest {

  private static final String SCRIPT =
      String.join(
          "\n",
          "DO $$ BEGIN RAISE NOTICE 'hello %', 1; END $$;",
          "SELECT 1;",
          "DO $$ BEGIN RAISE WARNING 'careful %', 2 USING DETAIL = 'some detail',"
              + " HINT = 'a hint'; END $$;",
          "");

  private static TestDatabase db;

  @TempDir static Path dir;

  @BeforeAll
  static void create() throws Exception {
    db = TestDatabase.create();
  }

  @AfterAll
  static void drop() throws Exception {
    db.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "extended", "prepared"})
  void noticeLinesAreThoseOfPgbench(String mode) throws Exception {
    Path script = dir.resolve("notices-" + mode + ".sql");
    Files.writeString(script, SCRIPT);
    List<String> args = List.of("-n", "-t", "3", "-c", "1", "-M", mode, "-f", script.toString());

    Pgbench.Result expected = Pgbench.run(db, args);
    Cli.Result actual = Cli.runOn(db, args);

    assertThat(expected.exitCode()).as(expected.stderr()).isZero();
    assertThat(actual.exitCode()).as(actual.stderr()).isZero();
    List<String> pgbench = noticeLines(expected.stderr());
    assertThat(pgbench).hasSize(3 * 4);
    assertThat(noticeLines(actual.stderr())).isEqualTo(pgbench);
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "prepared"})
  void noticeOfAFailingStatementComesBeforeTheAbort(String mode) throws Exception {
    Path script = dir.resolve("failing-" + mode + ".sql");
    Files.writeString(script, "DO $$ BEGIN RAISE NOTICE 'before'; PERFORM 1/0; END $$;\n");
    List<String> args = List.of("-n", "-t", "2", "-c", "1", "-M", mode, "-f", script.toString());

    Pgbench.Result expected = Pgbench.run(db, args);
    Cli.Result actual = Cli.runOn(db, args);

    assertThat(expected.exitCode()).isEqualTo(2);
    assertThat(actual.exitCode()).isEqualTo(2);
    List<String> pgbench = noticeAndAbortLines(expected.stderr().replace("pgbench: ", "PROG: "));
    assertThat(pgbench)
        .containsExactly(
            "NOTICE:  before",
            "PROG: error: client 0 script 0 aborted in command 0 query 0: ERROR:  division by zero");
    assertThat(noticeAndAbortLines(actual.stderr().replace("pgperf: ", "PROG: ")))
        .isEqualTo(pgbench);
  }

  private static List<String> noticeAndAbortLines(String stderr) {
    return Arrays.stream(stderr.split("\n"))
        .filter(l -> l.startsWith("NOTICE:  ") || l.contains(" aborted in command "))
        .toList();
  }

  private static List<String> noticeLines(String stderr) {
    return Arrays.stream(stderr.split("\n"))
        .filter(l -> l.matches("(NOTICE|WARNING|INFO|DETAIL|HINT|QUERY|CONTEXT):  .*"))
        .toList();
  }
}
