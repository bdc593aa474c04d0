package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line in this JVM: pgbench's options, pgbench's errors, never a stack trace. */
class PgPerfCommandTest {

  /**
   * Command lines pgbench rejects before connecting: pgperf must print the same lines with its own
   * name, and exit 1 as pgbench does.
   */
  @ParameterizedTest(name = "pgbench {0}")
  @ValueSource(
      strings = {
        "-i -I dtx",
        "-i -F 5",
        "-i -F 101",
        "-i -F abc",
        "-i -s 0",
        "-i -s abc",
        "-i --partitions -1",
        "-i --partition-method hash",
        "-i --partition-method list --partitions 2",
        "-i -T 5",
        "-i -c 4",
        "-iS",
        "-i -M prepared",
        "-i --max-tries 2",
        "-q",
        "-F 90",
        "--foreign-keys",
        "--partitions 2",
        "-i db extra",
      })
  void rejectsWhatPgbenchRejectsWithTheSameMessage(String argLine) throws Exception {
    List<String> args = Arrays.asList(argLine.split(" "));

    Pgbench.Result expected = Pgbench.runWithoutDatabase(args);
    Cli.Result actual = Cli.run(Map.of(), args.toArray(String[]::new));

    assertThat(expected.exitCode()).isEqualTo(1);
    assertThat(actual.exitCode()).isEqualTo(1);
    assertThat(actual.stderr()).isEqualTo(expected.stderr().replace("pgbench", "pgperf"));
    assertThat(actual.stdout()).isEmpty();
  }

  @Test
  void unknownOptionsAreNamedWithAHint() {
    Cli.Result longOption = Cli.run(Map.of(), "-i", "--bogus");
    Cli.Result shortOption = Cli.run(Map.of(), "-iX");

    assertThat(longOption.exitCode()).isEqualTo(1);
    assertThat(longOption.stderr())
        .isEqualTo(
            "pgperf: error: unrecognized option '--bogus'\n"
                + "pgperf: hint: Try \"pgperf --help\" for more information.\n");
    assertThat(shortOption.exitCode()).isEqualTo(1);
    assertThat(shortOption.stderr()).startsWith("pgperf: error: invalid option -- 'X'\n");
  }

  @Test
  void runModeRefusesDurationWithTransactionsBeforeConnecting() {
    Cli.Result r = Cli.run(Map.of(), "-T", "5", "-t", "2", "somedb");

    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.stderr())
        .isEqualTo(
            "pgperf: error: specify either a number of transactions"
                + " (-t) or a duration (-T), not both\n");
  }

  @Test
  void aNegativeEndTimeoutIsRefusedBeforeConnecting() {
    Cli.Result negative = Cli.run(Map.of(), "-T", "5", "--end-timeout=-2s", "somedb");
    Cli.Result text = Cli.run(Map.of(), "-T", "5", "--end-timeout=soon", "somedb");

    assertThat(negative.exitCode()).isEqualTo(1);
    assertThat(negative.stderr())
        .startsWith(
            "pgperf: error: --end-timeout: '-2s' is not a"
                + " duration (a number and one of ns us ms s min h, like 30s or 1.5ms)\n");
    assertThat(text.exitCode()).isEqualTo(1);
    assertThat(text.stderr())
        .startsWith(
            "pgperf: error: --end-timeout: 'soon' is not a"
                + " duration (a number and one of ns us ms s min h, like 30s or 1.5ms)\n");
  }

  /** pgperf's own options read the duration grammar of every pgperf setting; pgbench's do not. */
  @Test
  void pgperfsDurationOptionsTakeTheDurationGrammar() {
    Cli.Result bare = Cli.run(Map.of(), "-T", "5", "--warmup=5", "somedb");
    Cli.Result fraction = Cli.run(Map.of(), "-T", "5", "--warmup=1.5s", "somedb");
    Cli.Result interval = Cli.run(Map.of(), "-T", "5", "--timeline-interval=0.5ms", "somedb");

    assertThat(bare.stderr())
        .startsWith(
            "pgperf: error: --warmup: '5' is not a duration (a number"
                + " and one of ns us ms s min h, like 30s or 1.5ms)\n");
    assertThat(fraction.stderr())
        .startsWith(
            "pgperf: error: --warmup: '1.5s' is not a whole"
                + " number of seconds (pgperf counts it in seconds; like 30s or 2min)\n");
    assertThat(interval.stderr())
        .startsWith(
            "pgperf: error: --timeline-interval: '0.5ms' is not"
                + " a whole number of milliseconds (the timeline counts milliseconds; like 500ms or 1s)\n");
  }

  @Test
  void unreachableServerIsNamedWithTheCauseQuickly() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    long start = System.nanoTime();

    // A refused connection fails at once; with a minute's connect timeout, any time under it shows
    // that nothing waited for the timeout, however slow a loaded machine is.
    Cli.Result r =
        Cli.run(
            Map.of("PGCONNECT_TIMEOUT", "60"),
            "-i",
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(closedPort),
            "-U",
            "postgres",
            "postgres");

    assertThat(System.nanoTime() - start).isLessThan(60_000_000_000L);
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.stderr())
        .startsWith("pgperf: error: connection to server at \"127.0.0.1\", port " + closedPort);
    assertThat(r.stderr()).contains("failed: Connection refused");
    assertNoStackTrace(r);
  }

  @Test
  void unknownHostIsNamed() {
    Cli.Result r = Cli.run(Map.of(), "-i", "-h", "no-such-host.invalid", "-U", "postgres", "db");

    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.stderr())
        .startsWith(
            "pgperf: error: could not translate host name \"no-such-host.invalid\" to address");
    assertNoStackTrace(r);
  }

  @Test
  void roleWithoutCreateOnTheSchemaGetsPgbenchsQueryFailedError() throws Exception {
    String role = "pgperf_test_role_" + UUID.randomUUID().toString().substring(0, 8);
    try (TestDatabase db = TestDatabase.create()) {
      try (Connection c = db.open();
          Statement s = c.createStatement()) {
        s.execute("create role " + role + " login");
        s.execute("revoke create on schema public from public");
      }
      List<String> args =
          List.of("-i", "-h", db.host(), "-p", Integer.toString(db.port()), "-U", role, db.name());

      Pgbench.Result expected = Pgbench.runWithoutDatabase(args);
      Cli.Result actual = Cli.run(Map.of(), args.toArray(String[]::new));

      assertThat(actual.exitCode()).isEqualTo(1);
      String firstError =
          "pgperf: error: query failed: ERROR:  permission denied for schema public";
      assertThat(actual.stderr())
          .contains(firstError + "\n" + "pgperf: detail: Query was: create table pgbench_history(");
      assertThat(expected.stderr().replace("pgbench", "pgperf")).contains(firstError + "\n");
      assertNoStackTrace(actual);
    } finally {
      try (Connection c = DriverManager.getConnection(TestDatabase.adminUrl());
          Statement s = c.createStatement()) {
        s.execute("drop role if exists " + role);
      }
    }
  }

  @Test
  void clusteredShortOptionsAndTheEnvironmentWorkLikePgbench() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Map<String, String> env =
          Map.of(
              "PGHOST",
              db.host(),
              "PGPORT",
              Integer.toString(db.port()),
              "PGUSER",
              db.user(),
              "PGDATABASE",
              db.name());

      Cli.Result r = Cli.run(env, "-iqs1");

      assertThat(r.exitCode()).as(r.stderr()).isZero();
      assertThat(r.stderr().lines().filter(l -> l.contains(" tuples ")))
          .containsExactly(
              "100000 of 100000 tuples (100%) done (elapsed "
                  + r.stderr().replaceAll("(?s).*\\(elapsed ([0-9.]+) s.*", "$1")
                  + " s, remaining 0.00 s)");
      try (Connection c = db.open();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select count(*) from pgbench_accounts")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(100_000);
      }
    }
  }

  @Test
  void schemaOptionInitializesThatSchemaOnly() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Cli.Result r = Cli.runOn(db, List.of("-i", "-s", "1", "--schema", "scale_one"));
      Cli.Result inRunMode = Cli.runOn(db, List.of("--schema", "scale_one"));

      assertThat(r.exitCode()).as(r.stderr()).isZero();
      try (Connection c = db.open();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "select (select count(*) from scale_one.pgbench_accounts),"
                      + " to_regclass('public.pgbench_accounts') is null")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(100_000);
        assertThat(rs.getBoolean(2)).isTrue();
      }
      assertThat(inRunMode.exitCode()).isEqualTo(1);
      assertThat(inRunMode.stderr())
          .isEqualTo(
              "pgperf: error: some of the specified options"
                  + " cannot be used in benchmarking mode\n");
    }
  }

  @Test
  void helpAndVersionGoToStdout() {
    Cli.Result help = Cli.run(Map.of(), "--help");
    Cli.Result version = Cli.run(Map.of(), "-V");

    assertThat(help.exitCode()).isZero();
    assertThat(help.stdout()).contains("--init-steps", "--partition-method", "--max-tries");
    assertThat(version.exitCode()).isZero();
    assertThat(version.stdout()).startsWith("pgperf ");
  }

  static void assertNoStackTrace(Cli.Result r) {
    assertThat(r.stderr()).doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(r.stdout()).doesNotContain("\tat ").doesNotContain("Exception");
  }
}
