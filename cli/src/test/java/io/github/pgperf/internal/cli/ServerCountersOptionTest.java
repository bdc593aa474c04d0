package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --server-counters}: the command line prints pgbench's report and nothing else unless
 * asked; asked, it adds the server's work after the report and in the result file.
 */
class ServerCountersOptionTest {

  private static TestDatabase db;

  @TempDir static Path dir;

  @BeforeAll
  static void create() throws Exception {
    db = TestDatabase.create();
    Pgbench.initialize(db, dir);
  }

  @AfterAll
  static void drop() throws Exception {
    db.close();
  }

  @Test
  void theReportGetsTheServersWorkOnlyWhenAsked() throws Exception {
    Path json = dir.resolve("counted.json");
    Cli.Result plain = Cli.runOn(db, List.of("-n", "-S", "-c", "2", "-t", "20"));
    Cli.Result counted =
        Cli.runOn(
            db,
            List.of(
                "-n",
                "-S",
                "-c",
                "2",
                "-t",
                "20",
                "--server-counters",
                "--result-json",
                json.toString()));
    assertThat(plain.exitCode()).isZero();
    assertThat(counted.exitCode()).as(counted.stderr()).isZero();
    assertThat(plain.stdout()).doesNotContain("server work").doesNotContain("waits:");
    List<String> report = plain.stdout().lines().toList();
    List<String> lines = counted.stdout().lines().toList();
    // The same report, line for line in kind (figures differ from run to run), then pgperf's.
    for (int i = 0; i < report.size(); i++) {
      String line = report.get(i);
      int cut =
          line.contains("=")
              ? line.indexOf('=')
              : line.contains(":") ? line.indexOf(':') : line.length();
      assertThat(lines.get(i)).startsWith(line.substring(0, cut));
    }
    assertThat(lines.subList(report.size(), lines.size()))
        .satisfiesExactly(
            l -> assertThat(l).matches("server work per transaction: [0-9.]+ blocks .*"),
            l -> assertThat(l).startsWith("waits: "),
            l -> assertThat(l).startsWith("server CPU per transaction: "),
            l ->
                assertThat(l)
                    .matches(
                        "machine CPU: [0-9]+% busy \\(pgperf [0-9]+%, server [0-9]+%,"
                            + " others [0-9]+%\\)"),
            l ->
                assertThat(l)
                    .matches(
                        "on-CPU per transaction: server backends [0-9.]+ ms, client"
                            + " [0-9.]+ ms, client allocated [0-9.]+ kB"),
            l -> assertThat(l).startsWith("not captured: per-statement work"));
    assertThat(counted.stderr())
        .contains(
            "pgperf: server counters without per-statement work: pg_stat_statements is not loaded");
    RunResult result = ResultJson.read(json);
    assertThat(result.serverWork().database().commits()).isEqualTo(40);
  }
}
