package io.github.pgperf.threshold;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.output.WorkSummary;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code lockwait/tx} and {@code cpu/tx} on real runs: a hot row that 4 clients update in every
 * transaction against each client its own row; 200,000 md5s per transaction against a key read.
 */
class LockWaitAndCpuThresholdTest {

  private static TestDatabase db;

  @BeforeAll
  static void create() throws Exception {
    db = TestDatabase.create();
    try (Connection c = db.open(); Statement s = c.createStatement()) {
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
    return new Runner(db, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8), CaptureSettings.defaults())
        .run(Workload.of(Script.parse("t", sql), QueryMode.PREPARED),
            options.clients(clients).threads(clients).vacuum(VacuumMode.NONE).build());
  }

  @Test
  void aHotRowFailsTheLockWaitCeilingAndOwnRowsMeetIt() throws Exception {
    // The row lock is held across a 5 ms sleep: the other 3 clients queue behind it.
    RunResult hot = run("BEGIN;\nUPDATE counter SET n = n + 1 WHERE id = 1;\n"
        + "SELECT pg_sleep(0.005);\nEND;\n", 4, RunOptions.builder().durationSeconds(3));
    RunResult own = run("BEGIN;\nUPDATE counter SET n = n + 1 WHERE id = :client_id + 10;\n"
        + "SELECT pg_sleep(0.005);\nEND;\n", 4, RunOptions.builder().durationSeconds(3));
    Threshold ceiling = Threshold.parse("lockwait/tx<=1ms");
    assertThat(ceiling.text()).isEqualTo("lockwait/tx<=1ms");

    ThresholdCheck hotCheck = ceiling.check(hot);
    assertThat(hotCheck.checked()).isTrue();
    assertThat(hotCheck.passed()).isFalse();
    assertThat(hotCheck.measured()).isGreaterThan(1.0);
    assertThat(hot.lockWaitShare()).isGreaterThan(0.2);
    assertThat(WorkSummary.lines(hot)).anySatisfy(l -> assertThat(l)
        .startsWith("lock waits per transaction: "));

    ThresholdCheck ownCheck = ceiling.check(own);
    assertThat(ownCheck.checked()).isTrue();
    assertThat(ownCheck.passed()).isTrue();
  }

  @Test
  void anExpensiveExpressionFailsTheServerCpuCeilingAndAKeyReadMeetsIt() throws Exception {
    RunResult costly = run("SELECT count(md5(g::text)) FROM generate_series(1, 200000) g;\n", 1,
        RunOptions.builder().transactions(5));
    RunResult cheap = run("SELECT n FROM counter WHERE id = 1;\n", 1,
        RunOptions.builder().transactions(200));
    Threshold ceiling = Threshold.parse("cpu/tx<=20ms");

    ThresholdCheck costlyCheck = ceiling.check(costly);
    assertThat(costlyCheck.checked()).isTrue();
    assertThat(costlyCheck.passed()).isFalse();
    assertThat(costlyCheck.measured()).isGreaterThan(20.0);
    assertThat(ceiling.check(cheap).passed()).isTrue();
  }

  @Test
  void withoutCaptureTheyAreNotChecked() throws Exception {
    RunResult r = new Runner(db, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8), CaptureSettings.OFF)
        .run(Workload.of(Script.parse("t", "SELECT 1;\n"), QueryMode.PREPARED),
            RunOptions.builder().transactions(10).vacuum(VacuumMode.NONE).build());
    assertThat(Threshold.parse("lockwait/tx<=1ms").check(r).checked()).isFalse();
    ThresholdCheck cpu = Threshold.parse("cpu/tx<=1ms").check(r);
    assertThat(cpu.checked()).isFalse();
    assertThat(cpu.note()).isEqualTo("server counters are off");
  }
}
