package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.output.RunSummary;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import io.github.pgperf.testing.TestDatabaseExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Event;

/**
 * {@link LoadRunner} injected into fixture tests ({@link LoadFixtures}) on the local server as
 * EXTERNAL: real runs, real thresholds, and the result files they leave.
 */
class LoadRunnerTest {

  private static final String PASSWORD = "pw-L0ad-9182";

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir Path dir;

  @BeforeEach
  void forgetWhatFixturesSaw() {
    Fixture.SEEN.clear();
  }

  private Kit.Run run(Class<?>... fixtures) throws Exception {
    Path passwordFile = dir.resolve("password");
    Files.writeString(passwordFile, PASSWORD + "\n");
    return Kit.run(
        Map.of(
            "pgperf.url",
            DATABASE.get().url(),
            "pgperf.passwordFile",
            passwordFile.toString(),
            "pgperf.results",
            dir.resolve("results").toString()),
        fixtures);
  }

  @Test
  void selectOnlyPassesAndAnImpossibleTpsFloorFailsWithTheMeasuredFigure() throws Exception {
    run(Fixtures.ExternalA.class); // sets a scale: initializes pgbench's tables if no test did yet
    Instant start = Instant.now();
    Kit.Run run = run(LoadFixtures.SelectOnly.class, LoadFixtures.ImpossibleTps.class);

    run.results().testEvents().assertStatistics(s -> s.started(2).succeeded(1).failed(1));
    RunResult passed = (RunResult) Fixture.SEEN.get("SelectOnly");
    assertThat(passed.settings().clients()).isEqualTo(2);
    assertThat(passed.settings().length()).isEqualTo(new RunLength.Timed(1));
    assertThat(passed.totalCounts().processed()).isPositive();
    assertThat(passed.server().provider()).isEqualTo("EXTERNAL");
    assertThat(passed.server().providerReason()).isEqualTo("EXTERNAL asked");
    assertThat(passed.target().database()).isEqualTo(DATABASE.get().name());

    // The measured part starts benchSeconds before the end.
    long readyMillis =
        Duration.between(start, passed.endedAt()).toMillis()
            - (long) (passed.benchSeconds() * 1000);
    // A figure, not a bound (a loaded machine may take any time); what must hold is that the
    // tables made before were reused, not made again.
    System.out.printf(
        Locale.ROOT,
        "pgperf figure: EXTERNAL, initialized, run start to first"
            + " measured transaction: %d ms%n",
        readyMillis);
    assertThat(run.err()).doesNotContain("done in ");

    RunResult failed = (RunResult) Fixture.SEEN.get("ImpossibleTps");
    assertThat(failureMessage(run, "ImpossibleTps"))
        .contains("tps")
        .contains(RunSummary.of(failed));
    assertThat(failed.totalCounts().processed()).isEqualTo(20);

    // Files named by class, method and sanitized label, each the run the test saw.
    Path results = dir.resolve("results");
    assertThat(files(results))
        .containsExactlyInAnyOrder(
            "SelectOnly-selectOnly.json", "ImpossibleTps-selectOnly-floor_1e9.json");
    RunResult read = ResultJson.read(results.resolve("SelectOnly-selectOnly.json"));
    assertThat(read.totalCounts()).isEqualTo(passed.totalCounts());
    assertThat(read.tps()).isEqualTo(passed.tps());
    assertThat(read.server().provider()).isEqualTo(passed.server().provider());
    RunResult readFailed =
        ResultJson.read(results.resolve("ImpossibleTps-selectOnly-floor_1e9.json"));
    assertThat(readFailed.settings().label()).isEqualTo("floor 1e9");
    assertThat(readFailed.settings().scripts().get(0).name()).isEqualTo("<builtin: select only>");

    // A compact summary per run on stdout.
    assertThat(run.out())
        .contains("pgperf: SelectOnly.selectOnly (")
        .contains("pgperf: ImpossibleTps.selectOnly \"floor 1e9\" (")
        .contains("transaction type: <builtin: select only>")
        .contains("number of clients: 2, threads: 1, duration: 1 s")
        .contains("number of transactions actually processed: 20, failed: 0 (0.000%)")
        .containsPattern("latency avg/p50/p99/max = [0-9.]+/[0-9.]+/[0-9.]+/[0-9.]+ ms")
        .contains("tps = ");

    assertThat(run.out() + run.err() + allText(results)).doesNotContain(PASSWORD);
    System.out.println("pgperf sample: " + failureMessage(run, "ImpossibleTps"));
    System.out.print(run.out());
  }

  @Test
  void javaTransactionAndClasspathScriptRunWithVariablesScaleAndLabelledFiles() throws Exception {
    long before = balance();
    Kit.Run run = run(LoadFixtures.JavaCode.class, LoadFixtures.ClasspathScript.class);

    run.results().testEvents().assertStatistics(s -> s.started(2).succeeded(2));
    RunResult java = (RunResult) Fixture.SEEN.get("JavaCode");
    assertThat(java.totalCounts().processed()).isEqualTo(40);
    assertThat(java.settings().scripts().get(0).name()).isEqualTo("transfer");
    // Each transfer committed one increment in the class's schema.
    assertThat(balance() - before).isEqualTo(40);

    RunResult[] hot = (RunResult[]) Fixture.SEEN.get("ClasspathScript");
    assertThat(hot[0].settings().scripts().get(0).name()).isEqualTo("/queries/hot.sql");
    assertThat(hot[0].totalCounts().processed()).isEqualTo(20);
    assertThat(hot[0].settings().scale()).isEqualTo(1);
    assertThat(hot[1].settings().queryMode()).isEqualTo(QueryMode.PREPARED);

    Path results = dir.resolve("results");
    assertThat(files(results))
        .containsExactlyInAnyOrder(
            "JavaCode-transfer.json",
            "ClasspathScript-hot-hot_path.json",
            "ClasspathScript-hot-hot_path_prepared.json");
    assertThat(
            ResultJson.read(results.resolve("ClasspathScript-hot-hot_path_prepared.json"))
                .settings()
                .queryMode())
        .isEqualTo(QueryMode.PREPARED);
    assertThat(
            ResultJson.read(results.resolve("ClasspathScript-hot-hot_path.json"))
                .settings()
                .queryMode())
        .isEqualTo(QueryMode.SIMPLE);
  }

  @Test
  void aSecondRunWithoutALabelInOneTestIsRefusedBeforeItStarts() throws Exception {
    Kit.Run run =
        run(LoadFixtures.TwiceUnlabelled.class, LoadFixtures.DeclaredThenUnlabelled.class);

    run.results().testEvents().assertStatistics(s -> s.started(2).failed(2));
    String fix =
        ": the gate would count it as another trial of the first run, a sample never"
            + " measured as one; give each run of a test method its own label"
            + " (runner.label(\"...\") or @Load(label = \"...\"))";
    assertThat(failureMessage(run, "TwiceUnlabelled"))
        .isEqualTo("TwiceUnlabelled.twice runs load a second time without a label" + fix);
    assertThat(failureMessage(run, "DeclaredThenUnlabelled"))
        .isEqualTo("DeclaredThenUnlabelled.declared runs load a second time without a label" + fix);
    // The first runs ran and were kept; the second ones never started.
    assertThat(Fixture.SEEN)
        .containsKey("TwiceUnlabelled")
        .doesNotContainKeys("TwiceUnlabelled.second", "DeclaredThenUnlabelled.second");
    Path results = dir.resolve("results");
    assertThat(files(results))
        .containsExactlyInAnyOrder(
            "TwiceUnlabelled-twice.json", "DeclaredThenUnlabelled-declared.json");
    assertThat(run.out())
        .containsOnlyOnce("TwiceUnlabelled.twice")
        .containsOnlyOnce("DeclaredThenUnlabelled.declared");
    // Each run records the test that ran it, which the gate groups by.
    RunResult first = ResultJson.read(results.resolve("TwiceUnlabelled-twice.json"));
    assertThat(first.identity().test())
        .isEqualTo(
            new TestIdentity(
                LoadFixtures.TwiceUnlabelled.class.getCanonicalName(),
                "twice",
                "twice(LoadRunner)",
                Map.of()));
    assertThat(first.identity().test().key(first.settings().label()))
        .isEqualTo("TwiceUnlabelled-twice");
  }

  @Test
  void runnerErrorFailsTheTestWithItsMessageAndKeepsTheResult() throws Exception {
    Kit.Run run = run(LoadFixtures.Broken.class, LoadFixtures.MissingScript.class);

    run.results().testEvents().assertStatistics(s -> s.started(2).failed(2));
    assertThat(failureMessage(run, "Broken"))
        .startsWith("the run was aborted: ")
        .contains("client 0 script 0 aborted in command 0 query 0")
        .contains("division by zero");
    assertThat(Fixture.SEEN).doesNotContainKey("Broken");
    Path file = dir.resolve("results").resolve("Broken-divides-by_zero.json");
    RunResult kept = ResultJson.read(file);
    assertThat(kept.aborted()).isTrue();
    // Why, as data: the message above is made from it, not read back from stderr.
    assertThat(kept.aborts())
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.client()).isZero();
              assertThat(a.messages())
                  .last()
                  .asString()
                  .startsWith("client 0 script 0 aborted in command 0 query 0");
              assertThat(failureMessage(run, "Broken")).endsWith(String.join("; ", a.messages()));
            });
    assertThat(kept.settings().label()).isEqualTo("by zero");
    assertThat(run.out()).contains("Run was aborted; the above results are incomplete.");

    assertThat(failureMessage(run, "MissingScript"))
        .isEqualTo(
            "could not find script \"/queries/none.sql\" on the classpath of "
                + LoadFixtures.MissingScript.class.getName());
  }

  @Test
  void aClasspathScriptsBytesReachTheServerAsTheyAreAndARefusedByteAbortsTheRun() throws Exception {
    Kit.Run run = run(LoadFixtures.InvalidByte.class);

    run.results().testEvents().assertStatistics(s -> s.started(1).failed(1));
    // The server's own refusal, as pgbench gets it for these bytes, not U+FFFD sent in their place.
    assertThat(failureMessage(run, "InvalidByte"))
        .startsWith("the run was aborted: ")
        .contains(
            "client 0 script 0 aborted in command 0 query 0: ERROR:  invalid byte sequence"
                + " for encoding \"UTF8\": 0xe9 0x27 0x20");
    RunResult kept = ResultJson.read(dir.resolve("results").resolve("InvalidByte-sends-byte.json"));
    assertThat(kept.totalCounts().processed()).isZero();
  }

  @Test
  void anUnwritableResultsDirectoryFailsTheTestBeforeTheLoadRunsNamingTheDirectory()
      throws Exception {
    LoadFixtures.CountedRuns.RUNS.set(0);
    Path file = Files.writeString(dir.resolve("a-file"), "not a directory");
    Path results = file.resolve("results");
    Path passwordFile = Files.writeString(dir.resolve("password"), PASSWORD + "\n");

    Kit.Run run =
        Kit.run(
            Map.of(
                "pgperf.url",
                DATABASE.get().url(),
                "pgperf.passwordFile",
                passwordFile.toString(),
                "pgperf.results",
                results.toString()),
            LoadFixtures.CountedRuns.class);

    run.results().testEvents().assertStatistics(s -> s.started(1).failed(1));
    assertThat(failureMessage(run, "CountedRuns"))
        .isEqualTo(
            "cannot write result files in pgperf.results \"" + results + "\": Not a directory");
    assertThat(LoadFixtures.CountedRuns.RUNS).hasValue(0);
    assertThat(Fixture.SEEN).doesNotContainKey("CountedRuns");
  }

  @Test
  void perStatementLatenciesTimelineIntervalAndProgressReachTheRun() throws Exception {
    Kit.Run run = run(LoadFixtures.Detailed.class);

    run.results().testEvents().assertStatistics(s -> s.started(1).succeeded(1));
    RunResult result = (RunResult) Fixture.SEEN.get("Detailed");
    assertThat(result.settings().perStatement()).isTrue();
    assertThat(result.settings().progressSeconds()).isEqualTo(1);
    // tpcb-like has 7 SQL statements and 4 \set commands, each with its own figures.
    assertThat(result.scripts())
        .singleElement()
        .satisfies(
            script -> {
              assertThat(script.statements()).hasSize(11);
              assertThat(script.statements())
                  .allSatisfy(st -> assertThat(st.executions()).isPositive());
            });
    // 2 s in 250 ms intervals: 8, and one more for each 250 ms that transactions still in flight
    // at the end (a loaded machine's) stretched the measured time.
    int intervals = (int) Math.ceil(result.benchSeconds() / 0.25);
    assertThat(result.timeline())
        .hasSizeBetween(7, Math.max(8, intervals) + 1)
        .allSatisfy(i -> assertThat(i.lengthMicros()).isLessThanOrEqualTo(250_000));
    assertThat(run.err()).containsPattern("progress: 1\\.0 s, [0-9.]+ tps, lat [0-9.]+ ms stddev");
  }

  @Test
  @org.junit.jupiter.api.Timeout(120)
  void aJavaTransactionStillRunningAfterTheEndTimeoutIsCancelledAndTheRunAborted()
      throws Exception {
    Kit.Run run = run(LoadFixtures.StuckTransaction.class);

    run.results().testEvents().assertStatistics(s -> s.started(1).failed(1));
    // The messages name the extension's setting, not the command line's option.
    assertThat(failureMessage(run, "StuckTransaction"))
        .startsWith("the run was aborted: ")
        .contains(
            "client 0 still running 1 s after the end of the run (LoadRunner.endTimeout);"
                + " cancelling its statement")
        .doesNotContain("--end-timeout");
    assertThat(run.err())
        .contains(
            "pgperf: error: the end timeout cut the run short: 1 of 1"
                + " clients still running 1 s after its end were cancelled and count as aborted"
                + " (LoadRunner.endTimeout; pgbench would wait for them)");
    assertThat(Fixture.SEEN).doesNotContainKey("StuckTransaction");
    RunResult kept =
        ResultJson.read(dir.resolve("results").resolve("StuckTransaction-sleeps-stuck.json"));
    assertThat(kept.aborted()).isTrue();
    assertThat(kept.aborts())
        .singleElement()
        .satisfies(a -> assertThat(a.messages().get(0)).contains("LoadRunner.endTimeout"));
  }

  @Test
  void badOptionsFailTheTestWithAOneLineMessage() throws Exception {
    Kit.Run run = run(LoadFixtures.BadOptions.class);

    run.results().testEvents().assertStatistics(s -> s.started(3).failed(3));
    assertThat(failureMessages(run))
        .containsExactlyInAnyOrder(
            "duration must be a whole number of seconds from 1 to 2147483647, not PT1.5S",
            "-c/--client must be in range 1..2147483647",
            "no builtin script found for name \"select-every\"");
    assertThat(dir.resolve("results")).doesNotExist();
  }

  private static List<String> failureMessages(Kit.Run run) {
    return run.results().testEvents().failed().stream()
        .map(
            e ->
                e.getPayload(TestExecutionResult.class)
                    .orElseThrow()
                    .getThrowable()
                    .orElseThrow()
                    .getMessage())
        .toList();
  }

  private static String failureMessage(Kit.Run run, String fixture) {
    List<Event> failed =
        run.results().testEvents().failed().stream()
            .filter(
                e -> e.getTestDescriptor().getUniqueId().toString().contains("$" + fixture + "]"))
            .toList();
    assertThat(failed).as("failed tests of %s", fixture).hasSize(1);
    return failed
        .get(0)
        .getPayload(TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow()
        .getMessage();
  }

  private static List<String> files(Path directory) throws Exception {
    try (Stream<Path> s = Files.list(directory)) {
      return s.map(p -> p.getFileName().toString()).collect(Collectors.toList());
    }
  }

  private static String allText(Path directory) throws Exception {
    StringBuilder text = new StringBuilder();
    for (String name : files(directory)) {
      text.append(Files.readString(directory.resolve(name)));
    }
    assertThat(text).isNotEmpty();
    return text.toString();
  }

  private static long balance() throws Exception {
    try (Connection c = DATABASE.get().open();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select coalesce(sum(abalance), 0) from"
                    + " (select 1 from pg_namespace where nspname = 'pgperf') n,"
                    + " lateral (select abalance from pgperf.pgbench_accounts) a")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
