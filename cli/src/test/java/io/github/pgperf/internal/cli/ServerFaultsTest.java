package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a server restart, a crash or a server that stops answering does to a run, on a cluster of
 * the test's own, compared with what the real pgbench does in the same situation.
 */
class ServerFaultsTest {

  private static OwnServer server;
  private static TestDatabase db;

  @TempDir static Path dir;

  @BeforeAll
  static void start() throws Exception {
    server = OwnServer.start(Map.of("max_connections", "20"));
    db = server.createDatabase();
    Pgbench.initialize(db, dir);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close(); // drops the test's database, then the cluster
  }

  /** What a tool printed when the server went away during its run. */
  private record Outcome(int exitCode, String stdout, String stderr) {

    /** Error lines without the program name, sorted (clients print in any order). */
    List<String> errors(String program) {
      return Arrays.stream(stderr.split("\n"))
          .filter(l -> l.startsWith(program + ": error: "))
          .map(l -> l.substring(program.length()))
          .sorted()
          .toList();
    }

    /**
     * Lines that are not pgbench's or pgperf's own (libpq's notices); a tab starts the next line of
     * a message (libpq's "server closed the connection unexpectedly" has two more).
     */
    List<String> notices() {
      return Arrays.stream(stderr.split("\n"))
          .filter(
              l ->
                  !l.isEmpty()
                      && !l.startsWith("pgbench")
                      && !l.startsWith("pgperf")
                      && !l.startsWith("\t"))
          .toList();
    }
  }

  private interface Fault {
    void inflict() throws Exception;
  }

  /**
   * Runs a tool with {@code args} on the database, inflicts the fault once all its {@code clients}
   * are connected (0: once transactions are committed), and waits for the run to end (a hang fails
   * the test after two minutes).
   */
  private static Outcome runWithFault(boolean pgbench, List<String> args, int clients, Fault fault)
      throws Exception {
    CompletableFuture<Outcome> run = launch(pgbench, args, dir);
    if (clients > 0) {
      awaitClients(pgbench ? "pgbench" : "pgperf", clients);
    } else {
      awaitTransactions();
    }
    fault.inflict();
    return run.get(2, TimeUnit.MINUTES);
  }

  /**
   * Runs pgbench (in {@code directory}, where its {@code -l} logs go) or pgperf's command line on
   * the test database, on a thread of its own.
   */
  private static CompletableFuture<Outcome> launch(
      boolean pgbench, List<String> args, Path directory) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            if (pgbench) {
              Pgbench.Result r = Pgbench.run(db, directory, args);
              return new Outcome(r.exitCode(), r.stdout(), r.stderr());
            }
            Cli.Result r = Cli.runOn(db, args);
            return new Outcome(r.exitCode(), r.stdout(), r.stderr());
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
  }

  /** Waits until {@code clients} connections of the application have run the select-only query. */
  private static void awaitClients(String application, int clients) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (System.nanoTime() < deadline) {
      try (Connection c = DriverManager.getConnection(server.adminUrl());
          PreparedStatement ps =
              c.prepareStatement(
                  "select count(*) from pg_stat_activity"
                      + " where datname = ? and application_name = ? and query like 'SELECT abalance%'")) {
        ps.setString(1, db.name());
        ps.setString(2, application);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          if (rs.getInt(1) >= clients) {
            Thread.sleep(300);
            return;
          }
        }
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException(application + "'s clients never all ran");
  }

  /**
   * Waits until the database has committed transactions: with {@code -C} each client's connection
   * lives for one transaction, too short to be seen reliably in pg_stat_activity.
   */
  private static void awaitTransactions() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    long first = -1;
    try (Connection c = DriverManager.getConnection(server.adminUrl());
        PreparedStatement ps =
            c.prepareStatement("select xact_commit from pg_stat_database where datname = ?")) {
      ps.setString(1, db.name());
      while (System.nanoTime() < deadline) {
        c.setAutoCommit(true);
        try (Statement clear = c.createStatement()) {
          clear.execute("select pg_stat_clear_snapshot()");
        }
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          long commits = rs.getLong(1);
          if (first < 0) {
            first = commits;
          } else if (commits >= first + 20) {
            return;
          }
        }
        Thread.sleep(100);
      }
    }
    throw new IllegalStateException("no transactions were committed");
  }

  private static final String LOST =
      "aborted in command 1 \\(SQL\\) of script 0; perhaps the" + " backend died while processing";
  private static final String TERMINATED =
      "(script 0 aborted in command 1 query 0: FATAL:  "
          + "terminating connection due to administrator command|"
          + LOST
          + ")";
  private static final String CRASHED = "(" + LOST + ")";

  /**
   * pgbench's other line for a crash: when the backend dies after a command's result and before its
   * ReadyForQuery, libpq has handed pgbench the result and reads the closed connection as a second
   * one (query 1). pgjdbc reads the whole exchange before it returns, so pgperf reports the lost
   * connection either way.
   */
  private static final String CRASHED_PGBENCH =
      "("
          + LOST
          + "|script 0 aborted in command 1"
          + " query 1: server closed the connection unexpectedly)";

  /** The pattern of client {@code n}'s abort line (the lines are sorted by client). */
  private static String abortLine(int n, String what) {
    return ": error: client " + n + " " + what;
  }

  private static final List<String> SELECT_ONLY =
      List.of("-n", "-S", "-c", "3", "-j", "2", "-T", "60");

  /** Both tools exit 2 and abort each of the 3 clients for {@code reason}, in pgbench's lines. */
  private static void assertBothAbortedEveryClient(
      Outcome expected, Outcome actual, String reason) {
    assertBothAbortedEveryClient(expected, reason, actual, reason);
  }

  /** As above, with pgbench's reasons and pgperf's apart. */
  private static void assertBothAbortedEveryClient(
      Outcome expected, String pgbenchReason, Outcome actual, String pgperfReason) {
    assertThat(expected.exitCode()).as(expected.stderr()).isEqualTo(2);
    assertThat(actual.exitCode()).as(actual.stderr()).isEqualTo(2);
    assertAbortedEveryClient(expected.errors("pgbench"), pgbenchReason);
    assertAbortedEveryClient(actual.errors("pgperf"), pgperfReason);
  }

  private static void assertAbortedEveryClient(List<String> errors, String reason) {
    assertThat(String.join("\n", errors))
        .matches(
            String.join(
                "\n",
                ": error: Run was aborted; the above results are incomplete.",
                abortLine(0, reason),
                abortLine(1, reason),
                abortLine(2, reason)));
  }

  @Test
  void aRestartedServerAbortsEveryClientAsInPgbench() throws Exception {
    Path json = dir.resolve("restart.json");
    List<String> args = new ArrayList<>(SELECT_ONLY);
    Outcome expected = runWithFault(true, args, 3, server::restart);
    args.add("--result-json=" + json);
    Outcome actual = runWithFault(false, args, 3, server::restart);

    // pgbench reports the server's FATAL error, or a lost connection when the server closed it
    // before the error was read (both happen in one run); each client aborts with one of them.
    assertBothAbortedEveryClient(expected, actual, TERMINATED);
    // The report is still printed, and the result written, marked aborted.
    assertThat(actual.stdout())
        .contains("duration: 60 s")
        .containsPattern("number of transactions actually processed: [1-9]");
    RunResult result = ResultJson.read(json);
    assertThat(result.aborted()).isTrue();
    assertThat(result.totalCounts().processed()).isPositive();
  }

  @Test
  void aCrashedServerAbortsEveryClientAsInPgbench() throws Exception {
    Outcome expected = runWithFault(true, SELECT_ONLY, 3, server::crashAndRestart);
    Outcome actual = runWithFault(false, SELECT_ONLY, 3, server::crashAndRestart);

    assertBothAbortedEveryClient(expected, CRASHED_PGBENCH, actual, CRASHED);
    // libpq prints the warning each backend sends before it exits, when it arrives in time.
    for (List<String> notices : List.of(expected.notices(), actual.notices())) {
      assertThat(notices)
          .hasSizeLessThanOrEqualTo(3)
          .allMatch(
              l -> l.equals("WARNING:  terminating connection due to immediate shutdown command"));
    }
  }

  @Test
  void aRestartDuringReconnectingRunsAbortsClientsWithPgbenchsMessages() throws Exception {
    List<String> args = List.of("-n", "-S", "-C", "-c", "2", "-T", "60");
    Outcome expected = runWithFault(true, args, 0, server::restart);
    Outcome actual = runWithFault(false, args, 0, server::restart);

    // Where the restart finds each client (connecting, or inside a statement) decides its message.
    String server = "connection to server at \"[^\"]+\"( \\([^)]+\\))?, port \\d+ failed: ";
    List<String> forms =
        List.of(
            ": error: Run was aborted; the above results are incomplete.",
            ": error: client \\d aborted while establishing connection",
            ": error: " + server + "FATAL:  the database system is shutting down",
            ": error: " + server + "FATAL:  terminating connection due to administrator command",
            ": error: " + server + "Connection refused",
            ": error: " + server + "server closed the connection unexpectedly",
            abortLine(-1, TERMINATED).replace("client -1", "client \\d"));
    for (Outcome outcome : List.of(expected, actual)) {
      String program = outcome == expected ? "pgbench" : "pgperf";
      assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(2);
      assertThat(outcome.errors(program))
          .as(outcome.stderr())
          .allMatch(l -> forms.stream().anyMatch(l::matches))
          .filteredOn(l -> l.matches(": error: client \\d .*abort.*"))
          .hasSize(2);
    }
  }

  /** Clients of each tool in the paused-server runs. */
  private static final int PAUSED_CLIENTS = 3;

  /** Their {@code -T}. */
  private static final long PAUSED_RUN_MILLIS = 4_000;

  /**
   * A server that pauses over the end of a {@code -T} run (a long checkpoint fsync, a VM pause:
   * here SIGSTOP to the postmaster and its backends from 1 s before the end to 11 s after it,
   * beyond the 10 s the command line once waited): pgbench lets the transactions in flight finish
   * when the server resumes and counts them, the run completes. pgperf's command line does the
   * same. Both tools run at once, so that one pause stops both; it ends in a finally, whatever
   * happens.
   */
  @Test
  @org.junit.jupiter.api.Timeout(value = 3, unit = TimeUnit.MINUTES)
  void aServerPausedOverTheEndOfTheRunHasItsTransactionsInFlightFinishAndCountAsInPgbench()
      throws Exception {
    Path logs = java.nio.file.Files.createTempDirectory(dir, "paused");
    Path json = dir.resolve("paused.json");
    List<String> args =
        List.of(
            "-n",
            "-b",
            "tpcb-like",
            "-c",
            Integer.toString(PAUSED_CLIENTS),
            "-T",
            Long.toString(PAUSED_RUN_MILLIS / 1000));
    List<String> pgbenchArgs = new ArrayList<>(args);
    pgbenchArgs.add("-l");
    List<String> pgperfArgs = new ArrayList<>(args);
    pgperfArgs.add("--result-json=" + json);
    CompletableFuture<Outcome> pgbench = launch(true, pgbenchArgs, logs);
    CompletableFuture<Outcome> pgperf = launch(false, pgperfArgs, dir);
    // When each tool's clients are connected its -T starts: each run ends that much later.
    Map<String, Long> connected = awaitConnected(List.of("pgbench", "pgperf"), PAUSED_CLIENTS);
    long first = java.util.Collections.min(connected.values());
    long last = java.util.Collections.max(connected.values());
    long stopAt = first + TimeUnit.MILLISECONDS.toNanos(PAUSED_RUN_MILLIS - 1_000);
    long resumeAt = last + TimeUnit.MILLISECONDS.toNanos(PAUSED_RUN_MILLIS + 11_000);
    sleepUntil(stopAt);
    long stopped = System.nanoTime();
    if (stopped > first + TimeUnit.MILLISECONDS.toNanos(PAUSED_RUN_MILLIS - 200)) {
      throw new IllegalStateException(
          "the server could not be stopped before the end of the"
              + " runs (a machine too busy to schedule the test)");
    }
    try {
      server.freeze();
      sleepUntil(resumeAt);
    } finally {
      // Whatever happens (an interrupt by the timeout included), the server resumes.
      server.thaw();
    }
    long pauseMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopped);
    Outcome expected = pgbench.get(1, TimeUnit.MINUTES);
    Outcome actual = pgperf.get(1, TimeUnit.MINUTES);

    // Both runs complete: exit status 0, no error, no client cut at the end.
    assertThat(expected.exitCode()).as(expected.stderr()).isZero();
    assertThat(actual.exitCode()).as(actual.stderr()).isEqualTo(expected.exitCode());
    assertThat(expected.errors("pgbench")).isEmpty();
    assertThat(actual.errors("pgperf")).as(actual.stderr()).isEmpty();
    assertThat(actual.stderr()).doesNotContain("end-timeout", "end timeout", "still running");
    RunResult result = ResultJson.read(json);
    assertThat(result.aborted()).isFalse();
    assertThat(result.aborts()).isEmpty();
    // The transactions the pause caught finished when the server resumed, and count: each
    // client's last one (one sent after the pause began waited a little less), in pgbench's
    // per-transaction log and in pgperf's result, among the transactions each reports.
    long stalledMicros = pauseMillis * 1000 / 2;
    List<Long> pgbenchLatencies = new ArrayList<>();
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(logs)) {
      for (Path log :
          files.filter(f -> f.getFileName().toString().startsWith("pgbench_log.")).toList()) {
        for (String line : java.nio.file.Files.readAllLines(log)) {
          pgbenchLatencies.add(Long.parseLong(line.split(" ")[2]));
        }
      }
    }
    assertThat(expected.stdout())
        .contains("number of transactions actually processed: " + pgbenchLatencies.size() + "\n");
    assertThat(pgbenchLatencies.stream().filter(l -> l >= stalledMicros).count())
        .isBetween(1L, (long) PAUSED_CLIENTS);
    assertThat(java.util.Collections.max(pgbenchLatencies)).isGreaterThan(pauseMillis * 900);
    long processed = result.totalCounts().processed();
    assertThat(actual.stdout())
        .contains("number of transactions actually processed: " + processed + "\n");
    assertThat(
            result
                .total()
                .latency()
                .histogram()
                .getCountBetweenValues(stalledMicros, Long.MAX_VALUE))
        .isBetween(1L, (long) PAUSED_CLIENTS);
    assertThat(result.total().latency().maxMicros()).isGreaterThan(pauseMillis * 900);
    System.out.printf(
        java.util.Locale.ROOT,
        "pgperf figure: server paused %.1f s over the end of"
            + " a -T 4 run: pgbench %d transactions (max %.1f s), pgperf %d (max %.1f s)%n",
        pauseMillis / 1e3,
        pgbenchLatencies.size(),
        java.util.Collections.max(pgbenchLatencies) / 1e6,
        processed,
        result.total().latency().maxMicros() / 1e6);
  }

  /**
   * Waits until each application has {@code clients} connections to the test database; returns when
   * each had them ({@link System#nanoTime()}).
   */
  private static Map<String, Long> awaitConnected(List<String> applications, int clients)
      throws Exception {
    Map<String, Long> connected = new java.util.HashMap<>();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    try (Connection c = DriverManager.getConnection(server.adminUrl());
        PreparedStatement ps =
            c.prepareStatement(
                "select count(*) from pg_stat_activity"
                    + " where datname = ? and application_name = ?")) {
      while (connected.size() < applications.size()) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("not all clients connected: " + connected);
        }
        for (String application : applications) {
          if (!connected.containsKey(application)) {
            ps.setString(1, db.name());
            ps.setString(2, application);
            try (ResultSet rs = ps.executeQuery()) {
              rs.next();
              if (rs.getInt(1) >= clients) {
                connected.put(application, System.nanoTime());
              }
            }
          }
        }
        Thread.sleep(20);
      }
    }
    return connected;
  }

  private static void sleepUntil(long nanoTime) throws InterruptedException {
    long left;
    while ((left = nanoTime - System.nanoTime()) > 0) {
      TimeUnit.NANOSECONDS.sleep(left);
    }
  }

  /**
   * Asked for a bound ({@code --end-timeout}, off by default), pgperf ends a run whose server
   * stopped answering that long after its end, where pgbench would wait for it forever.
   */
  @Test
  void aServerThatStopsAnsweringEndsATimedRunAfterTheEndTimeoutGiven() throws Exception {
    Path json = dir.resolve("end-timeout.json");
    List<String> args =
        List.of("-n", "-S", "-c", "2", "-T", "2", "--end-timeout=1s", "--result-json=" + json);
    Outcome actual;
    try {
      actual = runWithFault(false, args, 2, server::freeze);
    } finally {
      server.thaw();
    }

    assertThat(actual.exitCode()).as(actual.stderr()).isEqualTo(2);
    assertThat(actual.errors("pgperf"))
        .contains(
            ": error: client 0 still running 1 s after the end of the run (--end-timeout);"
                + " cancelling its statement",
            ": error: client 0 aborted in command 1 (SQL) of script 0; connection closed by pgperf"
                + " after the end of the run (--end-timeout)",
            ": error: the end timeout cut the run short: 2 of 2 clients still running 1 s after its"
                + " end were cancelled and count as aborted (--end-timeout; pgbench would wait for"
                + " them)",
            ": error: Run was aborted; the above results are incomplete.");
    assertThat(actual.stdout()).contains("duration: 2 s");
    RunResult result = ResultJson.read(json);
    assertThat(result.aborted()).isTrue();
    assertThat(result.aborts())
        .hasSize(2)
        .allSatisfy(
            a ->
                assertThat(a.messages().get(0))
                    .endsWith(
                        "after the end of the run (--end-timeout); cancelling its statement"));
  }

  @Test
  void aServerThatAnswersNothingFailsTheConnectionAfterTheConnectTimeoutAsInPgbench()
      throws Exception {
    List<String> args =
        List.of(
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(server.port()),
            "-U",
            "postgres",
            "-n",
            "-S",
            "-t",
            "1",
            db.name());
    Map<String, String> env = Map.of("PGCONNECT_TIMEOUT", "2");
    Pgbench.Result expected;
    Cli.Result actual;
    server.freeze();
    try {
      expected = Pgbench.run(dir, args, env);
      actual = Cli.run(env, args.toArray(String[]::new));
    } finally {
      server.thaw();
    }

    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
    assertThat(actual.stderr().replace("pgperf: ", "pgbench: "))
        .isEqualTo(expected.stderr())
        .isEqualTo(
            "pgbench: error: connection to server at \"127.0.0.1\", port "
                + server.port()
                + " failed: timeout expired\npgbench: error: could not create connection for setup\n");
  }

  @Test
  void moreClientsThanTheServerAcceptsFailTheRunAsInPgbench() throws Exception {
    List<String> args =
        List.of(
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(server.port()),
            "-U",
            "postgres",
            "-n",
            "-S",
            "-t",
            "1",
            "-c",
            "25",
            db.name());
    Pgbench.Result expected = Pgbench.runWithoutDatabase(args);
    Cli.Result actual = Cli.run(Map.of(), args.toArray(String[]::new));

    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
    // Which client is the first refused depends on the order of connections.
    String pgbench = expected.stderr().replaceAll("client \\d+", "client N");
    assertThat(
            actual.stderr().replace("pgperf: ", "pgbench: ").replaceAll("client \\d+", "client N"))
        .isEqualTo(pgbench);
    assertThat(pgbench)
        .isEqualTo(
            "pgbench: error: connection to server at \"127.0.0.1\", port "
                + server.port()
                + " failed: FATAL:  sorry, too many clients already\n"
                + "pgbench: error: could not create connection for client N\n");
  }

  @Test
  void aLockedTableKeepsPgbenchWaitingButPgperfCancelsAfterTheEndTimeout() throws Exception {
    try (Connection setup = db.open();
        Statement s = setup.createStatement()) {
      s.execute("create table if not exists held (id int)");
    }
    Path script = dir.resolve("held.sql");
    java.nio.file.Files.writeString(script, "select count(*) from held;\n");
    List<String> args = List.of("-n", "-T", "1", "--end-timeout=1s", "-f", script.toString());
    List<String> pgbenchArgs = List.of("-n", "-T", "1", "-f", script.toString());

    try (Connection lock = db.open();
        Statement s = lock.createStatement()) {
      lock.setAutoCommit(false);
      s.execute("lock table held in access exclusive mode");
      CompletableFuture<Pgbench.Result> pgbench =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return Pgbench.run(db, dir, pgbenchArgs);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      Cli.Result actual = Cli.runOn(db, args);

      // pgperf ended on its own: the statement was cancelled, the client reported aborted.
      assertThat(actual.exitCode()).as(actual.stderr()).isEqualTo(2);
      assertThat(actual.stderr())
          .contains(
              "pgperf: error: client 0 still running 1 s after the end of the run (--end-timeout);"
                  + " cancelling its statement",
              "pgperf: error: client 0 script 0 aborted in command 0 query 0: ERROR:  canceling"
                  + " statement due to user request");
      // pgbench, started before pgperf with the same -T 1, is still waiting for the lock.
      assertThat(pgbench).isNotDone();
      lock.rollback();
      Pgbench.Result expected = pgbench.get(1, TimeUnit.MINUTES);
      assertThat(expected.exitCode()).isZero();
    }
  }
}
