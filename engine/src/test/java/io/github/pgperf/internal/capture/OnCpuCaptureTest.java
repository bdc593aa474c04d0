package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.output.WorkSummary;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.threshold.Threshold;
import io.github.pgperf.threshold.ThresholdCheck;
import io.github.pgperf.work.LockWaiter;
import io.github.pgperf.work.RunCpu;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The window's on-CPU time (the backends' schedstat, the client threads' CPU and allocations) and
 * lock waits as a real run against the local server records them, and the thresholds on them
 * ({@code cpu/tx}, {@code lockwait/tx}): a hot row that 4 clients update in every transaction
 * against each client its own row; 200,000 md5s per transaction against a key read.
 */
class OnCpuCaptureTest {

  private static TestDatabase db;

  @BeforeAll
  static void create() throws Exception {
    db = TestDatabase.create();
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE counter (id int PRIMARY KEY, n bigint NOT NULL)");
      s.execute("INSERT INTO counter SELECT g, 0 FROM generate_series(1, 100) g");
    }
  }

  @AfterAll
  static void drop() throws Exception {
    db.close();
  }

  private static RunResult run(String sql, int clients, RunOptions.Builder options)
      throws Exception {
    return run(sql, options.clients(clients).threads(clients).vacuum(VacuumMode.NONE).build());
  }

  private static RunResult run(String sql, RunOptions options) throws Exception {
    return new Runner(
            db,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            CaptureSettings.defaults())
        .run(Workload.of(Script.parse("cpu", sql), QueryMode.PREPARED), options);
  }

  @Test
  void serverAndClientCpuAreMeasuredAtTheWindowsEdges() throws Exception {
    RunResult cheap =
        run(
            "SELECT n FROM counter WHERE id = 1;\n",
            RunOptions.builder().clients(2).transactions(300).vacuum(VacuumMode.NONE).build());
    // The same statement made expensive on the server: 20,000 md5s per transaction.
    RunResult costly =
        run(
            "SELECT count(md5(g::text)) FROM generate_series(1, 20000) g;\n",
            RunOptions.builder().clients(2).transactions(30).vacuum(VacuumMode.NONE).build());

    for (RunResult r : new RunResult[] {cheap, costly}) {
      RunCpu cpu = r.cpu();
      assertThat(cpu.serverUnavailable()).isNull();
      assertThat(cpu.clientUnavailable()).isNull();
      assertThat(cpu.serverNanos()).isPositive();
      assertThat(cpu.clientNanos()).isPositive();
      assertThat(cpu.clientAllocatedBytes()).isPositive();
      // schedstat and stat's ticks measure the same backends (ticks are 10 ms coarse).
      double ticksMicros = r.serverWork().cpu().backendsMicros();
      assertThat(cpu.serverNanos() / 1e3)
          .isBetween(ticksMicros / 3 - 30_000, ticksMicros * 3 + 30_000);
    }
    // 20,000 md5s cost the server far more per transaction than a primary-key read, the client
    // about the same.
    assertThat(costly.serverCpuPerTransactionMicros())
        .isGreaterThan(5 * cheap.serverCpuPerTransactionMicros());

    RunResult read = ResultJson.fromJson(ResultJson.toJson(costly), "test");
    assertThat(read.cpu()).isEqualTo(costly.cpu());
    assertThat(WorkSummary.lines(costly))
        .anySatisfy(
            l ->
                assertThat(l)
                    .startsWith("on-CPU per transaction: server backends ")
                    .contains("client ")
                    .contains("allocated"));
  }

  @Test
  void warmUpIsOutsideTheWindow() throws Exception {
    RunResult r =
        run(
            "SELECT n FROM counter WHERE id = 2;\n",
            RunOptions.builder()
                .clients(1)
                .durationSeconds(2)
                .warmupSeconds(1)
                .vacuum(VacuumMode.NONE)
                .build());
    assertThat(r.cpu().clientNanos()).isPositive();
    assertThat(r.cpu().serverNanos()).isPositive();
  }

  @Test
  void connectingPerTransactionSaysWhyTheServersIsNotKnown() throws Exception {
    RunResult r =
        run(
            "SELECT n FROM counter WHERE id = 3;\n",
            RunOptions.builder()
                .clients(1)
                .transactions(20)
                .connectPerTransaction(true)
                .vacuum(VacuumMode.NONE)
                .build());
    assertThat(r.cpu().serverNanos()).isNull();
    assertThat(r.cpu().serverUnavailable()).contains("-C");
    assertThat(r.cpu().clientNanos()).isPositive();
    assertThat(WorkSummary.lines(r))
        .anySatisfy(l -> assertThat(l).contains("server backends not known (under -C"));
  }

  @Test
  void aHotRowFailsTheLockWaitCeilingAndOwnRowsMeetIt() throws Exception {
    // The row lock is held across a 5 ms sleep: the other 3 clients queue behind it.
    RunResult hot =
        run(
            "BEGIN;\nUPDATE counter SET n = n + 1 WHERE id = 1;\n"
                + "SELECT pg_sleep(0.005);\nEND;\n",
            4,
            RunOptions.builder().durationSeconds(3));
    RunResult own =
        run(
            "BEGIN;\nUPDATE counter SET n = n + 1 WHERE id = :client_id + 10;\n"
                + "SELECT pg_sleep(0.005);\nEND;\n",
            4,
            RunOptions.builder().durationSeconds(3));
    Threshold ceiling = Threshold.parse("lockwait/tx<=1ms");
    assertThat(ceiling.text()).isEqualTo("lockwait/tx<=1ms");

    ThresholdCheck hotCheck = ceiling.check(hot);
    assertThat(hotCheck.checked()).isTrue();
    assertThat(hotCheck.passed()).isFalse();
    assertThat(hotCheck.measured()).isGreaterThan(1.0);
    assertThat(hot.lockWaitShare()).isGreaterThan(0.2);
    assertThat(WorkSummary.lines(hot))
        .anySatisfy(l -> assertThat(l).startsWith("lock waits per transaction: "));
    // The sampler kept the statement each waiting backend ran: the UPDATE, most seen and nearly
    // alone. pg_stat_activity reads a backend's wait event and its query text apart, so a backend
    // whose wait just ended can show its next statement once (a CI run saw 863 UPDATE, 1 BEGIN).
    List<LockWaiter> waiters = hot.serverWork().waits().lockWaiters();
    assertThat(waiters).isNotEmpty();
    assertThat(waiters.get(0).statement()).isEqualTo("UPDATE counter SET n = n + 1 WHERE id = 1");
    assertThat(waiters.get(0).count())
        .isGreaterThanOrEqualTo(
            Math.round(0.95 * waiters.stream().mapToLong(LockWaiter::count).sum()));
    assertThat(hot.serverWork().waits().lockWaiters().stream().mapToLong(w -> w.count()).sum())
        .isEqualTo(
            hot.serverWork().waits().counts().stream()
                .filter(c -> c.event().startsWith("Lock:"))
                .mapToLong(c -> c.count())
                .sum());
    assertThat(own.serverWork().waits().lockWaiters()).isEmpty();

    ThresholdCheck ownCheck = ceiling.check(own);
    assertThat(ownCheck.checked()).isTrue();
    assertThat(ownCheck.passed()).isTrue();
  }

  @Test
  void anExpensiveExpressionFailsTheServerCpuCeilingAndAKeyReadMeetsIt() throws Exception {
    RunResult costly =
        run(
            "SELECT count(md5(g::text)) FROM generate_series(1, 200000) g;\n",
            1,
            RunOptions.builder().transactions(5));
    RunResult cheap =
        run("SELECT n FROM counter WHERE id = 1;\n", 1, RunOptions.builder().transactions(200));
    Threshold ceiling = Threshold.parse("cpu/tx<=20ms");

    ThresholdCheck costlyCheck = ceiling.check(costly);
    assertThat(costlyCheck.checked()).isTrue();
    assertThat(costlyCheck.passed()).isFalse();
    assertThat(costlyCheck.measured()).isGreaterThan(20.0);
    assertThat(ceiling.check(cheap).passed()).isTrue();
  }

  @Test
  void withoutCaptureTheyAreNotChecked() throws Exception {
    RunResult r =
        new Runner(
                db,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                CaptureSettings.OFF)
            .run(
                Workload.of(Script.parse("t", "SELECT 1;\n"), QueryMode.PREPARED),
                RunOptions.builder().transactions(10).vacuum(VacuumMode.NONE).build());
    assertThat(Threshold.parse("lockwait/tx<=1ms").check(r).checked()).isFalse();
    ThresholdCheck cpu = Threshold.parse("cpu/tx<=1ms").check(r);
    assertThat(cpu.checked()).isFalse();
    assertThat(cpu.note()).isEqualTo("server counters are off");
  }
}
