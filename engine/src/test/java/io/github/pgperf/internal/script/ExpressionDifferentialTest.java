package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.TestDatabaseExtension;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs scripts of {@code \set name debug(...)} lines with real pgbench and with pgperf's expression
 * classes, for several seeds and 1 to 4 clients, and requires the same debug lines.
 */
class ExpressionDifferentialTest {

  private static final int TRANSACTIONS = 40;

  /** String variables given with -D, to check pgbench's typing of strings. */
  private static final Map<String, String> DEFINES =
      Map.ofEntries(
          Map.entry("s_yes", "yes"),
          Map.entry("s_off", "OFF"),
          Map.entry("s_int", "  42"),
          Map.entry("s_double", "1.5e3"),
          Map.entry("s_null", "NuLL"),
          Map.entry("s_hex", "0x1p3"),
          Map.entry("s_t", "t"),
          Map.entry("s_of", "of"),
          Map.entry("s_n", "n"),
          Map.entry("s_on", "on"),
          Map.entry("s_inf", "-inf"),
          Map.entry("s_neg", "-7"),
          Map.entry("s_plus", "+5"),
          Map.entry("s_exp", " 2.5e-3"));

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir static Path directory;

  static Stream<Arguments> runs() {
    List<Arguments> runs = new ArrayList<>();
    long[] seeds = {5432, 1, 987654321, 18446744073709551L};
    for (String script : List.of("arithmetic", "comparison", "logic", "math", "random", "typing")) {
      for (int clients = 1; clients <= 4; clients++) {
        runs.add(Arguments.of(script, seeds[clients - 1], clients));
      }
    }
    // The random functions get more seeds, and many draws of every distribution.
    for (long seed : new long[] {0, 7, 123456789012L}) {
      runs.add(Arguments.of("random", seed, 2));
      runs.add(Arguments.of("distributions", seed, 3));
    }
    return runs.stream();
  }

  @ParameterizedTest(name = "{0} seed={1} clients={2}")
  @MethodSource("runs")
  void debugLinesEqualPgbench(String name, long seed, int clients) throws Exception {
    String script = resource(name);
    List<String> options = new ArrayList<>();
    options.addAll(
        List.of(
            "-t",
            Integer.toString(TRANSACTIONS),
            "-c",
            Integer.toString(clients),
            "--random-seed=" + Long.toUnsignedString(seed)));
    DEFINES.forEach((k, v) -> options.add("-D" + k + "=" + v));
    List<String> stderr =
        new RealPgbench(DATABASE.get(), directory).run(script, options.toArray(String[]::new));
    List<String> expected = new ArrayList<>(RealPgbench.debugLines(stderr));
    expected.sort(null);
    assertThat(expected).as("pgbench's stderr: %s", stderr).isNotEmpty();
    // These scripts are meant to run to the end; an aborted client would hide the lines after.
    assertThat(expected).noneMatch(line -> line.contains("aborted"));

    List<String> actual = new SetScriptDriver(script).run(seed, clients, TRANSACTIONS, DEFINES);

    assertThat(actual).containsExactlyElementsOf(expected);
  }

  /**
   * Two weighted scripts, one client per thread: which script each transaction runs comes from the
   * thread's script-choice generator, so equal counts mean pgperf seeds threads as pgbench.
   */
  @ParameterizedTest(name = "seed={0} threads={1}")
  @CsvSource({"5432,1", "5432,3", "77,2", "123456789,4"})
  void scriptChoiceGeneratorsMatchPgbench(long seed, int threads) throws Exception {
    int transactions = 25;
    Path second = directory.resolve("second.sql");
    Files.writeString(second, "\\set x debug(:client_id + 100)\n");
    List<String> stderr =
        new RealPgbench(DATABASE.get(), directory)
            .run(
                "\\set x debug(:client_id)\n",
                "-t",
                Integer.toString(transactions),
                "-c",
                Integer.toString(threads),
                "-j",
                Integer.toString(threads),
                "--random-seed=" + seed,
                "-f",
                second + "@3");
    // Threads write debug()'s two parts separately, so lines interleave: compare the values, which
    // say both the client (0..3) and the script (+100).
    List<String> expected = new ArrayList<>();
    Matcher value = Pattern.compile("int (\\d+)").matcher(String.join("\n", stderr));
    while (value.find()) {
      expected.add(value.group(1));
    }
    expected.sort(null);

    SeedPlan plan = SeedPlan.draw(seed, threads, false, threads);
    List<String> actual = new ArrayList<>();
    for (int client = 0; client < threads; client++) {
      Prng choice = plan.scriptChoice(client);
      for (int t = 0; t < transactions; t++) {
        // The options come first, so script 0 is second.sql with weight 3, script 1 the other with
        // weight 1; pgbench draws in [0, total weight) and walks the scripts subtracting weights.
        boolean scriptZero = RandomDraws.uniform(choice, 0, 3) < 3;
        actual.add(Integer.toString(scriptZero ? client + 100 : client));
      }
    }
    actual.sort(null);
    assertThat(actual).containsExactlyElementsOf(expected);
  }

  private static String resource(String name) throws IOException {
    try (InputStream in =
        ExpressionDifferentialTest.class.getResourceAsStream("differential/" + name + ".sql")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
