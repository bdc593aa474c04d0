package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.WorkPart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that stops answering during a run must not keep the capture of its work from ending: the
 * run ends (its clients cut by the end timeout), and the result says the counters could not be
 * read.
 */
class CaptureFaultsTest {

  private static OwnServer server;
  private static TestDatabase db;

  @BeforeAll
  static void start() throws Exception {
    server = OwnServer.start(Map.of("shared_preload_libraries", "pg_stat_statements"));
    db = server.createDatabase();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close(); // drops the test's database, then the cluster
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES) // a hang guard, not a speed limit
  void aFrozenServerEndsTheRunWithTheCountersUnavailable() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Script slow = Script.parse("slow.sql", "SELECT pg_sleep(0.01);\n");
    CompletableFuture<RunResult> run =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return new Runner(
                        db,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        // 3 s instead of 15: the run waits it out on the counters' and the
                        // sampler's
                        // connections, and the default is a guard for real servers, not for this
                        // test.
                        CaptureSettings.defaults()
                            .withInstallExtensions(true)
                            .withAnswerTimeoutMillis(3_000))
                    .run(
                        Workload.of(slow, QueryMode.SIMPLE),
                        RunOptions.builder()
                            .clients(2)
                            .durationSeconds(2)
                            .endTimeoutSeconds(1)
                            .vacuum(VacuumMode.NONE)
                            .build());
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    Thread.sleep(1000);
    server.freeze();
    RunResult r;
    try {
      r = run.get(150, TimeUnit.SECONDS);
    } finally {
      server.thaw();
    }

    assertThat(r.aborted()).isTrue();
    ServerWork work = r.serverWork();
    assertThat(work.database()).isNull();
    assertThat(work.whyUnavailable(WorkPart.DATABASE))
        .startsWith("server counters cannot be read: ");
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("pgperf: server counters cannot be read: ");
  }
}
