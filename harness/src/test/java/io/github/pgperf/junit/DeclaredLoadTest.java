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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Event;

/**
 * The declarative form ({@link Load}, threshold annotations, {@link ClientSweep}) and sweep tables,
 * run by JUnit itself on the fixtures of {@link DeclaredFixtures} against the local server as
 * EXTERNAL.
 */
class DeclaredLoadTest {

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir Path dir;

  @BeforeEach
  void forgetWhatFixturesSaw() {
    Fixture.SEEN.clear();
  }

  private Kit.Run run(Map<String, String> extra, Class<?>... fixtures) {
    Map<String, String> parameters = new HashMap<>(extra);
    parameters.put("pgperf.url", DATABASE.get().url());
    parameters.put("pgperf.results", results().toString());
    return Kit.run(parameters, fixtures);
  }

  private Path results() {
    return dir.resolve("results");
  }

  @Test
  void declaredLoadRunsBeforeTheBodyWhichGetsItsResultAndEveryKindOfThresholdPasses()
      throws Exception {
    Kit.Run run = run(Map.of(), DeclaredFixtures.Passing.class);

    succeeded(run, 1);
    RunResult seen = (RunResult) seen("Passing").get(0);
    assertThat(seen.settings().clients()).isEqualTo(2);
    assertThat(seen.settings().length()).isEqualTo(new RunLength.PerClient(25));
    assertThat(seen.settings().queryMode()).isEqualTo(QueryMode.PREPARED);
    assertThat(seen.settings().scripts().get(0).name()).isEqualTo("<builtin: select only>");
    assertThat(seen.totalCounts().processed()).isEqualTo(50);
    // Order: @BeforeEach, then the load, then the body.
    long setUp = (Long) seen("Passing.setUp").get(0);
    long body = (Long) seen("Passing.body").get(0);
    assertThat(setUp).isLessThan(body);
    assertThat(seen.startedAt()).isNotNull();

    // The result file is the run the body got, named as any LoadRunner run.
    RunResult read = ResultJson.read(results().resolve("Passing-selectOnly-all_kinds.json"));
    assertThat(read.totalCounts()).isEqualTo(seen.totalCounts());
    assertThat(read.settings().label()).isEqualTo("all kinds");
    assertThat(run.out()).contains("pgperf: Passing.selectOnly \"all kinds\" (");
  }

  @Test
  void missedCeilingsFailTheTestWithFiguresLimitsAndSummaryAndTheBodyDoesNotRun() throws Exception {
    Kit.Run run = run(Map.of(), DeclaredFixtures.Failing.class);

    run.results().testEvents().assertStatistics(s -> s.started(1).failed(1));
    assertThat(Fixture.SEEN).doesNotContainKey("Failing");
    Throwable failure = failure(run, "Failing", "hot");
    assertThat(failure).isInstanceOf(AssertionError.class);
    RunResult kept = ResultJson.read(results().resolve("Failing-hot-ceilings.json"));
    assertThat(kept.totalCounts().processed()).isEqualTo(20);
    String message = failure.getMessage();
    System.out.println("pgperf sample: " + message);
    // Both ceilings listed with their measured figures; the tps floor and no-failures passed.
    assertThat(message)
        .contains("declared thresholds of Failing.hot")
        .contains(RunSummary.of(kept))
        .contains("to meet:")
        .contains("tps>=1, p99<=1us, p99.9<=2us, failures=0")
        .contains("but these 2 failed:")
        .containsPattern("p99<=1us: p99 latency was [0-9.]+ ms, expected at most 0\\.001 ms")
        .containsPattern(
            "p99\\.9<=2us: p99\\.9 latency was [0-9.]+ ms, expected at most 0\\.002 ms")
        .doesNotContain("tps>=1: ");
    // The message shows the file's p99, rounded to the microsecond (trailing zeros dropped).
    double p99 = kept.total().latency().percentileMicros(99) / 1e3;
    java.util.regex.Matcher shown =
        java.util.regex.Pattern.compile("p99 latency was ([0-9.]+) ms").matcher(message);
    assertThat(shown.find()).isTrue();
    assertThat(Double.parseDouble(shown.group(1)))
        .isCloseTo(p99, org.assertj.core.data.Offset.offset(0.0005));
  }

  @Test
  void nonsenseValuesAreConfigurationErrorsNamingTheAnnotationAndTheValue() throws Exception {
    Kit.Run run = run(Map.of(), DeclaredFixtures.BadValues.class);

    run.results().testEvents().assertStatistics(s -> s.started(7).failed(7));
    assertThat(failure(run, "BadValues", "negativeTps"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("@TpsAtLeast(-5) is not a valid threshold: ")
        .hasMessageContaining("tps");
    assertThat(failure(run, "BadValues", "percentile101"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "@LatencyAtMost(percentile = 101, limit = \"20ms\") is not a" + " valid threshold: ")
        .hasMessageContaining("101");
    assertThat(failure(run, "BadValues", "unparsableLimit"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("@MeanLatencyAtMost(\"soon\") is not a valid threshold: ");
    assertThat(failure(run, "BadValues", "unparsableDuration"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@Load(duration): '1.5s' is not a whole number of seconds from 1s (pgbench's"
                + " -T counts whole seconds; like 30s or 2min)");
    assertThat(failure(run, "BadValues", "noClients"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@Load(clients) has invalid value \"0\": expected a whole number in"
                + " 1..2147483647");
    assertThat(failure(run, "BadValues", "unknownBuiltin"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@Load(builtin) has invalid value \"select-every\": no builtin script found"
                + " for name \"select-every\"");
    assertThat(failure(run, "BadValues", "thresholdWithoutLoad"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("BadValues.thresholdWithoutLoad declares thresholds but no @Load");
    // Nothing ran: refused before any load.
    assertThat(results()).doesNotExist();
  }

  @Test
  void theBuildOverridesThresholdsAndWorkloadPerMethodOrForAll() throws Exception {
    Kit.Run asWritten = run(Map.of(), DeclaredFixtures.Overridden.class);
    asWritten.results().testEvents().assertStatistics(s -> s.failed(1));
    assertThat(failure(asWritten, "Overridden", "selectOnly").getMessage())
        .contains("tps>=1000000000, failures=0")
        .contains("but this one failed:")
        .containsPattern("tps>=1000000000: tps was [0-9.]+ tps, expected at least");

    Kit.Run perMethod =
        run(
            Map.of(
                "pgperf.Overridden.selectOnly.thresholds", "tps>=1, p99<=60s",
                "pgperf.Overridden.selectOnly.clients", "3",
                "pgperf.Overridden.selectOnly.duration", "1s",
                "pgperf.label", "from build"),
            DeclaredFixtures.Overridden.class);
    succeeded(perMethod, 1);
    RunResult overridden = (RunResult) seen("Overridden").get(0);
    assertThat(overridden.settings().clients()).isEqualTo(3);
    // The duration replaced the annotation's transactions rather than clashing with them.
    assertThat(overridden.settings().length()).isEqualTo(new RunLength.Timed(1));
    assertThat(overridden.settings().label()).isEqualTo("from build");
    assertThat(results().resolve("Overridden-selectOnly-from_build.json")).exists();

    // The class's key wins over the global one and loses to the method's; threshold keys apply
    // broadest first, so the class's "none" drops the declared ones and the method's adds after.
    Fixture.SEEN.clear();
    Kit.Run perClass =
        run(
            Map.of(
                "pgperf.clients",
                "5",
                "pgperf.Overridden.clients",
                "2",
                "pgperf.Overridden.transactionsPerClient",
                "4",
                "pgperf.Overridden.selectOnly.transactionsPerClient",
                "3",
                "pgperf.Overridden.thresholds",
                "none",
                "pgperf.Overridden.selectOnly.thresholds",
                "failures=0"),
            DeclaredFixtures.Overridden.class);
    succeeded(perClass, 1);
    RunResult byClass = (RunResult) seen("Overridden").get(0);
    assertThat(byClass.settings().clients()).isEqualTo(2);
    assertThat(byClass.totalCounts().processed()).isEqualTo(2 * 3);

    // A key for every method, here dropping all thresholds but one added after "none".
    Fixture.SEEN.clear();
    Kit.Run global =
        run(
            Map.of("pgperf.thresholds", "none, failures=0", "pgperf.transactionsPerClient", "5"),
            DeclaredFixtures.Overridden.class);
    succeeded(global, 1);
    assertThat(((RunResult) seen("Overridden").get(0)).totalCounts().processed()).isEqualTo(5);

    Kit.Run bad =
        run(
            Map.of("pgperf.Overridden.selectOnly.thresholds", "p101<=1ms"),
            DeclaredFixtures.Overridden.class);
    assertThat(failure(bad, "Overridden", "selectOnly"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "configuration parameter pgperf.Overridden.selectOnly.thresholds"
                + " has invalid value \"p101<=1ms\": ");
  }

  @Test
  void declarationWithoutPgPerfTestIsAnErrorNotIgnored() {
    Kit.Run run = run(Map.of(), DeclaredFixtures.NoClassAnnotation.class);
    assertThat(failure(run, "NoClassAnnotation", "selectOnly"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@Load on NoClassAnnotation.selectOnly needs @PgPerfTest on its class"
                + " (or an enclosing class)");
    assertThat(Fixture.SEEN).isEmpty();
  }

  @Test
  void clientSweepWithTestIsAnErrorForTheInvocationOutsideTheSweep() {
    Kit.Run run = run(Map.of(), DeclaredFixtures.SweepTwice.class);
    assertThat(failure(run, "SweepTwice", "byClients"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "@ClientSweep on SweepTwice.byClients makes the method a test of"
                + " its own; remove its other test annotation");
    // The sweep's own point still ran, at its client count.
    run.results().testEvents().assertStatistics(s -> s.started(2).succeeded(1).failed(1));
    assertThat(Fixture.SEEN.get("SweepTwice"))
        .asList()
        .singleElement()
        .satisfies(r -> assertThat(((RunResult) r).settings().clients()).isEqualTo(2));
  }

  @Test
  void clientSweepGivesOneLabelledResultPerPointAndATableThatMatchesTheFiles() throws Exception {
    Kit.Run run =
        run(Map.of(), DeclaredFixtures.Sweep.class, DeclaredFixtures.ParameterizedSweep.class);

    succeeded(run, 5);
    assertThat(
            run.results().testEvents().started().stream()
                .map(e -> e.getTestDescriptor().getDisplayName())
                .toList())
        .contains("clients=1", "clients=3", "clients=2");
    assertThat(files())
        .containsExactlyInAnyOrder(
            "Sweep-byClients-clients-1.json",
            "Sweep-byClients-clients-3.json",
            "Sweep-byClients-clients-2.json",
            "ParameterizedSweep-byClients-clients-2.json",
            "ParameterizedSweep-byClients-clients-1.json");
    RunResult three = ResultJson.read(results().resolve("Sweep-byClients-clients-3.json"));
    assertThat(three.settings().clients()).isEqualTo(3);
    assertThat(three.settings().threads()).isEqualTo(2);
    // The point is recorded as data, so the gate and the report need not read the file name.
    assertThat(three.identity().test())
        .isEqualTo(
            new TestIdentity(
                DeclaredFixtures.Sweep.class.getCanonicalName(),
                "byClients",
                "clients=3",
                Map.of("clients", 3)));
    assertThat(three.identity().test().sweepKey(three.settings().label()))
        .isEqualTo("Sweep-byClients");
    assertThat(
            ResultJson.read(results().resolve("Sweep-byClients-clients-1.json"))
                .settings()
                .threads())
        .isEqualTo(1);
    assertThat(seen("Sweep")).hasSize(3);

    System.out.print(run.out());
    assertTableMatchesFiles(run.out(), "Sweep.byClients", List.of(1, 2, 3), "Sweep-byClients");
    assertTableMatchesFiles(
        run.out(), "ParameterizedSweep.byClients", List.of(1, 2), "ParameterizedSweep-byClients");
  }

  @Test
  void theBuildChangesASweepsClientCounts() throws Exception {
    Kit.Run run =
        run(Map.of("pgperf.Sweep.byClients.clientSweep", "2, 1"), DeclaredFixtures.Sweep.class);
    succeeded(run, 2);
    assertThat(files())
        .containsExactlyInAnyOrder(
            "Sweep-byClients-clients-2.json", "Sweep-byClients-clients-1.json");

    Kit.Run bad = run(Map.of("pgperf.clientSweep", "1,0"), DeclaredFixtures.Sweep.class);
    Throwable failed =
        bad.results().containerEvents().failed().stream()
            .map(
                e ->
                    e.getPayload(TestExecutionResult.class)
                        .orElseThrow()
                        .getThrowable()
                        .orElseThrow())
            .findFirst()
            .orElseThrow();
    assertThat(failed)
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "configuration parameter pgperf.clientSweep has invalid value" + " \"1,0\"");
  }

  @Test
  void sweepPointsSharingALabelAreWarnedAbout() throws Exception {
    Kit.Run run = run(Map.of(), DeclaredFixtures.UnlabelledSweep.class);
    succeeded(run, 2);
    // Numbered as trials of one test, which the gate would compare as one: say so.
    assertThat(files())
        .containsExactlyInAnyOrder(
            "UnlabelledSweep-byClients.json", "UnlabelledSweep-byClients-trial2.json");
    assertThat(run.err())
        .contains(
            "pgperf: warning: runs of UnlabelledSweep.byClients with 1"
                + " and 2 clients have no label, so their result files are read as trials of one test;"
                + " label each client count");
    assertThat(run.out())
        .contains(
            "pgperf: UnlabelledSweep.byClients: <builtin: select only>,"
                + " tps and latency by clients");
  }

  /**
   * The printed table has one row per client count, and each row's figures are those of the result
   * file of that point, as formatted by the table.
   */
  private void assertTableMatchesFiles(
      String out, String method, List<Integer> clients, String filePrefix) throws Exception {
    int start = out.indexOf("pgperf: " + method + ": ");
    assertThat(start).as("table of %s in:%n%s", method, out).isNotNegative();
    List<String> lines = out.substring(start).lines().skip(2).limit(clients.size()).toList();
    Pattern row =
        Pattern.compile(
            " *([0-9]+) +([0-9]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9]+)");
    for (int i = 0; i < clients.size(); i++) {
      Matcher m = row.matcher(lines.get(i));
      assertThat(m.matches()).as("row %s", lines.get(i)).isTrue();
      int c = clients.get(i);
      assertThat(Integer.parseInt(m.group(1))).isEqualTo(c);
      RunResult file = ResultJson.read(results().resolve(filePrefix + "-clients-" + c + ".json"));
      SweepTable.Row expected = SweepTable.Row.of(file);
      assertThat(Integer.parseInt(m.group(2))).isEqualTo(file.settings().threads());
      assertThat(m.group(3)).isEqualTo(fixed(file.tps(), 1));
      assertThat(m.group(4)).isEqualTo(fixed(file.total().latency().meanMicros() / 1e3, 3));
      assertThat(m.group(5)).isEqualTo(fixed(file.total().latency().percentileMicros(50) / 1e3, 3));
      assertThat(m.group(6)).isEqualTo(fixed(file.total().latency().percentileMicros(99) / 1e3, 3));
      assertThat(Long.parseLong(m.group(7))).isEqualTo(file.totalCounts().failed());
      assertThat(expected.clients()).isEqualTo(c);
    }
  }

  private static String fixed(double value, int decimals) {
    return String.format(java.util.Locale.ROOT, "%." + decimals + "f", value);
  }

  /** Every test of the run succeeded, and there were {@code count}; else shows why not. */
  private static void succeeded(Kit.Run run, int count) {
    List<String> failures =
        run.results().allEvents().failed().stream()
            .map(
                e ->
                    e.getTestDescriptor().getDisplayName()
                        + ": "
                        + e.getPayload(TestExecutionResult.class)
                            .orElseThrow()
                            .getThrowable()
                            .orElseThrow())
            .toList();
    assertThat(failures).isEmpty();
    run.results().testEvents().assertStatistics(s -> s.started(count).succeeded(count));
  }

  @SuppressWarnings("unchecked")
  private static List<Object> seen(String name) {
    assertThat(Fixture.SEEN).containsKey(name);
    return (List<Object>) Fixture.SEEN.get(name);
  }

  private static Throwable failure(Kit.Run run, String fixture, String method) {
    List<Event> failed =
        run.results().testEvents().failed().stream()
            .filter(
                e ->
                    e.getTestDescriptor()
                        .getUniqueId()
                        .toString()
                        .contains("$" + fixture + "]/[method:" + method + "("))
            .toList();
    assertThat(failed).as("failed tests %s.%s", fixture, method).hasSize(1);
    return failed
        .get(0)
        .getPayload(TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow();
  }

  private List<String> files() throws Exception {
    try (Stream<Path> s = Files.list(results())) {
      return s.map(p -> p.getFileName().toString()).collect(Collectors.toList());
    }
  }
}
