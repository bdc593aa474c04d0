package io.github.pgperf.internal.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.capture.ServerInfoQuery;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential test of the text report: real pgbench 15 runs with each option that changes its
 * report; the printer is fed the figures pgbench printed and must print the same lines. Everything
 * compares exactly (counts, percentages, options, latency averages, lag, per-statement lines)
 * except what the parsed figures cannot carry: tps (printed rounded), stddev (not invertible),
 * connection times, and the run's latency average when it is derived from the duration or from
 * several scripts' rounded averages.
 */
class TextReportPgbenchTest {

  private static final List<Pattern> TIMINGS =
      List.of(
          Pattern.compile("(?<=stddev = )[\\d.]+"),
          Pattern.compile("(?<=tps = )[\\d.]+"),
          Pattern.compile("(?<=connection time = )[\\d.]+"));

  private static final Pattern TOTAL_AVERAGE = Pattern.compile("(?<=^latency average = )[\\d.]+");

  @TempDir static Path dir;
  private static TestDatabase db;
  private static String serverVersion;

  @BeforeAll
  static void setUp() throws Exception {
    db = TestDatabase.create();
    Pgbench.initialize(db, dir);
    try (Connection c = db.open()) {
      serverVersion = ServerInfoQuery.read(c).version();
    }
    Files.writeString(dir.resolve("s1.sql"), "select 1;\n");
    Files.writeString(dir.resolve("err.sql"), "select 1/0;\n");
    // Repeatable-read updates of three rows from several clients: serialization failures.
    Files.writeString(
        dir.resolve("ser.sql"),
        String.join(
            "\n",
            "\\set aid random(1, 3)",
            "BEGIN ISOLATION LEVEL REPEATABLE READ;",
            "UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;",
            "SELECT pg_sleep(0.001);",
            "END;",
            ""));
  }

  @AfterAll
  static void tearDown() throws Exception {
    if (db != null) {
      db.close();
    }
  }

  static Stream<String> options() {
    return Stream.of(
        "-n -t 10 -f s1.sql",
        "-n -T 1 -f s1.sql -c 2 -j 2",
        "-n -t 20 -c 2 -j 2",
        "-n -T 1 -R 200 -S",
        "-n -T 1 -R 2000 -L 0.02 -S -c 2",
        "-n -t 50 -L 0.05 -S",
        "-n -t 20 -r",
        "-n -t 20 --max-tries=3 -S",
        "-n -t 20 --failures-detailed --max-tries=2 -S",
        "-n -t 30 -b select-only@3 -b simple-update@1 -f s1.sql@2 -r",
        "-n -t 20 -C -S",
        "-n -T 2 -C -P 1 -S",
        "-n -T 2 -P 1 -S",
        "-n -T 1 --max-tries=0 -S",
        "-n -T 2 -c 4 -j 2 -f ser.sql --max-tries=2 --failures-detailed -r",
        "-n -t 30 -c 4 -f ser.sql",
        "-n -T 2 -R 300 -L 0.5 --max-tries=2 --failures-detailed -b select-only@1 -f ser.sql@1 -c 2 -r",
        "-n -t 5 -f err.sql",
        "-n -t 10 -M prepared -S",
        "-n -t 10 -M extended -b select-only@1 -f s1.sql@0 -r");
  }

  @ParameterizedTest
  @MethodSource("options")
  void reportHasPgbenchsLines(String options) throws Exception {
    List<String> args = Arrays.asList(options.split(" "));
    Pgbench.Result real = Pgbench.run(db, dir, args);
    compare(real.stdoutLines(), PgbenchReportParser.workload(args, 1, null));
    if (options.contains("err.sql")) {
      assertThat(real.exitCode()).isEqualTo(2);
      assertThat(real.stderrLines()).last().asString().endsWith(TextReport.ABORTED);
    }
  }

  @Test
  void partitionLinesFollowTheScalingFactor() throws Exception {
    try (TestDatabase partitioned = TestDatabase.create()) {
      Pgbench.initialize(partitioned, dir, "--partitions=3", "--partition-method=hash");
      List<String> args = List.of("-n", "-t", "5", "-S");
      Pgbench.Result real = Pgbench.run(partitioned, dir, args);
      assertThat(real.stdoutLines()).contains("partition method: hash", "partitions: 3");
      compare(
          real.stdoutLines(),
          PgbenchReportParser.workload(args, 1, new RunSettings.Partitioning("hash", 3)));
    }
  }

  @Test
  void pgperfNamesItselfAsPgbenchDoesWhenVersionsDiffer() throws Exception {
    Pgbench.Result real = Pgbench.run(db, dir, List.of("-n", "-t", "1", "-f", "s1.sql"));
    // pgbench: "pgbench (15.20 (Debian 15.20-0+deb12u1))" when client and server are one version.
    assertThat(real.stdoutLines().get(0)).isEqualTo("pgbench (" + serverVersion + ")");
    RunResult result =
        PgbenchReportParser.result(
            PgbenchReportParser.workload(List.of("-t", "1", "-f", "s1.sql"), 1, null),
            real.stdoutLines(),
            serverVersion);
    assertThat(TextReport.versionLine(result))
        .isEqualTo("pgperf (dev, server " + serverVersion + ")");
  }

  private static void compare(List<String> stdout, RunSettings workload) {
    assertThat(stdout.get(0)).startsWith("pgbench (");
    List<String> pgbench = stdout.subList(1, stdout.size());
    RunResult result = PgbenchReportParser.result(workload, pgbench, serverVersion);
    List<String> mine = TextReport.pgbenchLines(result);
    assertThat(mask(mine, workload))
        .as("report lines (tps and stddev masked)")
        .containsExactlyElementsOf(mask(pgbench, workload));
    List<String> all = TextReport.lines(result);
    List<String> expected = new ArrayList<>();
    expected.add(TextReport.versionLine(result));
    expected.addAll(mine);
    expected.addAll(TextReport.pgperfLines(result));
    assertThat(all).isEqualTo(expected);
  }

  private static List<String> mask(List<String> lines, RunSettings workload) {
    List<String> masked = new ArrayList<>();
    for (String line : lines) {
      String m = line;
      if (!workload.reportsMeasuredLatency() || workload.scripts().size() > 1) {
        // Derived from the run's duration, which the printer only knows through the rounded tps;
        // or, with several scripts, the mean of their means, which pgbench prints rounded.
        m = TOTAL_AVERAGE.matcher(m).replaceAll("<time>");
      }
      for (Pattern p : TIMINGS) {
        m = p.matcher(m).replaceAll("<time>");
      }
      masked.add(m);
    }
    return masked;
  }
}
