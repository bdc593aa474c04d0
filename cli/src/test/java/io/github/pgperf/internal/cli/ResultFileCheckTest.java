package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --result-json} names a file the run could not write: pgperf refuses it before the run, as
 * pgbench refuses {@code -l}'s log file before its clients start, rather than running the whole
 * benchmark for a result it then loses.
 */
class ResultFileCheckTest {

  private static final Pattern OPEN_ERROR =
      Pattern.compile(
          "^(pgbench|pgperf): error: could not open (logfile|result file) \"(.*)\": (.*)$");

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

  @BeforeEach
  void emptyTable() throws Exception {
    execute("DROP TABLE IF EXISTS t; CREATE TABLE t (v int)");
    Files.writeString(dir.resolve("insert.sql"), "INSERT INTO t VALUES (1);\n");
  }

  @Test
  void aFileInAMissingDirectoryIsRefusedBeforeTheRunAsPgbenchRefusesItsLogFile() throws Exception {
    List<String> script = List.of("-n", "-t", "3", "-f", dir.resolve("insert.sql").toString());
    Pgbench.Result expected =
        Pgbench.run(db, with(script, "-l", "--log-prefix=/nonexistent/pgperf-dir/x"));
    assertThat(rows()).as("pgbench's run").isZero();

    Cli.Result actual = Cli.runOn(db, with(script, "--result-json=/nonexistent/pgperf-dir/x.json"));

    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
    String[] pgbench = openError(expected.stderr());
    String[] pgperf = openError(actual.stderr());
    assertThat(pgbench[2]).startsWith("/nonexistent/pgperf-dir/x.");
    assertThat(pgperf[2]).isEqualTo("/nonexistent/pgperf-dir/x.json");
    assertThat(pgperf[3]).isEqualTo(pgbench[3]).isEqualTo("No such file or directory");
    assertThat(actual.stdout()).as("no report: nothing ran").isEmpty();
    assertThat(rows()).as("pgperf's run").isZero();
  }

  @Test
  void aFileUnderAFileIsRefusedWithTheReasonPgbenchGives() throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    List<String> script = List.of("-n", "-t", "3", "-f", dir.resolve("insert.sql").toString());
    Pgbench.Result expected = Pgbench.run(db, with(script, "-l", "--log-prefix=" + file + "/x"));
    Cli.Result actual = Cli.runOn(db, with(script, "--result-json=" + file + "/x.json"));

    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
    assertThat(openError(actual.stderr())[3])
        .isEqualTo(openError(expected.stderr())[3])
        .isEqualTo("Not a directory");
    assertThat(rows()).isZero();
  }

  @Test
  void aDirectoryIsRefusedAndAnExistingFileIsKeptUntilTheResultReplacesIt() throws Exception {
    List<String> script = List.of("-n", "-t", "3", "-f", dir.resolve("insert.sql").toString());
    Cli.Result refused = Cli.runOn(db, with(script, "--result-json=" + dir));
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.stderr())
        .isEqualTo("pgperf: error: could not open result file \"" + dir + "\": Is a directory\n");
    assertThat(rows()).isZero();

    Path existing = Files.writeString(dir.resolve("old.json"), "an earlier result");
    Cli.Result ran = Cli.runOn(db, with(script, "--result-json=" + existing));
    assertThat(ran.exitCode()).as(ran.stderr()).isZero();
    assertThat(rows()).isEqualTo(3);
    assertThat(io.github.pgperf.result.ResultJson.read(existing).totalCounts().processed())
        .isEqualTo(3);
  }

  @Test
  void theCheckLeavesNoFileBehindWhenTheRunThenCannotStart() throws Exception {
    Path json = dir.resolve("never.json");
    Cli.Result actual =
        Cli.run(
            java.util.Map.of(),
            "-n",
            "-t",
            "1",
            "-f",
            dir.resolve("insert.sql").toString(),
            "--result-json=" + json,
            "-h",
            db.host(),
            "-p",
            Integer.toString(db.port()),
            "-U",
            db.user(),
            db.name() + "_missing");

    assertThat(actual.exitCode()).isEqualTo(1);
    assertThat(actual.stderr()).contains("database \"" + db.name() + "_missing\" does not exist");
    assertThat(json).doesNotExist();
  }

  private static List<String> with(List<String> args, String... more) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(more));
    return all;
  }

  /** The program, kind, file and reason of the run's one "could not open" line. */
  private static String[] openError(String stderr) {
    List<String[]> found = new ArrayList<>();
    for (String line : stderr.split("\n")) {
      Matcher m = OPEN_ERROR.matcher(line);
      if (m.matches()) {
        found.add(new String[] {m.group(1), m.group(2), m.group(3), m.group(4)});
      }
    }
    assertThat(found).as(stderr).hasSize(1);
    return found.get(0);
  }

  private static long rows() throws Exception {
    try (Connection c = DriverManager.getConnection(db.url());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void execute(String sql) throws Exception {
    try (Connection c = DriverManager.getConnection(db.url());
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
