package io.github.pgperf.internal.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.Moments;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential tests of the progress line and the {@code -l} log lines: real pgbench 15 writes
 * them, the values are read back from its lines, and pgperf's formatting of those values must give
 * the same line.
 */
class LogFormatsPgbenchTest {

  private static final Pattern PROGRESS =
      Pattern.compile(
          "^progress: ([\\d.]+) s, ([\\d.]+) tps, lat ([\\d.]+) ms stddev ([\\d.]+|NaN), (\\d+) failed"
              + "(?:, lag ([\\d.]+) ms)?(?:, (\\d+) skipped)?(?:, (\\d+) retried, (\\d+) retries)?$");

  @TempDir static Path dir;
  private static TestDatabase db;

  @BeforeAll
  static void setUp() throws Exception {
    db = TestDatabase.create();
    Pgbench.initialize(db, dir);
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

  static Stream<String> progressOptions() {
    return Stream.of(
        "-n -T 2 -P 1 -S",
        "-n -T 2 -P 1 -R 300 -S",
        "-n -T 2 -P 1 -R 300 -L 1 --max-tries=2 -S",
        "-n -T 2 -P 1 --progress-timestamp -S",
        "-n -T 2 -P 1 -c 4 -f ser.sql --max-tries=2");
  }

  @ParameterizedTest
  @MethodSource("progressOptions")
  void progressLinesHavePgbenchsFields(String options) throws Exception {
    List<String> args = Arrays.asList(options.split(" "));
    RunSettings workload = PgbenchReportParser.workload(args, 1, null);
    boolean epoch = options.contains("--progress-timestamp");
    List<String> lines =
        Pgbench.run(db, dir, args).stderrLines().stream()
            .filter(l -> l.startsWith("progress: "))
            .toList();
    assertThat(lines).isNotEmpty();
    for (String line : lines) {
      Matcher m = PROGRESS.matcher(line);
      assertThat(m.matches()).as(line).isTrue();
      // Feed the printed figures back: n transactions of the printed mean latency in one second.
      long n = Math.round(Double.parseDouble(m.group(2)));
      long latencyMicros = Math.round(Double.parseDouble(m.group(3)) * 1000);
      long lagMicros = m.group(6) == null ? 0 : Math.round(Double.parseDouble(m.group(6)) * 1000);
      Counts counts =
          new Counts(
              n,
              Long.parseLong(m.group(5)),
              0,
              0,
              m.group(8) == null ? 0 : Long.parseLong(m.group(8)),
              m.group(9) == null ? 0 : Long.parseLong(m.group(9)),
              m.group(7) == null ? 0 : Long.parseLong(m.group(7)),
              0);
      Moments latency =
          new Moments(n, latencyMicros * n, (double) latencyMicros * latencyMicros * n, 0, 0);
      Moments lag = new Moments(n, lagMicros * n, 0, 0, 0);
      String mine =
          ProgressLine.format(
              workload, Double.parseDouble(m.group(1)), epoch, 1_000_000, counts, latency, lag);
      // tps is printed from the exact interval, stddev from sums the line does not carry.
      assertThat(maskTpsAndStddev(mine)).isEqualTo(maskTpsAndStddev(line));
    }
  }

  @Test
  void progressLineFromKnownFigures() {
    RunSettings w =
        PgbenchReportParser.workload(
            List.of("-T", "10", "-R", "100", "-L", "5", "--max-tries=3", "-S"), 1, null);
    Counts counts = new Counts(150, 2, 1, 0, 4, 6, 3, 0);
    // 150 transactions: 100 of 1 ms and 50 of 4 ms, over 1.5 s.
    Moments latency = new Moments(150, 100 * 1000 + 50 * 4000, 100 * 1e6 + 50 * 16e6, 1000, 4000);
    Moments lag = new Moments(150, 150 * 250, 0, 0, 0);
    assertThat(ProgressLine.format(w, 12.04, false, 1_500_000, counts, latency, lag))
        .isEqualTo(
            "progress: 12.0 s, 100.0 tps, lat 2.000 ms stddev 1.414, 3 failed, lag 0.250 ms,"
                + " 3 skipped, 4 retried, 6 retries");
    RunSettings plain = PgbenchReportParser.workload(List.of("-T", "10", "-S"), 1, null);
    assertThat(
            ProgressLine.format(
                plain, 1796007278.8024, true, 1_000_000, Counts.NONE, Moments.NONE, Moments.NONE))
        .isEqualTo("progress: 1796007278.802 s, 0.0 tps, lat 0.000 ms stddev 0.000, 0 failed");
  }

  static Stream<String> logOptions() {
    return Stream.of(
        "-n -t 5 -l -S",
        "-n -T 1 -l -c 2 -j 2 -S --log-prefix=two",
        "-n -T 1 -R 1000 -L 0.05 -l --max-tries=2 -c 4 -f ser.sql --failures-detailed",
        "-n -T 1 -c 4 -l -f ser.sql --max-tries=3",
        "-n -T 1 -c 4 -l -f ser.sql");
  }

  @ParameterizedTest
  @MethodSource("logOptions")
  void transactionLogLinesAreWrittenAsPgbenchWritesThem(String options) throws Exception {
    Path runDir = Files.createTempDirectory(dir, "log");
    Files.copy(dir.resolve("ser.sql"), runDir.resolve("ser.sql"));
    List<String> args = Arrays.asList(options.split(" "));
    Pgbench.Result out = Pgbench.run(db, runDir, args);
    assertThat(out.exitCode()).as(out.stderrLines().toString()).isZero();
    RunSettings workload = PgbenchReportParser.workload(args, 1, null);
    TransactionLog log = new TransactionLog(workload);
    List<Path> files =
        logFiles(
            runDir,
            options.contains("--log-prefix=two") ? "two" : "pgbench_log",
            workload.threads());
    int checked = 0;
    List<String> words = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    for (Path file : files) {
      for (String line : Files.readAllLines(file)) {
        String[] f = line.split(" ");
        int client = Integer.parseInt(f[0]);
        long txNo = Long.parseLong(f[1]);
        int script = Integer.parseInt(f[3]);
        long epochMicros = Long.parseLong(f[4]) * 1_000_000 + Long.parseLong(f[5]);
        int next = 6;
        long lag = workload.rate() > 0 ? Long.parseLong(f[next++]) : 0;
        int tries = workload.maxTries() != 1 ? Integer.parseInt(f[next++]) + 1 : 1;
        sb.setLength(0);
        words.add(f[2]);
        switch (f[2]) {
          case "skipped" -> log.appendSkipped(sb, client, txNo, script, epochMicros, lag, tries);
          case "failed", "serialization" ->
              log.appendFailed(
                  sb, client, txNo, FailureKind.SERIALIZATION, script, epochMicros, lag, tries);
          case "deadlock" ->
              log.appendFailed(
                  sb, client, txNo, FailureKind.DEADLOCK, script, epochMicros, lag, tries);
          default ->
              log.appendProcessed(
                  sb, client, txNo, Long.parseLong(f[2]), script, epochMicros, lag, tries);
        }
        assertThat(sb.toString()).isEqualTo(line);
        checked++;
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(5);
    // ser.sql's 1 ms sleep makes every transaction later than 0.05 ms: skipped slots follow; four
    // clients on three rows make serialization failures.
    if (options.contains("-L 0.05")) {
      assertThat(words).contains("skipped", "serialization");
    } else if (options.contains("ser.sql")) {
      assertThat(words).contains("failed");
    }
  }

  static Stream<String> aggregateOptions() {
    return Stream.of(
        "-n -T 2 -l --aggregate-interval=1 -S -j 2 -c 2",
        "-n -T 2 -R 300 -L 3 -l --aggregate-interval=1 --max-tries=2 -c 3 -f ser.sql --failures-detailed");
  }

  @ParameterizedTest
  @MethodSource("aggregateOptions")
  void aggregateLinesAreWrittenAsPgbenchWritesThem(String options) throws Exception {
    Path runDir = Files.createTempDirectory(dir, "agg");
    Files.copy(dir.resolve("ser.sql"), runDir.resolve("ser.sql"));
    List<String> args = Arrays.asList(options.split(" "));
    Pgbench.Result out = Pgbench.run(db, runDir, args);
    assertThat(out.exitCode()).as(out.stderrLines().toString()).isZero();
    RunSettings workload = PgbenchReportParser.workload(args, 1, null);
    int checked = 0;
    for (Path file : logFiles(runDir, "pgbench_log", workload.threads())) {
      for (String line : Files.readAllLines(file)) {
        long[] v = Arrays.stream(line.split(" ")).mapToLong(Long::parseLong).toArray();
        assertThat(v).as(line).hasSize(15);
        Counts counts = new Counts(v[1], v[13], v[14], 0, v[11], v[12], v[10], 0);
        Moments latency = new Moments(v[1], v[2], v[3], v[4], v[5]);
        Moments lag = new Moments(v[1], v[6], v[7], v[8], v[9]);
        assertThat(TransactionLog.aggregateLine(v[0], counts, latency, lag)).isEqualTo(line);
        checked++;
      }
    }
    assertThat(checked).isPositive();
  }

  @Test
  void aggregateLineFromKnownFigures() {
    Counts counts = new Counts(3, 1, 2, 0, 4, 5, 6, 0);
    Moments latency = new Moments(3, 600, 140_000, 100, 300);
    Moments lag = new Moments(3, 30, 400, 5, 15);
    assertThat(TransactionLog.aggregateLine(1796007130, counts, latency, lag))
        .isEqualTo("1796007130 3 600 140000 100 300 30 400 5 15 6 4 5 1 2");
    assertThat(TransactionLog.aggregateLine(1796007131, Counts.NONE, Moments.NONE, Moments.NONE))
        .isEqualTo("1796007131 0 0 0 0 0 0 0 0 0 0 0 0 0 0");
  }

  /**
   * pgbench's log files: {@code <prefix>.<pid>} and {@code <prefix>.<pid>.<thread>}, named as
   * pgperf names them.
   */
  private static List<Path> logFiles(Path runDir, String prefix, int threads) throws Exception {
    List<Path> files;
    try (Stream<Path> s = Files.list(runDir)) {
      files = s.filter(p -> p.getFileName().toString().startsWith(prefix + ".")).sorted().toList();
    }
    assertThat(files).hasSize(threads);
    String first = files.get(0).getFileName().toString();
    long pid = Long.parseLong(first.substring(prefix.length() + 1).split("\\.")[0]);
    List<Path> expected = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      expected.add(runDir.resolve(TransactionLog.fileName(prefix, pid, t)));
    }
    assertThat(files).containsExactlyInAnyOrderElementsOf(expected);
    return expected;
  }

  private static String maskTpsAndStddev(String line) {
    return line.replaceAll("[\\d.]+ tps", "# tps").replaceAll("stddev [\\d.]+", "stddev #");
  }
}
