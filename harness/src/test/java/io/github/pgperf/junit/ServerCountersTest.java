package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.TestDatabaseExtension;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.WorkPart;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JUnit path captures the server's work by default: on pgperf's embedded server all of it, on
 * an external server without pg_stat_statements the rest (saying once what is missing), and nothing
 * when told not to.
 */
class ServerCountersTest {

  private static final String SELECT_ONLY = "SELECT abalance FROM pgbench_accounts WHERE aid = $1";

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir Path dir;

  @BeforeEach
  void forgetWhatFixturesSaw() {
    Fixture.SEEN.clear();
  }

  private Kit.Run external(Map<String, String> more) {
    Map<String, String> parameters = new HashMap<>(more);
    parameters.put("pgperf.url", DATABASE.get().url());
    parameters.put("pgperf.results", dir.resolve("results").toString());
    return Kit.run(parameters, WorkFixtures.External.class);
  }

  @Test
  void anExternalServerWithoutPgStatStatementsGivesTheRestAndSaysSoOnce() throws Exception {
    Kit.Run run = external(Map.of());

    run.results().testEvents().assertStatistics(s -> s.succeeded(1));
    RunResult[] runs = (RunResult[]) Fixture.SEEN.get("External");
    for (RunResult r : runs) {
      ServerWork work = r.serverWork();
      assertThat(work.statements()).isNull();
      assertThat(work.database().commits()).isEqualTo(40);
      assertThat(work.waits().intervalMillis())
          .isEqualTo(CaptureSettings.DEFAULT_WAIT_SAMPLING_MILLIS);
    }
    assertThat(run.err().lines().filter(l -> l.contains("without per-statement work")).toList())
        .containsExactly(
            "pgperf: server counters without per-statement work: "
                + runs[0].serverWork().whyUnavailable(WorkPart.STATEMENTS));
    // Nothing installed: the extension may not be created in an external server unasked.
    assertThat(runs[0].serverWork().whyUnavailable(WorkPart.STATEMENTS))
        .contains("shared_preload_libraries = 'pg_stat_statements'");
    assertThat(run.out())
        .containsPattern("server work per transaction: [0-9.]+ blocks")
        .containsPattern("waits: .*% \\([0-9,]+ samples every 10 ms\\)")
        .containsPattern("server CPU per transaction: [0-9.]+ ms")
        .contains("not captured: per-statement work");
    RunResult read = ResultJson.read(dir.resolve("results").resolve("External-twice-first.json"));
    assertThat(read.serverWork()).isEqualTo(runs[0].serverWork());
  }

  @Test
  void serverCountersOffCaptureNothingAndWaitSamplingZeroNoWaits() {
    Kit.Run off = external(Map.of("pgperf.serverCounters", "false"));
    RunResult[] runs = (RunResult[]) Fixture.SEEN.get("External");
    assertThat(runs[0].serverWork()).isNull();
    assertThat(off.out()).doesNotContain("server work").doesNotContain("waits:");
    assertThat(off.err()).doesNotContain("per-statement work");

    external(Map.of("pgperf.waitSampling", "0s"));
    ServerWork work = ((RunResult[]) Fixture.SEEN.get("External"))[0].serverWork();
    assertThat(work.waits()).isNull();
    assertThat(work.whyUnavailable(WorkPart.WAITS)).isEqualTo("wait sampling is off");
    assertThat(work.database().commits()).isEqualTo(40);
  }

  @Test
  void theEmbeddedServerLoadsPgStatStatementsAndGivesEverything() {
    Kit.Run run =
        Kit.run(
            Map.of("pgperf.results", dir.resolve("results").toString()),
            WorkFixtures.Embedded.class);

    System.out.print(run.out());
    run.results().testEvents().assertStatistics(s -> s.succeeded(1));
    RunResult r = (RunResult) Fixture.SEEN.get("Embedded");
    assertThat(r.server().providerSettings())
        .containsEntry("shared_preload_libraries", "pg_stat_statements")
        .containsEntry("track_io_timing", "on");
    ServerWork work = r.serverWork();
    assertThat(work.unavailable()).isEmpty();
    assertThat(work.statementsContaining(SELECT_ONLY).get(0).calls()).isEqualTo(100);
    assertThat(work.database().commits()).isEqualTo(100);
    assertThat(work.cpu().walWriterMicros()).isNotNull();
    assertThat(run.out())
        .containsPattern(
            "server work per transaction: [0-9.]+ shared blocks \\([0-9.]+ read\\), 0.0 temp"
                + " blocks, 0 WAL bytes, 1.0 statements")
        .doesNotContain("not captured");
  }
}
