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
import io.github.pgperf.work.RunCpu;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The window's on-CPU time (the backends' schedstat, the client threads' CPU and allocations) as
 * a real run against the local server records it.
 */
class OnCpuCaptureTest {

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

  private static RunResult run(String sql, RunOptions options) throws Exception {
    return new Runner(db, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8), CaptureSettings.defaults())
        .run(Workload.of(Script.parse("cpu", sql), QueryMode.PREPARED), options);
  }

  @Test
  void serverAndClientCpuAreMeasuredAtTheWindowsEdges() throws Exception {
    RunResult cheap = run("SELECT n FROM counter WHERE id = 1;\n",
        RunOptions.builder().clients(2).transactions(300).vacuum(VacuumMode.NONE).build());
    // The same statement made expensive on the server: 20,000 md5s per transaction.
    RunResult costly = run("SELECT count(md5(g::text)) FROM generate_series(1, 20000) g;\n",
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
      assertThat(cpu.serverNanos() / 1e3).isBetween(ticksMicros / 3 - 30_000,
          ticksMicros * 3 + 30_000);
    }
    // 20,000 md5s cost the server far more per transaction than a primary-key read, the client
    // about the same.
    assertThat(costly.serverCpuPerTransactionMicros())
        .isGreaterThan(5 * cheap.serverCpuPerTransactionMicros());

    RunResult read = ResultJson.fromJson(ResultJson.toJson(costly), "test");
    assertThat(read.cpu()).isEqualTo(costly.cpu());
    assertThat(WorkSummary.lines(costly)).anySatisfy(l -> assertThat(l)
        .startsWith("on-CPU per transaction: server backends ").contains("client ")
        .contains("allocated"));
  }

  @Test
  void warmUpIsOutsideTheWindow() throws Exception {
    RunResult r = run("SELECT n FROM counter WHERE id = 2;\n", RunOptions.builder().clients(1)
        .durationSeconds(2).warmupSeconds(1).vacuum(VacuumMode.NONE).build());
    assertThat(r.cpu().clientNanos()).isPositive();
    assertThat(r.cpu().serverNanos()).isPositive();
  }

  @Test
  void connectingPerTransactionSaysWhyTheServersIsNotKnown() throws Exception {
    RunResult r = run("SELECT n FROM counter WHERE id = 3;\n", RunOptions.builder().clients(1)
        .transactions(20).connectPerTransaction(true).vacuum(VacuumMode.NONE).build());
    assertThat(r.cpu().serverNanos()).isNull();
    assertThat(r.cpu().serverUnavailable()).contains("-C");
    assertThat(r.cpu().clientNanos()).isPositive();
    assertThat(WorkSummary.lines(r)).anySatisfy(l -> assertThat(l)
        .contains("server backends not known (under -C"));
  }
}
