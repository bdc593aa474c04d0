package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.init.Initializer;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same run command line given to the real pgbench and to pgperf on one database (scale 1):
 * report lines with timings masked, exact counts, debug() values of seeded runs, log formats, and
 * the outcome of faults and bad options.
 */
class RunDifferentialTest {

  private static TestDatabase db;

  @TempDir static Path dir;

  @BeforeAll
  static void initialize() throws Exception {
    db = TestDatabase.create();
    new Initializer(db, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(InitOptions.builder().scale(1).build());
  }

  @AfterAll
  static void drop() throws Exception {
    db.close();
  }

  static Stream<Arguments> reportCommandLines() {
    return Stream.of(
        Arguments.of(List.of("-t", "20", "-c", "2", "-j", "2")),
        Arguments.of(List.of("-S", "-M", "prepared", "-t", "50", "-c", "3", "-j", "2", "-r")),
        Arguments.of(List.of("-N", "-M", "extended", "-t", "10", "-c", "2", "-n")),
        Arguments.of(
            List.of(
                "-b",
                "simple-update@2",
                "-b",
                "select-only@1",
                "-t",
                "10",
                "-c",
                "2",
                "-j",
                "2",
                "-r",
                "--random-seed=7")),
        Arguments.of(
            List.of(
                "-S",
                "-t",
                "30",
                "-R",
                "500",
                "-L",
                "1000",
                "--max-tries=3",
                "--failures-detailed",
                "-n")),
        // -T 2: with -T 1 the first progress line races the end of the run (seen once under load).
        Arguments.of(List.of("-S", "-T", "2", "-c", "2", "-P", "1", "-n", "-M", "prepared")),
        Arguments.of(List.of("-S", "-C", "-t", "10", "-c", "2", "-n")),
        // More threads than clients: pgbench runs one thread per client.
        Arguments.of(List.of("-S", "-t", "5", "-c", "2", "-j", "5", "-n")));
  }

  @ParameterizedTest
  @MethodSource("reportCommandLines")
  void reportLinesAreThoseOfPgbench(List<String> args) throws Exception {
    Pgbench.Result expected = Pgbench.run(db, args);
    Cli.Result actual = Cli.runOn(db, args);

    assertThat(expected.exitCode()).as(expected.stderr()).isZero();
    assertThat(actual.exitCode()).as(actual.stderr()).isZero();
    List<String> pgbench = masked(reportLines(expected.stdout()), args);
    List<String> pgperf = masked(reportLines(actual.stdout()), args);
    assertThat(pgperf.subList(0, Math.min(pgperf.size(), pgbench.size()))).isEqualTo(pgbench);
    assertThat(pgperf.subList(pgbench.size(), pgperf.size()))
        .allMatch(line -> line.startsWith("latency "));
    assertThat(vacuumLines(actual.stderr())).isEqualTo(vacuumLines(expected.stderr()));
    if (args.contains("-P")) {
      assertThat(actual.stderr())
          .containsPattern(
              "(?m)^progress: 1\\.\\d s, \\d+\\.\\d tps, lat \\d+\\.\\d{3} ms stddev \\d+\\.\\d{3}, 0 failed$");
    }
  }

  /** The report without the version line (pgperf names itself there, see text-report.md). */
  private static List<String> reportLines(String stdout) {
    List<String> lines = new ArrayList<>(Arrays.asList(stdout.split("\n")));
    assertThat(lines.get(0)).matches("pgbench \\(.*\\)|pgperf \\(.*\\)");
    return lines.subList(1, lines.size());
  }

  /** A decimal, with the spaces before it. */
  private static final Pattern DECIMAL = Pattern.compile("( *)(-?\\d+\\.\\d+)");

  /**
   * Timings masked; with -T or several scripts, transaction counts too. A timing that opens the
   * line (a statement's latency in pgbench's %11.3f column) keeps its column's width, not its own:
   * 12.345 ms on a loaded machine and 1.234 ms on a quiet one fill the column alike.
   */
  private static List<String> masked(List<String> lines, List<String> args) {
    boolean timed = args.contains("-T");
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      String m =
          DECIMAL
              .matcher(line)
              .replaceAll(
                  r ->
                      r.start() == 0 ? " ".repeat(r.group().length() - 1) + "#" : r.group(1) + "#");
      if (line.startsWith(" - ") && line.contains(" transactions (")
          || timed && line.startsWith("number of transactions actually processed")) {
        m = m.replaceAll("\\d+", "#");
      }
      out.add(m);
    }
    return out;
  }

  private static List<String> vacuumLines(String stderr) {
    return Arrays.stream(stderr.split("\n")).filter(l -> l.contains("vacuum")).toList();
  }

  /** A script exercising every meta-command that feeds debug(). */
  private static final String META_SCRIPT =
      String.join(
          "\n",
          "\\set r random(1, 1000)",
          "\\if :r % 3 = 0",
          "  \\set k debug(:r * 2)",
          "\\elif :r % 3 = 1",
          "  \\set k debug(:r + 1)",
          "\\else",
          "  \\set k debug(-:r)",
          "\\endif",
          "select :r + 1 as g, :client_id as c \\gset",
          "\\set z debug(:g * 10 + :c)",
          "select 1 as a \\; select :r as b \\aset p_",
          "\\set y debug(:p_a + :p_b)",
          "\\sleep 1 ms",
          "\\setshell sh echo :r",
          "\\set w debug(:sh * 2 + random(1, 10))",
          "\\set e debug(random_exponential(1, 100, 2.5))",
          "\\set u debug(random_gaussian(1, 100, 3.0) + hash(:r))",
          "");

  static Stream<Arguments> seededRuns() {
    return Stream.of(
        Arguments.of(1, 1, "1"),
        Arguments.of(2, 1, "42"),
        Arguments.of(3, 2, "123456789"),
        Arguments.of(4, 2, "18446744073709551615"),
        Arguments.of(4, 1, "5"));
  }

  @ParameterizedTest
  @MethodSource("seededRuns")
  void debugValuesOfSeededRunsAreThoseOfPgbench(int clients, int threads, String seed)
      throws Exception {
    Path script = dir.resolve("meta.sql");
    Files.writeString(script, META_SCRIPT);
    List<String> args =
        List.of(
            "-n",
            "-t",
            "4",
            "-c",
            Integer.toString(clients),
            "-j",
            Integer.toString(threads),
            "--random-seed=" + seed,
            "-f",
            script.toString());

    Pgbench.Result expected = Pgbench.run(db, args);
    Cli.Result actual = Cli.runOn(db, args);

    assertThat(expected.exitCode()).as(expected.stderr()).isZero();
    assertThat(actual.exitCode()).as(actual.stderr()).isZero();
    List<String> pgbench = debugLines(expected.stderr());
    assertThat(pgbench).hasSize(2 * 6 * 4 * clients);
    assertThat(debugLines(actual.stderr())).isEqualTo(pgbench);
  }

  @Test
  void debugValuesInPreparedModeAreThoseOfPgbench() throws Exception {
    Path script = dir.resolve("prepared.sql");
    Files.writeString(
        script,
        String.join(
            "\n",
            "\\set r random(1, 100000)",
            "select abalance + :r as s, aid from pgbench_accounts where aid = :r \\gset",
            "\\set d debug(:s * 3 + :aid)",
            ""));
    List<String> args =
        List.of(
            "-n",
            "-t",
            "5",
            "-c",
            "3",
            "-j",
            "2",
            "-M",
            "prepared",
            "--random-seed=99",
            "-f",
            script.toString());

    List<String> pgbench = debugLines(Pgbench.run(db, args).stderr());
    assertThat(pgbench).hasSize(30);
    assertThat(debugLines(Cli.runOn(db, args).stderr())).isEqualTo(pgbench);
  }

  private static final Pattern DEBUG_PREFIX =
      Pattern.compile("debug\\(script=\\d+,command=\\d+\\): ");
  private static final Pattern DEBUG_VALUE =
      Pattern.compile("\\bnull\\b|(int|double) [-+0-9.eE]+|boolean (true|false)");

  /**
   * The debug() prefixes and values, each sorted. pgbench's threads write stderr concurrently, so a
   * prefix and its value can be separated by another thread's line; as multisets they are not.
   */
  private static List<String> debugLines(String stderr) {
    List<String> prefixes = new ArrayList<>();
    var m = DEBUG_PREFIX.matcher(stderr);
    while (m.find()) {
      prefixes.add(m.group());
    }
    List<String> values = new ArrayList<>();
    var v = DEBUG_VALUE.matcher(stderr);
    while (v.find()) {
      values.add(v.group());
    }
    List<String> all = new ArrayList<>(prefixes.stream().sorted().toList());
    all.addAll(values.stream().sorted().toList());
    return all;
  }

  private static final Pattern LOG_LINE = Pattern.compile("^[0-2] \\d+ \\d+ 0 \\d+ \\d+$");

  @Test
  void aRunShorterThanTheAggregationIntervalLogsNothingAsInPgbench() throws Exception {
    List<String> args = List.of("-n", "-S", "-t", "10", "-c", "2", "-l", "--aggregate-interval=5");

    assertThat(logLines(args, "agb-short")).isEmpty();
    assertThat(logLines(args, "agp-short")).isEmpty();
  }

  @Test
  void transactionLogLinesHavePgbenchsShapeAndCount() throws Exception {
    List<String> pgbench =
        logLines(List.of("-n", "-S", "-t", "7", "-c", "3", "-j", "2", "-l"), "pgb");
    List<String> pgperf =
        logLines(List.of("-n", "-S", "-t", "7", "-c", "3", "-j", "2", "-l"), "pgp");

    assertThat(pgbench).hasSize(21).allMatch(l -> LOG_LINE.matcher(l).matches());
    assertThat(pgperf).hasSize(21).allMatch(l -> LOG_LINE.matcher(l).matches());
    assertThat(transactionNumbers(pgperf)).isEqualTo(transactionNumbers(pgbench));
  }

  @Test
  void aggregateLogLinesHavePgbenchsFieldsAndTotals() throws Exception {
    List<String> args = List.of("-n", "-S", "-T", "2", "-c", "2", "-l", "--aggregate-interval=1");
    List<String> pgbench = logLines(args, "agb");
    List<String> pgperf = logLines(args, "agp");

    for (List<String> lines : List.of(pgbench, pgperf)) {
      assertThat(lines).isNotEmpty().allMatch(l -> l.split(" ").length == 15);
    }
    // Complete intervals only, counted from the start of the run: at most two in -T 2. On a loaded
    // machine either tool may finish its second interval late and write only the first.
    assertThat(pgbench).hasSizeBetween(1, 2);
    assertThat(pgperf).hasSizeBetween(1, 2);
    assertThat(pgperf).allMatch(l -> Long.parseLong(l.split(" ")[1]) > 0);
    for (int i = 1; i < pgperf.size(); i++) {
      assertThat(
              Long.parseLong(pgperf.get(i).split(" ")[0])
                  - Long.parseLong(pgperf.get(i - 1).split(" ")[0]))
          .isEqualTo(1);
    }
  }

  private List<String> logLines(List<String> args, String name) throws Exception {
    Path prefix = dir.resolve(name);
    List<String> all = new ArrayList<>(args);
    all.add("--log-prefix=" + prefix);
    boolean pgbench = name.equals("pgb") || name.startsWith("agb");
    int code = pgbench ? Pgbench.run(db, all).exitCode() : Cli.runOn(db, all).exitCode();
    assertThat(code).isZero();
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith(name + ".")).toList()) {
        lines.addAll(Files.readAllLines(f));
      }
    }
    return lines;
  }

  /** What pgbench and pgperf printed for one command line. */
  private record Aborted(List<String> args, Pgbench.Result expected, Cli.Result actual) {}

  /**
   * Runs a script of two clients with {@code -t transactions} through pgbench and pgperf and checks
   * that both abort it the same way: exit status 2 and the same error lines.
   */
  private Aborted abortsAsPgbench(String name, String text, int transactions) throws Exception {
    Path script = dir.resolve(name);
    Files.writeString(script, text);
    List<String> args =
        List.of("-n", "-t", Integer.toString(transactions), "-c", "2", "-f", script.toString());
    Pgbench.Result expected = Pgbench.run(db, args);
    Cli.Result actual = Cli.runOn(db, args);
    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(2);
    assertThat(errorLines(actual.stderr(), "pgperf"))
        .isEqualTo(errorLines(expected.stderr(), "pgbench"));
    return new Aborted(args, expected, actual);
  }

  private static List<String> transactionNumbers(List<String> lines) {
    return lines.stream().map(l -> l.split(" ")[0] + " " + l.split(" ")[1]).sorted().toList();
  }

  @Test
  void aStatementErrorAbortsEachClientAsInPgbench() throws Exception {
    Aborted run = abortsAsPgbench("err.sql", "select 1;\nselect * from nosuch;\n", 2);

    assertThat(masked(reportLines(run.actual().stdout()), run.args()))
        .isEqualTo(masked(reportLines(run.expected().stdout()), run.args()));
  }

  @Test
  void aTerminatedBackendAbortsItsClientAsInPgbench() throws Exception {
    Aborted run =
        abortsAsPgbench("term.sql", "select pg_terminate_backend(pg_backend_pid());\n", 3);

    assertThat(run.actual().stdout()).contains("number of transactions actually processed: 0/6");
  }

  @Test
  void anOpenTransactionAtTheEndOfTheScriptAbortsAsInPgbench() throws Exception {
    Aborted run = abortsAsPgbench("open.sql", "begin;\nselect 1;\n", 3);

    assertThat(masked(reportLines(run.actual().stdout()), run.args()).subList(0, 9))
        .isEqualTo(masked(reportLines(run.expected().stdout()), run.args()).subList(0, 9));
  }

  @Test
  void metaCommandFailuresAbortAsInPgbench() throws Exception {
    abortsAsPgbench("meta-err.sql", "\\set x 1\n\\sleep :nosuch\n", 2);
    abortsAsPgbench("shell-err.sql", "\\setshell v echo abc\n", 2);
    abortsAsPgbench("eval-err.sql", "\\set x 1/0\n", 2);
  }

  @Test
  void theResultJsonFileHoldsTheReportedRun() throws Exception {
    Path json = dir.resolve("result.json");
    Cli.Result r =
        Cli.runOn(
            db,
            List.of("-n", "-S", "-t", "15", "-c", "2", "-M", "prepared", "--result-json=" + json));

    assertThat(r.exitCode()).as(r.stderr()).isZero();
    io.github.pgperf.result.RunResult read = io.github.pgperf.result.ResultJson.read(json);
    assertThat(read.totalCounts().processed()).isEqualTo(30);
    assertThat(read.total().latency().count()).isEqualTo(30);
    assertThat(read.settings().queryMode()).isEqualTo(io.github.pgperf.result.QueryMode.PREPARED);
    assertThat(r.stdout()).contains("number of transactions actually processed: 30/30");
  }

  @Test
  void pipelinesRunAsInPgbenchAndAreRefusedInSimpleMode() throws Exception {
    Path script = dir.resolve("pipe.sql");
    Files.writeString(
        script,
        String.join(
            "\n",
            "\\set aid random(1, 100000)",
            "\\startpipeline",
            "select abalance from pgbench_accounts where aid = :aid;",
            "update pgbench_accounts set abalance = abalance + 1 where aid = :aid;",
            "\\endpipeline",
            ""));
    for (String mode : List.of("extended", "prepared", "simple")) {
      List<String> args = List.of("-n", "-t", "10", "-c", "2", "-M", mode, "-f", script.toString());
      Pgbench.Result expected = Pgbench.run(db, args);
      Cli.Result actual = Cli.runOn(db, args);
      assertThat(actual.exitCode()).isEqualTo(expected.exitCode());
      assertThat(masked(reportLines(actual.stdout()), args).subList(0, 9))
          .isEqualTo(masked(reportLines(expected.stdout()), args).subList(0, 9));
      assertThat(errorLines(actual.stderr(), "pgperf"))
          .isEqualTo(errorLines(expected.stderr(), "pgbench"));
    }
  }

  @Test
  void compoundCommandsRunInSimpleModeAndFailInExtendedModeAsInPgbench() throws Exception {
    Path script = dir.resolve("compound.sql");
    Files.writeString(script, "select 1 as a \\; select 2 as b \\aset\n\\set x debug(:a + :b)\n");
    for (String mode : List.of("simple", "extended", "prepared")) {
      List<String> args = List.of("-n", "-t", "2", "-M", mode, "-f", script.toString());
      Pgbench.Result expected = Pgbench.run(db, args);
      Cli.Result actual = Cli.runOn(db, args);
      assertThat(actual.exitCode()).as(mode).isEqualTo(expected.exitCode());
      assertThat(errorLines(actual.stderr(), "pgperf"))
          .as(mode)
          .isEqualTo(errorLines(expected.stderr(), "pgbench"));
      assertThat(debugLines(actual.stderr())).as(mode).isEqualTo(debugLines(expected.stderr()));
    }
  }

  static Stream<Arguments> statementErrors() {
    String longLine =
        "select 1 as aaaaaaaaaaaaaaaaaaaa, 2 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb,"
            + " 3 as cccccccccccccccccccccccccccc, 4 as ddddddddddddddddddd, %s as eeeeeeeeeeeeee,"
            + " 5 as ffffffffffffffffffffffffff, 6 as gggggggggggggggggggggg, %s;\n";
    return Stream.of(
        Arguments.of("short", "select 1;\nSELECT x y;\n"),
        Arguments.of(
            "second-line", "select 1;\nselect 1,\n  nosuchcol\n  from pgbench_branches;\n"),
        Arguments.of("cut-both-sides", String.format(longLine, "nosuch", "7")),
        Arguments.of("cut-right", "select nosuch, " + String.format(longLine, "8", "9")),
        Arguments.of("cut-left", String.format(longLine, "8", "nosuch")),
        Arguments.of(
            "tabs-and-variable", "\\set v 12\nselect\tnosuch,\t:v from\tpgbench_branches;\n"),
        // Not at the final ';': pgjdbc sends a statement without it (see docs/text-report.md).
        Arguments.of("syntax", "selec 1;\n"),
        Arguments.of("plpgsql", "do $$ begin perform nosuch; end $$;\n"),
        Arguments.of("detail-and-hint", "select * from pgbench_branches where bid = 'x'::int;\n"));
  }

  /** libpq's LINE excerpt and caret, DETAIL, HINT, QUERY and CONTEXT lines, in every query mode. */
  @ParameterizedTest
  @MethodSource("statementErrors")
  void statementErrorsArePrintedAsPgbenchPrintsThem(String name, String text) throws Exception {
    Path script = dir.resolve("stmt-" + name + ".sql");
    Files.writeString(script, text);
    for (String mode : List.of("simple", "extended", "prepared")) {
      List<String> args = List.of("-n", "-t", "1", "-M", mode, "-f", script.toString());
      Pgbench.Result expected = Pgbench.run(db, args);
      Cli.Result actual = Cli.runOn(db, args);

      assertThat(expected.exitCode()).as(mode).isEqualTo(2);
      assertThat(actual.exitCode()).as(mode).isEqualTo(2);
      assertThat(actual.stderr().replace("pgperf: ", "pgbench: "))
          .as(mode)
          .isEqualTo(expected.stderr());
    }
  }

  /**
   * pgbench's -d lines, client by client. pgbench prints "receiving" each time it polls for a
   * result (a count that depends on timing), so repeats are folded into one.
   */
  private static List<String> debugLinesByClient(String stderr, String program, int clients) {
    List<String> all =
        Arrays.stream(stderr.split("\n"))
            .map(
                l ->
                    l.startsWith(program + ": ")
                        ? "pgbench: " + l.substring(program.length() + 2)
                        : l)
            .toList();
    // Lines not of a client (seed, target, \\setshell results) come sorted: clients interleave.
    List<String> out =
        new ArrayList<>(
            all.stream().filter(l -> !l.matches("pgbench: client \\d+ .*")).sorted().toList());
    for (int c = 0; c < clients; c++) {
      String prefix = "pgbench: client " + c + " ";
      String last = null;
      for (String line : all) {
        boolean mine = line.startsWith(prefix);
        if (mine && !(line.endsWith(" receiving") && line.equals(last))) {
          out.add(line);
        }
        if (mine) {
          last = line;
        }
      }
    }
    return out;
  }

  static Stream<Arguments> debugRuns() {
    String conditional =
        String.join(
            "\n",
            "\\set r random(1, 9)",
            "\\if :r < 3",
            "\\set a 1",
            "\\elif :r < 6",
            "\\set a 2",
            "\\elif :r < 8",
            "\\set a 3",
            "\\else",
            "\\set a 4",
            "\\endif",
            "\\if :r > 4",
            "\\if :r > 7",
            "select :a as s \\gset",
            "\\endif",
            "\\endif",
            "\\sleep 1 ms",
            "\\setshell x echo :r",
            "\\shell true",
            "");
    String pipeline =
        String.join(
            "\n",
            "select 3;",
            "\\startpipeline",
            "select 4;",
            "select :client_id;",
            "\\endpipeline",
            "");
    return Stream.of(
        Arguments.of(List.of("-c", "3", "-j", "1", "-M", "simple"), List.of(conditional)),
        Arguments.of(List.of("-c", "3", "-j", "1", "-M", "extended", "-b", "tpcb-like"), List.of()),
        Arguments.of(List.of("-c", "1", "-M", "prepared"), List.of(conditional, pipeline)),
        Arguments.of(List.of("-c", "2", "-j", "1", "-C", "-M", "prepared"), List.of(pipeline)));
  }

  @ParameterizedTest
  @MethodSource("debugRuns")
  void debugLinesAreThoseOfPgbench(List<String> options, List<String> scripts) throws Exception {
    List<String> args = new ArrayList<>(List.of("-d", "-n", "-t", "3", "--random-seed=11"));
    args.addAll(options);
    for (int i = 0; i < scripts.size(); i++) {
      Path script = dir.resolve("debug-" + i + ".sql");
      Files.writeString(script, scripts.get(i));
      args.addAll(List.of("-f", script.toString()));
    }
    int clients = Integer.parseInt(options.get(1));
    Pgbench.Result expected = Pgbench.run(db, args);
    Cli.Result actual = Cli.runOn(db, args);

    assertThat(expected.exitCode()).as(expected.stderr()).isZero();
    assertThat(actual.exitCode()).as(actual.stderr()).isZero();
    List<String> pgbench = debugLinesByClient(expected.stderr(), "pgbench", clients);
    assertThat(pgbench)
        .anyMatch(l -> l.contains(" executing script "))
        .anyMatch(l -> l.startsWith("pgbench: pghost: "));
    assertThat(debugLinesByClient(actual.stderr(), "pgperf", clients)).isEqualTo(pgbench);
  }

  /** The sorted error lines (clients print in any order), program name removed. */
  private static List<String> errorLines(String stderr, String program) {
    // A shell command's output line keeps its line break inside the quotes.
    return Arrays.stream(stderr.replace("\n\")", "\")").split("\n"))
        .filter(l -> l.startsWith(program + ": error: "))
        .map(l -> l.substring(program.length()))
        .sorted()
        .toList();
  }

  static Stream<Arguments> badOptions() {
    return Stream.of(
        Arguments.of(List.of("-T", "1", "-t", "3", "x")),
        Arguments.of(List.of("-c", "-1", "x")),
        Arguments.of(List.of("-R", "0", "x")),
        Arguments.of(List.of("-L", "x", "x")),
        Arguments.of(List.of("--progress-timestamp", "x")),
        Arguments.of(List.of("--sampling-rate=0.5", "x")),
        Arguments.of(List.of("-l", "--aggregate-interval=3", "-T", "4", "x")),
        Arguments.of(List.of("--max-tries=0", "x")),
        Arguments.of(List.of("-f", "/nonexistent/no-such-script.sql", "x")));
  }

  @ParameterizedTest
  @MethodSource("badOptions")
  void badOptionsGetPgbenchsMessageAndStatus(List<String> args) throws Exception {
    Pgbench.Result expected = Pgbench.runWithoutDatabase(args);
    Cli.Result actual = Cli.run(Map.of(), args.toArray(String[]::new));

    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
    assertThat(actual.stderr().replace("pgperf", "pgbench")).isEqualTo(expected.stderr());
  }

  @Test
  void anUnrecognizedOptionIsRefusedAsByPgbench() throws Exception {
    Pgbench.Result expected = Pgbench.runWithoutDatabase(List.of("--bogus", "x"));
    Cli.Result actual = Cli.run(Map.of(), "--bogus", "x");

    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
    assertThat(actual.stderr()).contains("unrecognized option '--bogus'");
  }

  @Test
  void anUnreachablePortFailsQuicklyWithExitStatus1() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    List<String> args =
        List.of(
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(closed),
            "-U",
            "postgres",
            "-t",
            "3",
            "postgres");
    Pgbench.Result expected = Pgbench.runWithoutDatabase(args);
    long start = System.nanoTime();
    // A refused connection fails at once; with a minute's connect timeout, any time under it shows
    // that nothing waited for the timeout, however slow a loaded machine is.
    Cli.Result actual = Cli.run(Map.of("PGCONNECT_TIMEOUT", "60"), args.toArray(String[]::new));

    assertThat((System.nanoTime() - start) / 1e9).isLessThan(60);
    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
    assertThat(actual.stderr().replace("pgperf: ", "pgbench: "))
        .isEqualTo(expected.stderr())
        .endsWith("pgbench: error: could not create connection for setup\n");
  }

  @Test
  void connectionFailuresAreWordedAsByLibpq() throws Exception {
    for (List<String> args :
        List.of(
            List.of("-h", "nosuchhost.invalid", "-U", "postgres", "-t", "1", "postgres"),
            List.of(
                "-h",
                db.host(),
                "-p",
                Integer.toString(db.port()),
                "-U",
                "postgres",
                "-t",
                "1",
                "nosuchdb_pgperf"),
            List.of(
                "-h",
                db.host(),
                "-p",
                Integer.toString(db.port()),
                "-U",
                "nosuchrole_pgperf",
                "-t",
                "1",
                db.name()))) {
      Pgbench.Result expected = Pgbench.runWithoutDatabase(args);
      Cli.Result actual = Cli.run(Map.of(), args.toArray(String[]::new));

      assertThat(actual.exitCode()).as(args.toString()).isEqualTo(expected.exitCode()).isEqualTo(1);
      assertThat(actual.stderr().replace("pgperf: ", "pgbench: "))
          .as(args.toString())
          .isEqualTo(expected.stderr());
    }
  }

  @Test
  void anUnwritableLogFileIsRefusedAsByPgbench() throws Exception {
    List<String> args =
        List.of("-n", "-S", "-t", "1", "-l", "--log-prefix=/nonexistent/pgperf-dir/log");
    Pgbench.Result expected = Pgbench.run(db, args);
    Cli.Result actual = Cli.runOn(db, args);

    assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
    Pattern pid = Pattern.compile("log\\.\\d+\"");
    assertThat(
            pid.matcher(actual.stderr().replace("pgperf: ", "pgbench: ")).replaceAll("log.PID\""))
        .isEqualTo(pid.matcher(expected.stderr()).replaceAll("log.PID\""))
        .contains(
            "could not open logfile \"/nonexistent/pgperf-dir/log.PID\": No such file or"
                + " directory");
  }

  @Test
  void missingTablesForABuiltinScriptGetPgbenchsHint() throws Exception {
    try (TestDatabase empty = TestDatabase.create()) {
      Pgbench.Result expected = Pgbench.run(empty, List.of("-t", "1"));
      Cli.Result actual = Cli.runOn(empty, List.of("-t", "1"));

      assertThat(actual.exitCode()).isEqualTo(expected.exitCode()).isEqualTo(1);
      assertThat(actual.stderr())
          .contains(
              "could not count number of branches: ERROR:  relation"
                  + " \"pgbench_branches\" does not exist")
          .contains(
              "pgperf: hint: Perhaps you need to do"
                  + " initialization (\"pgbench -i\") in database \""
                  + empty.name()
                  + "\".");
      assertThat(expected.stderr())
          .contains(
              "pgbench: hint: Perhaps you need to do"
                  + " initialization (\"pgbench -i\") in database \""
                  + empty.name()
                  + "\".");
    }
  }
}
