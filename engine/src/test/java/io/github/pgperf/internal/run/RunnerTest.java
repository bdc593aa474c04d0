package io.github.pgperf.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.init.Initializer;
import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.Counts;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The runner's Java API against the real server. */
class RunnerTest {

  private static TestDatabase db;
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Runner runner = new Runner(db, new PrintStream(err, true, StandardCharsets.UTF_8));

  @BeforeAll
  static void initialize() throws Exception {
    db = TestDatabase.create();
    new Initializer(db, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(InitOptions.builder().scale(1).build());
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute("create table stall (id int)");
      s.execute("insert into stall values (1)");
    }
  }

  @AfterAll
  static void drop() throws Exception {
    db.close();
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void javaTransactionsAndScriptsAreMeasuredAlike() throws Exception {
    JavaTransaction lookup =
        new JavaTransaction(
            "lookup",
            c -> {
              try (PreparedStatement ps =
                  c.prepareStatement("select abalance from pgbench_accounts where aid = ?")) {
                ps.setInt(1, 42);
                try (ResultSet rs = ps.executeQuery()) {
                  rs.next();
                }
              }
            });
    Workload workload =
        Workload.of(
            List.of(
                new Workload.Entry(BuiltinScript.SELECT_ONLY.script(), 1),
                new Workload.Entry(lookup, 1)),
            QueryMode.PREPARED);

    RunResult r =
        runner.run(
            workload,
            RunOptions.builder()
                .clients(3)
                .threads(2)
                .transactions(20)
                .queryMode(QueryMode.PREPARED)
                .vacuum(VacuumMode.NONE)
                .build());

    assertThat(r.aborted()).isFalse();
    assertThat(r.totalCounts().processed()).isEqualTo(60);
    assertThat(r.scripts()).hasSize(2);
    assertThat(r.scripts().get(1).stats().counts().processed()).isPositive();
    assertThat(
            r.scripts().get(0).stats().counts().processed()
                + r.scripts().get(1).stats().counts().processed())
        .isEqualTo(60);
    assertThat(r.scripts().get(1).stats().latency().count())
        .isEqualTo(r.scripts().get(1).stats().counts().processed());
  }

  @Test
  void serializationFailuresAreRetriedUpToMaxTries() throws Exception {
    Script flaky =
        Script.parse(
            "flaky.sql",
            "do $$ begin if random() < 0.3 then"
                + " raise exception 'conflict' using errcode = '40001'; end if; end $$;\n");
    Workload workload = Workload.of(flaky, QueryMode.SIMPLE);

    RunResult retried =
        runner.run(
            workload,
            RunOptions.builder()
                .clients(2)
                .transactions(50)
                .maxTries(30)
                .vacuum(VacuumMode.NONE)
                .build());
    RunResult once =
        runner.run(
            workload,
            RunOptions.builder()
                .clients(2)
                .transactions(50)
                .failuresDetailed(true)
                .vacuum(VacuumMode.NONE)
                .build());

    Counts c = retried.totalCounts();
    assertThat(c.processed()).isEqualTo(100);
    assertThat(c.retried()).isPositive();
    assertThat(c.retries()).isGreaterThanOrEqualTo(c.retried());
    Counts f = once.totalCounts();
    assertThat(f.serializationFailures()).isPositive();
    assertThat(f.processed() + f.failed()).isEqualTo(100);
    assertThat(once.aborted()).isFalse();
  }

  @Test
  void warmUpTransactionsAreNotInTheResult() throws Exception {
    Workload workload = Workload.of(BuiltinScript.SELECT_ONLY.script(), QueryMode.PREPARED);

    RunResult r =
        runner.run(
            workload,
            RunOptions.builder()
                .durationSeconds(1)
                .warmupSeconds(1)
                .queryMode(QueryMode.PREPARED)
                .vacuum(VacuumMode.NONE)
                .timelineMillis(250)
                .build());

    // -T 1 lets in-flight transactions finish: at least about 1 s, at most 1 s and the longest
    // transaction (however long a loaded machine makes it) and a second of slack.
    assertThat(r.benchSeconds()).isBetween(0.9, 2.0 + r.total().latency().maxMicros() / 1e6);
    assertThat(r.totalCounts().processed()).isPositive();
    // The timeline starts with the measured second and holds every measured transaction.
    assertThat(r.timeline()).isNotEmpty();
    assertThat(r.timeline().get(0).startMicros()).isZero();
    assertThat(r.timeline().size()).isBetween(4, (int) Math.ceil(r.benchSeconds() / 0.25) + 1);
    assertThat(r.timeline().stream().mapToLong(i -> i.stats().counts().processed()).sum())
        .isEqualTo(r.totalCounts().processed());
  }

  @Test
  void underARateAStallShowsInTheHighPercentiles() throws Exception {
    RunResult throttled =
        runWithStall(
            RunOptions.builder()
                .rate(100)
                .durationSeconds(3)
                .queryMode(QueryMode.PREPARED)
                .vacuum(VacuumMode.NONE)
                .build());

    // Every slot scheduled during the ~1 s stall waited for it: latency counts from the slot.
    long slow =
        throttled.total().latency().histogram().getCountBetweenValues(200_000, Long.MAX_VALUE);
    assertThat(slow).isGreaterThan(20);
    assertThat(throttled.total().latency().percentileMicros(90)).isGreaterThan(100_000);
  }

  @Test
  void withoutARateOnlyTheStalledTransactionIsSlow() throws Exception {
    RunResult closed =
        runWithStall(
            RunOptions.builder()
                .durationSeconds(3)
                .queryMode(QueryMode.PREPARED)
                .vacuum(VacuumMode.NONE)
                .build());

    long slow = closed.total().latency().histogram().getCountBetweenValues(500_000, Long.MAX_VALUE);
    assertThat(slow).isEqualTo(1);
    assertThat(closed.total().latency().maxMicros()).isGreaterThan(700_000);
    assertThat(closed.total().latency().percentileMicros(99)).isLessThan(100_000);
  }

  /** One client reading a table that the test locks for about a second, mid-run. */
  private RunResult runWithStall(RunOptions options) throws Exception {
    Workload workload =
        Workload.of(Script.parse("stall.sql", "select id from stall;\n"), QueryMode.PREPARED);
    CompletableFuture<RunResult> run =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return runner.run(workload, options);
              } catch (RunException e) {
                throw new IllegalStateException(e);
              }
            });
    Thread.sleep(1000);
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.execute("lock table stall in access exclusive mode");
      Thread.sleep(1000);
      c.commit();
    }
    return run.get();
  }

  @Test
  void aBackendTerminatedFromOutsideAbortsOnlyItsClientWithinSeconds() throws Exception {
    Workload workload =
        Workload.of(Script.parse("slow.sql", "select pg_sleep(0.01);\n"), QueryMode.SIMPLE);
    long start = System.nanoTime();
    CompletableFuture<RunResult> run =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                // An end timeout, to see that no client is left for it to cancel.
                return runner.run(
                    workload,
                    RunOptions.builder()
                        .clients(3)
                        .durationSeconds(3)
                        .endTimeoutSeconds(10)
                        .vacuum(VacuumMode.NONE)
                        .build());
              } catch (RunException | RunOptionsException e) {
                throw new IllegalStateException(e);
              }
            });
    Thread.sleep(1000);
    try (Connection c = db.open();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select pg_terminate_backend(pid) from pg_stat_activity"
                    + " where datname = current_database() and pid <> pg_backend_pid()"
                    + " and query like 'select pg_sleep(0.01)%' limit 1")) {
      assertThat(rs.next()).isTrue();
    }
    RunResult r = run.get();

    // The run ended by itself at -T 3: no client was left for the end timeout to cancel.
    assertThat(stderr()).doesNotContain("--end-timeout", "end timeout");
    System.out.printf(
        java.util.Locale.ROOT,
        "pgperf figure: -T 3 run with a terminated backend" + " took %.1f s%n",
        (System.nanoTime() - start) / 1e9);
    assertThat(r.aborted()).isTrue();
    assertThat(stderr())
        .containsPattern(
            "pgperf: error: client \\d script 0 aborted in command 0"
                + " query 0: FATAL:  terminating connection due to administrator command");
    // The other clients went on to the end.
    assertThat(r.totalCounts().processed()).isGreaterThan(100);
  }

  @Test
  void aDeadServerPortIsARunExceptionNotAHang() {
    io.github.pgperf.internal.connect.ConnectionSpec nowhere =
        new io.github.pgperf.internal.connect.ConnectionSpec(
            "127.0.0.1", 1, "postgres", "postgres", null, java.time.Duration.ofSeconds(2));
    Runner r = new Runner(nowhere, new PrintStream(err, true, StandardCharsets.UTF_8));

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                r.run(
                    Workload.of(BuiltinScript.SELECT_ONLY.script(), QueryMode.SIMPLE),
                    RunOptions.builder().build()))
        .isInstanceOf(RunException.class)
        .hasMessage("could not create connection for setup");
  }

  @Test
  void eachAbortedClientsErrorLinesAreRecordedInTheResult() throws Exception {
    Workload workload = Workload.of(Script.parse("zero.sql", "select 1/0;\n"), QueryMode.SIMPLE);

    RunResult r =
        runner.run(
            workload,
            RunOptions.builder()
                .clients(2)
                .threads(2)
                .transactions(3)
                .vacuum(VacuumMode.NONE)
                .build());

    assertThat(r.aborted()).isTrue();
    assertThat(r.aborts()).extracting(a -> a.client()).containsExactly(0, 1);
    for (var abort : r.aborts()) {
      assertThat(abort.messages())
          .last()
          .asString()
          .startsWith(
              "client "
                  + abort.client()
                  + " script 0 aborted in command 0 query 0: ERROR:  division by zero");
      // The same lines pgbench prints, still printed: recording them changes nothing on stderr.
      abort.messages().forEach(m -> assertThat(stderr()).contains("pgperf: error: " + m));
    }
  }
}
