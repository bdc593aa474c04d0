package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ServerInfo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The work fingerprint keeps what changes plans and work, and leaves the machine out. */
class WorkFingerprintTest {

  private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

  private static RunResult run(ServerInfo server, RunSettings workload, ClientMachine machine) {
    RunResult r = Fixtures.run(1000, 2000, 1, server, START, workload, 0);
    return new RunResult(
        r.settings(),
        r.target(),
        r.server(),
        List.of(machine),
        r.startedAt(),
        r.endedAt(),
        r.benchSeconds(),
        r.initialConnectionMicros(),
        r.connectionMicros(),
        r.scripts(),
        r.timeline(),
        r.aborted(),
        r.identity(),
        null);
  }

  private static final ClientMachine HERE =
      new ClientMachine(
          "dev",
          2,
          "OpenJDK 64-Bit Server VM Debian 17",
          "Linux 6.1 amd64",
          "Intel Xeon 8481C",
          8L << 30);

  @Test
  void anotherMachineMinorVersionLengthAndTimingSettingsKeepTheWorkFingerprint() {
    RunResult here =
        run(Fixtures.server("15.20 (Debian 15.20-0+deb12u1)"), Fixtures.workload(4, "a"), HERE);
    RunSettings longer =
        new RunSettings(
            here.settings().scripts(),
            4,
            4,
            new RunLength.Timed(60),
            QueryMode.PREPARED,
            500,
            0,
            1,
            1,
            null,
            false,
            5,
            false,
            true,
            "b");
    RunResult there =
        run(
            Fixtures.server("15.8")
                .withProviderSettings(Map.of("fsync", "off", "synchronous_commit", "off")),
            longer,
            WorkFixtures.OTHER_MACHINE);

    assertThat(Fingerprint.of(here)).isNotEqualTo(Fingerprint.of(there));
    assertThat(WorkFingerprint.of(here)).isEqualTo(WorkFingerprint.of(there));
    assertThat(WorkFingerprint.of(here).postgres()).isEqualTo("15");
  }

  @Test
  void majorVersionWorkSettingsAndWorkloadChangeIt() {
    RunResult base = run(Fixtures.server(Fixtures.VERSION), Fixtures.workload(4, "a"), HERE);
    RunResult newer = run(Fixtures.server("16.4"), Fixtures.workload(4, "a"), HERE);
    RunResult tuned =
        run(
            Fixtures.server(Fixtures.VERSION)
                .withProviderSettings(Map.of("work_mem", "64MB", "enable_seqscan", "off")),
            Fixtures.workload(4, "a"),
            HERE);
    RunResult wider = run(Fixtures.server(Fixtures.VERSION), Fixtures.workload(8, "a"), HERE);

    WorkFingerprint print = WorkFingerprint.of(base);
    assertThat(print.differences(WorkFingerprint.of(newer))).containsExactly("PostgreSQL 15 vs 16");
    assertThat(print.differences(WorkFingerprint.of(tuned)))
        .containsExactly("setting enable_seqscan unset vs off", "setting work_mem unset vs 64MB");
    assertThat(print.differences(WorkFingerprint.of(wider)))
        .singleElement()
        .asString()
        .startsWith("workload scripts [<builtin: select only> @1], 4 clients");
  }

  @Test
  void majorVersions() {
    assertThat(WorkFingerprint.major("15.20 (Debian 15.20-0+deb12u1)")).isEqualTo("15");
    assertThat(WorkFingerprint.major("17beta1")).isEqualTo("17beta1");
    assertThat(WorkFingerprint.major("9.6.24")).isEqualTo("9.6");
  }
}
