package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pgperf history} on real result files (the gate's fixtures): twelve builds of two tests,
 * one of them 40% slower from build 8 on, each build added with the command as CI would.
 */
class HistoryCommandTest {

  @TempDir Path dir;

  record Ran(int status, String out, String err) {}

  static Ran history(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        HistoryCommand.execute(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());
    return new Ran(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void twelveBuildsReportTheSlowerTestsChangeOnceNamingBuildEight() throws Exception {
    Path store = dir.resolve("history");
    List<String> changePoints = new ArrayList<>();
    for (int n = 1; n <= 12; n++) {
      Path results = dir.resolve("results-" + n);
      Fixtures.trials(results, "OrdersIT.insert", 3, 1000, 800, 0.02, n);
      Fixtures.trials(
          results, "OrdersIT.select", 3, n >= 8 ? 600 : 1000, n >= 8 ? 1330 : 800, 0.02, 100 + n);
      Ran ran =
          history(
              "--results",
              results.toString(),
              "--store",
              store.toString(),
              "--output",
              dir.resolve("out-" + n).toString(),
              "--build",
              "build-" + n,
              "--commit",
              String.format("c%02d", n));
      assertThat(ran.status()).as(ran.out() + ran.err()).isZero();
      ran.err()
          .lines()
          .filter(l -> l.startsWith("warning: CHANGE_POINT: "))
          .forEach(changePoints::add);
    }
    assertThat(changePoints)
        .isNotEmpty()
        .allSatisfy(
            line ->
                assertThat(line)
                    .startsWith("warning: CHANGE_POINT: OrdersIT.select: ")
                    .contains(" at build build-8 (commits c07..c08, "));
    assertThat(changePoints.stream().filter(l -> l.contains(": tps changed"))).hasSize(1);
    assertThat(
            Files.readAllLines(store.resolve("history.jsonl")).stream()
                .filter(l -> l.contains("\"kind\":\"point\"")))
        .hasSize(24);
    assertThat(dir.resolve("out-12").resolve("check.md"))
        .content()
        .startsWith("History of build `build-12` (commit `c12`)");
  }

  @Test
  void noResultsIsAnErrorNamingTheDirectory() {
    Ran ran =
        history(
            "--results",
            dir.resolve("none").toString(),
            "--store",
            dir.resolve("h").toString(),
            "--output",
            dir.resolve("o").toString());
    assertThat(ran.status()).isEqualTo(1);
    assertThat(ran.err())
        .isEqualTo(
            "pgperf history: error: no results to record in "
                + dir.resolve("none")
                + " (the directory does not exist): did the performance tests"
                + " run?"
                + System.lineSeparator());
  }

  @Test
  void helpPrintsTheOptionsWithoutPicocliWarnings() {
    // picocli warns about a bad format on System.err itself, not on the command's stream.
    PrintStream systemErr = System.err;
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    Ran ran;
    try {
      System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
      ran = history("--help");
    } finally {
      System.setErr(systemErr);
    }
    assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(ran.status()).isZero();
    assertThat(ran.out())
        .startsWith("Usage: pgperf history")
        .contains("--store=DIR|URL")
        .contains("Smallest change kept, as 0.05 or 5% (default: 0).");
    assertThat(ran.err()).isEmpty();
  }

  @Test
  void aBadSettingIsNamed() {
    Ran ran = history("--on-change-point", "maybe");
    assertThat(ran.status()).isEqualTo(1);
    assertThat(ran.err()).contains("--on-change-point must be \"fail\" or \"warn\", not \"maybe\"");
    Ran unknown = history("--frobnicate");
    assertThat(unknown.err())
        .contains("pgperf history: error: Unknown option: '--frobnicate'")
        .contains("Try \"pgperf history --help\"");
  }

  @Test
  void aDatabaseUrlWithAPasswordIsRefusedWithoutIt() throws Exception {
    Path results = dir.resolve("results");
    Fixtures.trials(results, "OrdersIT.insert", 1, 1000, 800, 0.02, 1);
    Ran ran =
        history(
            "--results",
            results.toString(),
            "--store",
            "postgresql://ci:s3cret@127.0.0.1/perf",
            "--output",
            dir.toString());
    assertThat(ran.status()).isEqualTo(1);
    assertThat(ran.err()).contains("holds a password").doesNotContain("s3cret");
  }
}
