package io.github.pgperf.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.goal.GoalError;
import io.github.pgperf.goal.GoalFailure;
import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.launch.ForkSettings;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison's orchestration on made-up sides: a real git repository of two commits (the base
 * checked out in a real worktree), a base build that only writes its fork plan, and test JVMs that
 * write result files of the tps a test chooses (or fail to start), judged by the real {@link
 * GateJudge}. What is asserted: the order the JVMs ran in, the confirmation step, the verdicts and
 * the messages.
 */
class ComparisonTest {

  private static final String ORDERS = "shop.OrdersPerf";
  private static final String ITEMS = "shop.ItemsPerf";

  @TempDir Path dir;

  private Path project;
  private String baseCommit;
  private final List<String> log = new ArrayList<>();
  private final List<String> annotations = new ArrayList<>();
  private final List<String> builds = new ArrayList<>();
  private int candidateAsked;
  private boolean baseHasPgperf = true;
  private FakeJvms jvms;

  private String git(String... args) throws CompareException {
    return TestGit.git(project, args);
  }

  /** A project whose origin/main is "Add the index" and whose HEAD is "Drop the index". */
  @BeforeEach
  void repository() throws Exception {
    project = dir.resolve("project");
    Files.createDirectories(project.resolve("target/test-classes"));
    git("init", "-q", "-b", "main");
    Files.writeString(project.resolve(".gitignore"), "target/\n", StandardCharsets.UTF_8);
    Files.writeString(project.resolve("pom.xml"), "with the index\n", StandardCharsets.UTF_8);
    git("add", ".");
    git("commit", "-q", "-m", "Add the index");
    baseCommit = git("rev-parse", "HEAD");
    git("update-ref", "refs/remotes/origin/main", "HEAD");
    Files.writeString(project.resolve("pom.xml"), "without the index\n", StandardCharsets.UTF_8);
    git("commit", "-q", "-am", "Drop the index");
    jvms = new FakeJvms(List.of(ORDERS), List.of(ORDERS));
  }

  private static ForkSettings fork(Path directory, Map<String, String> properties) {
    return new ForkSettings(
        Path.of("/jdk/bin/java"),
        List.of("-XX:+UseSerialGC"),
        properties,
        Map.of(),
        directory,
        List.of(directory.resolve("target/test-classes")),
        Duration.ofMinutes(10),
        directory.resolve("target/pgperf"));
  }

  private CompareSettings settings(
      int pairs, Integer confirmationPairs, String server, String alternate) {
    Path output = project.resolve("target/pgperf");
    return new CompareSettings(
        null,
        pairs,
        confirmationPairs,
        true,
        "30min",
        server,
        "5min",
        alternate,
        CompareSettings.DEFAULT_SLICE_DURATION,
        null,
        "warn",
        "warn",
        GateSettings.defaults(),
        new CompareSettings.Directories(project, project, output, output.resolve("results")));
  }

  /** Slices of {@code sliceDuration} on each side's own server. */
  private CompareSettings sliced(int pairs, Integer confirmationPairs, String sliceDuration) {
    return settings(pairs, confirmationPairs, SharedServer.OWN, "class")
        .withAlternation("slice", sliceDuration);
  }

  /** Slices of 2 s whose pairs come until the verdicts settle, within {@code compareTime}. */
  private CompareSettings sequential(String compareTime) {
    return sliced(12, null, "2s").withCompareTime(compareTime);
  }

  /** The comparison's id, from the build id the base's test JVM was given. */
  private String compareId() {
    String build = jvms.settings.get(Side.BASE).systemProperties().get("pgperf.build");
    return build.substring(0, build.length() - "-base".length());
  }

  /** The calls {@link SliceOrder} makes of these pairs and classes, drawn from the id. */
  private List<String> drawn(int first, int pairs, List<String> classes) {
    List<String> expected = new ArrayList<>();
    for (int pair = first; pair < first + pairs; pair++) {
      for (String c : classes) {
        String simple = c.substring(c.lastIndexOf('.') + 1);
        boolean baseFirst = SliceOrder.baseFirst(compareId(), pair, c);
        expected.add((baseFirst ? "A" : "B") + pair + " " + simple);
        expected.add((baseFirst ? "B" : "A") + pair + " " + simple);
      }
    }
    return expected;
  }

  private CompareSettings settings(int pairs) {
    return settings(pairs, null, SharedServer.OWN, "class");
  }

  private Comparison comparison(CompareSettings settings) {
    Candidate candidate =
        new Candidate(
            new TestSelection(List.of("performance"), List.of(), List.of(), 1),
            fork(
                project,
                Map.of(
                    "pgperf.url", "jdbc:postgresql://db.test/shop", "pgperf.build", "this-build")),
            project.resolve("target/test-classes"),
            false);
    BaseBuilder builder =
        (root, module, buildLog, forkPlan, timeout) -> {
          builds.add(project.relativize(root) + "|" + module + "|" + timeout);
          // The worktree holds the base commit.
          assertThat(root.resolve("pom.xml")).hasContent("with the index");
          try {
            new ForkPlan(
                    root.resolve("target/test-classes"),
                    fork(
                        root,
                        Map.of(ForkPlan.FILE_PROPERTY, forkPlan.toString(), "pgperf.trials", "3")),
                    baseHasPgperf)
                .write(forkPlan);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          return forkPlan;
        };
    return new Comparison(
        settings,
        () -> {
          candidateAsked++;
          return candidate;
        },
        builder,
        jvms,
        Map.of(),
        annotations::add,
        GoalLog.of(
            l -> log.add("INFO " + l), l -> log.add("WARN " + l), l -> log.add("ERROR " + l)));
  }

  /** The log's lines of one level, without the level. */
  private List<String> logged(String level) {
    return log.stream()
        .filter(l -> l.startsWith(level + " "))
        .map(l -> l.substring(level.length() + 1))
        .toList();
  }

  private List<String> files(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aCandidateSlowerOnEveryPairFailsOnceMorePairsConfirmIt() throws Exception {
    jvms.tps = (side, pair) -> side == Side.BASE ? 1000.0 : 700.0;
    assertThatThrownBy(() -> comparison(settings(3)).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessageStartingWith(
            "pgperf compare failed against "
                + baseCommit.substring(0, 12)
                + ":\n  REGRESSION: OrdersPerf-run")
        .hasMessageEndingWith("\n  report: " + project.resolve("target/pgperf/report.html"));
    // Each side finds its tests, then the pairs alternate A B B A A B; the confirmation's pairs
    // go on from pair 4 in the same alternation.
    assertThat(jvms.calls)
        .containsExactly(
            "find base",
            "find candidate",
            "A1",
            "B1",
            "B2",
            "A2",
            "A3",
            "B3",
            "B4",
            "A4",
            "A5",
            "B5",
            "B6",
            "A6");
    assertThat(logged("INFO"))
        .contains(
            "pgperf compare: compares with "
                + baseCommit.substring(0, 12)
                + " \"Add the index\" (the merge base of HEAD and origin/main; set pgperf.base to"
                + " choose another)",
            "pgperf compare: 3 pairs, test JVMs in the order A B B A A B (A the base, B the"
                + " candidate); results in "
                + project.resolve("target/pgperf/results/base")
                + " and "
                + project.resolve("target/pgperf/results/candidate"),
            "pgperf compare: pair 1, base (" + baseCommit.substring(0, 12) + ")",
            "pgperf compare: pair 1, candidate (the working tree)",
            "pgperf compare: 3 more pairs of OrdersPerf, test JVMs in the order" + " B A A B B A");
    assertThat(logged("WARN"))
        .contains(
            "pgperf compare: REGRESSION on the first 3 pairs in"
                + " OrdersPerf-run: confirming with 3 more pairs of OrdersPerf before the build fails");
    assertThat(logged("ERROR"))
        .singleElement()
        .asString()
        .startsWith("pgperf compare: fails the build: ");
    // Each pair's files under its side, named by the pair, as the gate reads trials.
    assertThat(files(project.resolve("target/pgperf/results/candidate")))
        .containsExactly(
            "OrdersPerf-run-trial2.json",
            "OrdersPerf-run-trial3.json",
            "OrdersPerf-run-trial4.json",
            "OrdersPerf-run-trial5.json",
            "OrdersPerf-run-trial6.json",
            "OrdersPerf-run.json");
    assertThat(Files.readAllLines(project.resolve("target/pgperf/check.md")).get(0))
        .isEqualTo(
            "pgperf: compared with "
                + baseCommit.substring(0, 12)
                + " (the merge base of HEAD and"
                + " origin/main) on this runner, interleaved, 6 pairs; confirmed: OrdersPerf-run on"
                + " all 6 pairs (3 first, then 3 more).");
    // The base was built once, in its worktree, which is gone afterwards.
    assertThat(builds).containsExactly("target/pgperf/base||PT30M");
    assertThat(project.resolve("target/pgperf/base")).doesNotExist();
    assertThat(annotations).isEmpty();
  }

  @Test
  void anUnchangedCandidatePassesOnItsFirstPairs() throws Exception {
    comparison(settings(4)).run();
    assertThat(jvms.calls)
        .containsExactly(
            "find base", "find candidate", "A1", "B1", "B2", "A2", "A3", "B3", "B4", "A4");
    assertThat(logged("INFO"))
        .contains(
            "pgperf compare: base: 1 tests x 4 pairs, 0 failed runs",
            "pgperf compare: candidate: 1 tests x 4 pairs, 0 failed runs",
            "pgperf compare: pgperf: compared with "
                + baseCommit.substring(0, 12)
                + " (the merge"
                + " base of HEAD and origin/main) on this runner, interleaved, 4 pairs.",
            "pgperf compare: report: " + project.resolve("target/pgperf/report.html"));
    assertThat(log).noneMatch(l -> l.contains("confirming")).noneMatch(l -> l.startsWith("ERROR"));
  }

  @Test
  void aRegressionTheConfirmingPairsDoNotShowPasses() throws Exception {
    // Slower on the first 3 pairs only: the machine, not the change.
    jvms.tps = (side, pair) -> side == Side.CANDIDATE && pair <= 3 ? 700.0 : 1000.0;
    comparison(settings(3, 12, SharedServer.OWN, "class")).run();
    assertThat(jvms.calls).hasSize(2 + 2 * 15).endsWith("B14", "A14", "A15", "B15");
    assertThat(logged("WARN"))
        .contains(
            "pgperf compare: REGRESSION on the first 3 pairs in"
                + " OrdersPerf-run: confirming with 12 more pairs of OrdersPerf before the build fails");
    assertThat(logged("INFO"))
        .anyMatch(
            l ->
                l.startsWith(
                    "pgperf compare: pgperf: compared with "
                        + baseCommit.substring(0, 12)
                        + " (the merge base of HEAD and origin/main) on this"
                        + " runner, interleaved, 15 pairs; not confirmed: OrdersPerf-run on all 15 pairs"
                        + " (3 first, then 12 more): the first pairs' REGRESSION did not hold."));
    assertThat(log).noneMatch(l -> l.startsWith("ERROR"));
  }

  @Test
  void aPairMemberThatFailedToStartFailsNamingItsSideAndPairAndRunsNoMore() throws Exception {
    jvms.broken.put("B2", 1);
    assertThatThrownBy(() -> comparison(settings(3)).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessage(
            "pgperf compare: the candidate test JVM of pair 2 ended with exit status 1:"
                + " Error: Could not find or load main class io.github.pgperf.launch.ForkMain");
    assertThat(jvms.calls).containsExactly("find base", "find candidate", "A1", "B1", "B2");
    assertThat(project.resolve("target/pgperf/base")).doesNotExist();
    assertThat(project.resolve("target/pgperf/check.md")).doesNotExist();
  }

  @Test
  void eachClassAlternatesOnItsOwnAndAClassOnOneSideRunsThere() throws Exception {
    jvms = new FakeJvms(List.of(ITEMS, ORDERS), List.of(ITEMS, ORDERS, "shop.CartPerf"));
    comparison(settings(2)).run();
    // Pair 1: CartPerf (candidate only) A B -> B, ItemsPerf B A, OrdersPerf A B; pair 2 the other
    // way round.
    assertThat(jvms.calls)
        .containsExactly(
            "find base",
            "find candidate",
            "B1 CartPerf",
            "B1 ItemsPerf",
            "A1 ItemsPerf",
            "A1 OrdersPerf",
            "B1 OrdersPerf",
            "B2 CartPerf",
            "A2 ItemsPerf",
            "B2 ItemsPerf",
            "B2 OrdersPerf",
            "A2 OrdersPerf");
    assertThat(logged("INFO"))
        .contains(
            "pgperf compare: 2 pairs, test JVMs in the order"
                + " B B A A B B A B B A (A the base, B the candidate), a pair of test JVMs per test class"
                + " in each pair (CartPerf, ItemsPerf, OrdersPerf; pgperf.alternate=jvm: a pair of test"
                + " JVMs with every class); results in "
                + project.resolve("target/pgperf/results/base")
                + " and "
                + project.resolve("target/pgperf/results/candidate"),
            "pgperf compare: pair 1, candidate (the working tree): CartPerf");
    assertThat(logged("WARN")).anyMatch(l -> l.contains("NEW") && l.contains("CartPerf"));
  }

  @Test
  void wholeJvmsAlternateWithoutDiscoveryAndConfirmOnlyTheClassThatRegressed() throws Exception {
    jvms = new FakeJvms(List.of(ITEMS, ORDERS), List.of(ITEMS, ORDERS));
    jvms.tps = (side, pair) -> side == Side.CANDIDATE ? 700.0 : 1000.0;
    jvms.slowClass = ORDERS;
    assertThatThrownBy(() -> comparison(settings(3, 2, SharedServer.OWN, "jvm")).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessageContaining("REGRESSION: OrdersPerf-run")
        .message()
        .doesNotContain("ItemsPerf");
    assertThat(jvms.calls)
        .containsExactly(
            "A1 ItemsPerf,OrdersPerf",
            "B1 ItemsPerf,OrdersPerf",
            "B2 ItemsPerf,OrdersPerf",
            "A2 ItemsPerf,OrdersPerf",
            "A3 ItemsPerf,OrdersPerf",
            "B3 ItemsPerf,OrdersPerf",
            "B4 OrdersPerf",
            "A4 OrdersPerf",
            "A5 OrdersPerf",
            "B5 OrdersPerf");
  }

  @Test
  void bothSidesRunOnTheSharedServerEachInItsDatabaseAndItStopsAtTheEnd() throws Exception {
    comparison(settings(1, null, SharedServer.SHARED, "class")).run();
    assertThat(jvms.serverClosed).isTrue();
    jvms.serverClosed = false;
    jvms.broken.put("B1", 1);
    assertThatThrownBy(() -> comparison(settings(1, null, SharedServer.SHARED, "class")).run())
        .isInstanceOf(GoalFailure.class);
    assertThat(jvms.serverClosed).isTrue();
    // The server JVM starts with the candidate's settings, in a directory of its own.
    assertThat(jvms.serverSettings.outputDirectory())
        .isEqualTo(project.resolve("target/pgperf/compare/server"));
    for (Side side : Side.values()) {
      Map<String, String> p = jvms.settings.get(side).systemProperties();
      assertThat(p)
          .containsEntry("pgperf.provider", "EXTERNAL")
          .containsEntry("pgperf.url", "jdbc:postgresql://127.0.0.1:5432/db_" + side.label())
          .containsEntry("pgperf.sharedServer.provider", "EMBEDDED");
      assertThat(p.get("pgperf.build")).endsWith("-" + side.label());
      assertThat(jvms.settings.get(side).outputDirectory())
          .isEqualTo(project.resolve("target/pgperf/compare/" + side.label()));
    }
    assertThat(logged("INFO"))
        .anyMatch(
            l ->
                l.startsWith(
                    "pgperf compare: both sides run on one"
                        + " server, embedded PostgreSQL 15, each in a database of its own"));
  }

  @Test
  void withTheirOwnServersBothSidesGetTheSessionsUrlAndNotTheBaseBuildsInstructions()
      throws Exception {
    comparison(settings(1)).run();
    assertThat(jvms.serverSettings).isNull();
    assertThat(logged("INFO"))
        .contains(
            "pgperf compare: each side uses the server its tests"
                + " configure (pgperf.compareServer=own)");
    Map<String, String> base = jvms.settings.get(Side.BASE).systemProperties();
    assertThat(base)
        .containsEntry("pgperf.url", "jdbc:postgresql://db.test/shop")
        .containsEntry("pgperf.trials", "3")
        .doesNotContainKey(ForkPlan.FILE_PROPERTY);
    assertThat(base.get("pgperf.build")).endsWith("-base");
    assertThat(jvms.settings.get(Side.CANDIDATE).systemProperties().get("pgperf.build"))
        .isEqualTo(base.get("pgperf.build").replace("-base", "-candidate"));
  }

  @Test
  void noBaseFailsTheBuildOrWithFailIfNoBaseFalseWarnsWithoutResolvingTheCandidate()
      throws Exception {
    git("update-ref", "-d", "refs/remotes/origin/main");
    assertThatThrownBy(() -> comparison(settings(2)).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessageStartingWith(
            "pgperf compare: no base to compare with: neither origin/main"
                + " nor origin/master exists in ");
    comparison(settings(2).withFailIfNoBase(false)).run();
    assertThat(logged("WARN"))
        .singleElement()
        .asString()
        .startsWith("pgperf compare: no base to compare with");
    assertThat(candidateAsked).isZero();
    assertThat(jvms.calls).isEmpty();
  }

  @Test
  void aBaseWithoutPgperfWarnsAndRunsNoTestJvm() throws Exception {
    baseHasPgperf = false;
    comparison(settings(2)).run();
    assertThat(logged("WARN"))
        .containsExactly(
            "pgperf compare: the base revision "
                + baseCommit.substring(0, 12)
                + " does not use pgperf (no pgperf-harness on its test"
                + " class path): nothing to compare with");
    assertThat(jvms.calls).isEmpty();
    assertThat(project.resolve("target/pgperf/base")).doesNotExist();
  }

  @Test
  void aBaseWithoutTestsWarnsAfterItsDiscovery() throws Exception {
    jvms = new FakeJvms(List.of(), List.of(ORDERS));
    comparison(settings(2)).run();
    assertThat(logged("WARN"))
        .containsExactly(
            "pgperf compare: the base revision "
                + baseCommit.substring(0, 12)
                + " has pgperf but no performance test matches (tag"
                + " performance): nothing to compare with");
    assertThat(jvms.calls).containsExactly("find base");
  }

  @Test
  void badSettingsAreNamedBeforeAnythingRuns() {
    CompareSettings s = settings(2);
    assertThatThrownBy(() -> comparison(s.withBaseBuildTimeout("forever")).run())
        .isInstanceOf(GoalError.class)
        .hasMessageStartingWith("pgperf compare: pgperf.baseBuildTimeout");
    assertThatThrownBy(() -> comparison(settings(2, null, SharedServer.OWN, "test")).run())
        .isInstanceOf(GoalError.class)
        .hasMessageStartingWith("pgperf compare: pgperf.alternate has invalid value \"test\"");
    assertThatThrownBy(() -> comparison(settings(0)).run())
        .isInstanceOf(GoalError.class)
        .hasMessage("pgperf compare: pgperf.pairs must be at least 1, not 0");
    assertThatThrownBy(() -> comparison(settings(2, -1, SharedServer.OWN, "class")).run())
        .isInstanceOf(GoalError.class)
        .hasMessageStartingWith(
            "pgperf compare: pgperf.confirmationPairs must be 0 (no confirmation) or more");
    assertThat(builds).isEmpty();
    assertThat(log).isEmpty();
  }

  @Test
  void slicesRunInOneWarmJvmPerSideAfterAWarmUpInTheOrderDrawnFromTheComparisonsId()
      throws Exception {
    jvms = new FakeJvms(List.of(ITEMS, ORDERS), List.of(ITEMS, ORDERS));
    comparison(sliced(6, null, "3s")).run();
    List<String> expected =
        new ArrayList<>(
            List.of(
                "start A",
                "start B",
                "warm A ItemsPerf",
                "warm B ItemsPerf",
                "warm A OrdersPerf",
                "warm B OrdersPerf"));
    expected.addAll(drawn(1, 6, List.of(ITEMS, ORDERS)));
    expected.addAll(List.of("end A", "end B"));
    // No JVM only discovers, none starts per pair; both end once the verdicts are in.
    assertThat(jvms.calls).containsExactlyElementsOf(expected);
    List<String> pairs = jvms.calls.subList(6, 6 + 24);
    // Each test runs for the slice, whatever its own length (pgperf.slice.duration; and
    // pgperf.duration for an older harness); the warm-up slices with each test's own warm-up, the
    // measured ones with none.
    for (Side side : Side.values()) {
      assertThat(jvms.settings.get(side).systemProperties())
          .containsEntry("pgperf.slice.duration", "3s")
          .containsEntry("pgperf.duration", "3s");
    }
    assertThat(jvms.warmups)
        .hasSize(4 + 24)
        .allSatisfy(
            (call, warmup) -> assertThat(warmup).isEqualTo(call.startsWith("warm") ? "own" : "0s"));
    // The log records the order and its seed; the report reads it from the files' start times.
    assertThat(logged("INFO"))
        .contains(
            "pgperf compare: 6 pairs of 3-s slices, test JVMs in the order "
                + String.join(" ", pairs.stream().map(c -> c.substring(0, 1)).toList())
                + " (A the base, B the candidate), in a warm test JVM per side; which side runs"
                + " first is drawn at random for each pair and class, seeded by the comparison's id "
                + compareId()
                + "; a slice of each class per side in each pair (ItemsPerf, OrdersPerf); results"
                + " in "
                + project.resolve("target/pgperf/results/base")
                + " and "
                + project.resolve("target/pgperf/results/candidate"),
            "pgperf compare: warming up: one unmeasured slice of each class on each side, its"
                + " results discarded",
            "pgperf compare: pair 1, base (" + baseCommit.substring(0, 12) + "): ItemsPerf")
        .anyMatch(
            l -> l.matches("pgperf compare: 6 pairs of slices in [0-9.]+ s, [0-9.]+ s a pair"));
    // Every measured slice's files, under its side and pair; the warm-up's are gone.
    assertThat(files(project.resolve("target/pgperf/results/base")))
        .hasSize(12)
        .contains("ItemsPerf-run.json", "OrdersPerf-run.json", "OrdersPerf-run-trial6.json");
    assertThat(project.resolve("target/pgperf/compare/base/warm-up")).doesNotExist();
    assertThat(Files.readAllLines(project.resolve("target/pgperf/check.md")).get(0))
        .endsWith("on this runner, interleaved, 6 pairs.");
  }

  @Test
  void aRegressionInSlicesIsConfirmedBySlicesOfTheLiveJvms() throws Exception {
    jvms = new FakeJvms(List.of(ITEMS, ORDERS), List.of(ITEMS, ORDERS));
    jvms.tps = (side, pair) -> side == Side.CANDIDATE ? 700.0 : 1000.0;
    jvms.slowClass = ORDERS;
    assertThatThrownBy(() -> comparison(sliced(4, 3, "2s")).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessageContaining("REGRESSION: OrdersPerf-run")
        .message()
        .doesNotContain("ItemsPerf");
    List<String> expected = new ArrayList<>(drawn(1, 4, List.of(ITEMS, ORDERS)));
    expected.addAll(drawn(5, 3, List.of(ORDERS)));
    expected.addAll(List.of("end A", "end B"));
    // The confirming slices go to the same two JVMs, only of the class that regressed.
    assertThat(jvms.calls.subList(6, jvms.calls.size())).containsExactlyElementsOf(expected);
    // Without a warm-up, as the first pairs' slices.
    assertThat(jvms.warmups)
        .containsEntry("A7 OrdersPerf", "0s")
        .containsEntry("B7 OrdersPerf", "0s");
    assertThat(jvms.calls.stream().filter(c -> c.startsWith("start"))).hasSize(2);
    assertThat(logged("INFO"))
        .anyMatch(
            l ->
                l.startsWith(
                    "pgperf compare: 3 more pairs of OrdersPerf, test JVMs in the" + " order "));
    assertThat(files(project.resolve("target/pgperf/results/candidate")))
        .contains("OrdersPerf-run-trial7.json")
        .doesNotContain("ItemsPerf-run-trial5.json");
  }

  @Test
  void sequentialSlicesStopEachClassOnceItsVerdictsSettle() throws Exception {
    jvms = new FakeJvms(List.of(ITEMS, ORDERS), List.of(ITEMS, ORDERS));
    // 40 s of 2-s slices of one test a side: a cap of 10 pairs per class.
    comparison(sequential("40s")).run();
    // An unchanged candidate with 1% noise between the sides settles as PASS well before the cap,
    // each class on its own: first 4 pairs of both, then blocks of 2 of a class not yet settled.
    assertThat(jvms.calls.subList(6, 6 + 16))
        .containsExactlyElementsOf(drawn(1, 4, List.of(ITEMS, ORDERS)));
    assertThat(jvms.calls).endsWith("end A", "end B");
    int items = pairsOf("ItemsPerf");
    int orders = pairsOf("OrdersPerf");
    assertThat(List.of(items, orders)).allSatisfy(n -> assertThat(n).isEven().isBetween(4, 8));
    assertThat(logged("INFO"))
        .contains(
            "pgperf compare: each test class gets 4 pairs, then 2 more at a time until its timing"
                + " verdicts settle, at most 40 s of slices (pgperf.compareTime; pgperf.pairs=N"
                + " runs N pairs instead)")
        .anyMatch(
            l ->
                l.contains(
                    "each class's pairs until its timing verdicts settled or it reached its cap, at most 40 s"
                        + " of slices"
                        + " (pgperf.compareTime): ItemsPerf "
                        + items
                        + " of 10, OrdersPerf "
                        + orders
                        + " of 10"));
    assertThat(Files.readString(project.resolve("target/pgperf/check.md")))
        .contains("PASS")
        .doesNotContain("INCONCLUSIVE");
    // The default minimum effect (5%) is below what two sides may differ by: said before the pairs.
    assertThat(logged("WARN"))
        .anyMatch(
            l ->
                l.startsWith(
                        "pgperf compare: the minimum effect is 5%, and slices measure each side")
                    && l.endsWith(
                        "a minimum effect of at least 15% keeps it from failing the build"
                            + " (pgperf.minimumEffect)"));
  }

  @Test
  void sequentialSlicesGoOnOnlyForTheClassThatRegressedUntilItIsClear() throws Exception {
    jvms = new FakeJvms(List.of(ITEMS, ORDERS), List.of(ITEMS, ORDERS));
    jvms.tps = (side, pair) -> side == Side.CANDIDATE ? 700.0 : 1000.0;
    jvms.slowClass = ORDERS;
    assertThatThrownBy(() -> comparison(sequential("40s")).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessageContaining("REGRESSION: OrdersPerf-run")
        .message()
        .doesNotContain("ItemsPerf");
    // OrdersPerf gets blocks of 2 more until its always-valid p-value reaches the level of 6
    // comparisons (not at 4 pairs: the looks cannot reach it so soon), and never more than its
    // cap; ItemsPerf stops when it settles, on its own.
    int orders = pairsOf("OrdersPerf");
    assertThat(orders).isEven().isBetween(6, 10);
    assertThat(pairsOf("ItemsPerf")).isEven().isBetween(4, 8);
    List<String> ordersSlices =
        jvms.calls.stream().filter(c -> c.matches("[AB][0-9]+ OrdersPerf")).toList();
    assertThat(ordersSlices.subList(8, ordersSlices.size()))
        .containsExactlyElementsOf(drawn(5, orders - 4, List.of(ORDERS)));
    assertThat(logged("INFO"))
        .anyMatch(
            l ->
                l.startsWith("pgperf compare: after 4 pairs, not settled: ")
                    && l.contains("OrdersPerf-run tps (")
                    && l.contains("more pairs of")
                    && l.contains("OrdersPerf 10"))
        .anyMatch(l -> l.contains(", OrdersPerf " + orders + " of 10"))
        // Once it failed the build, no class got more pairs, and the line says which decided.
        .anyMatch(
            l ->
                l.contains(", OrdersPerf " + orders + " of 10; no more pairs once OrdersPerf-run ")
                    && l.contains(" failed the build"))
        // The time of all the pairs, not only of the first 4.
        .anyMatch(
            l ->
                l.matches(
                    "pgperf compare: "
                        + orders
                        + " pairs of slices in [0-9.]+ s, [0-9.]+ s a pair"));
    // No confirmation: the sequential p-values hold wherever a class stopped.
    assertThat(logged("WARN")).noneMatch(l -> l.contains("confirming"));
  }

  @Test
  void sequentialSlicesGoOnWithOnlyTheTestsNotSettled() throws Exception {
    jvms = new FakeJvms(List.of(ORDERS), List.of(ORDERS));
    // OrdersPerf's second test is 40% off at random in each pair; its first settles after a few.
    jvms.restlessTest = "lookup";
    // 80 s of 2-s slices of two tests a side: a cap of 10 pairs.
    comparison(sequential("80s")).run();
    int pairs = pairsOf("OrdersPerf");
    Path candidate = project.resolve("target/pgperf/results/candidate");
    int settled =
        (int) files(candidate).stream().filter(f -> f.startsWith("OrdersPerf-run")).count();
    assertThat(settled).isEven().isBetween(4, pairs - 2);
    assertThat(files(candidate))
        .contains("OrdersPerf-lookup-trial" + pairs + ".json")
        .doesNotContain("OrdersPerf-run-trial" + (settled + 1) + ".json");
    // Up to the look that settled it, slices of the whole class; after it, of the open test only.
    for (int pair = 1; pair <= pairs; pair++) {
      for (String side : List.of("A", "B")) {
        assertThat(jvms.narrowed.get(side + pair + " OrdersPerf"))
            .as("pair %d, %s", pair, side)
            .isEqualTo(pair <= settled ? null : List.of(ORDERS + "#lookup"));
      }
    }
    assertThat(logged("INFO"))
        .anyMatch(
            l ->
                l.startsWith("pgperf compare: after " + settled + " pairs, not settled: ")
                    && l.contains("OrdersPerf-lookup tps (")
                    && !l.contains("OrdersPerf-run ")
                    && l.endsWith("(at most OrdersPerf 10), slices of only those tests"))
        .anyMatch(l -> l.contains("(pgperf.compareTime): OrdersPerf " + pairs + " of 10"));
    String check = Files.readString(project.resolve("target/pgperf/check.md"));
    assertThat(check).contains("PASS").contains("INCONCLUSIVE");
  }

  /** The pairs the candidate's slices of {@code simpleName} ran (one per pair). */
  private int pairsOf(String simpleName) {
    return (int) jvms.calls.stream().filter(c -> c.matches("B[0-9]+ " + simpleName)).count();
  }

  @Test
  void sequentialSlicesThatNeverSettleStopAtTheCapAndSayWhatWouldGiveMore() throws Exception {
    // Each pair's candidate 40% faster or slower at random: nothing settles in 10 pairs.
    jvms.tps =
        (side, pair) ->
            side == Side.BASE
                ? 1000.0
                : 1000.0 * Math.exp(0.4 * Fixtures.gaussian(new SplittableRandom(pair)));
    comparison(sequential("40s")).run();
    assertThat(jvms.calls.stream().filter(c -> c.startsWith("B")).count()).isEqualTo(10);
    assertThat(logged("WARN"))
        .anyMatch(
            l ->
                l.contains("OrdersPerf-run: tps inconclusive: these pairs could only detect")
                    && l.contains("10 pairs interleaved")
                    && l.contains("allow more pairs with pgperf.compareTime"));
  }

  @Test
  void badCompareTimesAreNamedBeforeAnythingRuns() {
    for (String bad : List.of("0s", "1.5s", "soon")) {
      assertThatThrownBy(() -> comparison(sequential(bad)).run())
          .isInstanceOf(GoalError.class)
          .hasMessageStartingWith("pgperf compare: pgperf.compareTime: '" + bad + "'");
    }
    assertThat(builds).isEmpty();
  }

  @Test
  void aWarmJvmThatDiesFailsNamingItsSideClassAndOutputAndBothEnd() throws Exception {
    jvms.broken.put("B2", 137);
    assertThatThrownBy(() -> comparison(sliced(4, null, "2s")).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessage(
            "pgperf compare: the candidate's warm test JVM (pair 2's slice of OrdersPerf) ended"
                + " with exit status 137: java.lang.OutOfMemoryError: Java heap space; its output: "
                + project.resolve("target/pgperf/compare/candidate/test-jvm.log"));
    assertThat(jvms.calls).contains("B2 OrdersPerf").endsWith("end A", "end B");
    int died = jvms.calls.indexOf("B2 OrdersPerf");
    // Nothing runs after it; both JVMs are told to end (the dead one is only reaped).
    assertThat(jvms.calls.subList(died + 1, jvms.calls.size())).containsExactly("end A", "end B");
    assertThat(project.resolve("target/pgperf/check.md")).doesNotExist();
  }

  @Test
  void aSliceThatHangsIsKilledAtTheTimeoutAndNamedAlsoInTheWarmUp() throws Exception {
    jvms.hung.add("A3");
    assertThatThrownBy(() -> comparison(sliced(4, null, "2s")).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessage(
            "pgperf compare: the base's warm test JVM (pair 3's slice of OrdersPerf) ran longer"
                + " than pgperf.forkTimeout and was killed while running OrdersPerf.run (trial 3);"
                + " its output: "
                + project.resolve("target/pgperf/compare/base/test-jvm.log"));
    assertThat(jvms.calls).endsWith("A3 OrdersPerf", "end A", "end B");

    jvms = new FakeJvms(List.of(ORDERS), List.of(ORDERS));
    jvms.broken.put("warm B", 1);
    assertThatThrownBy(() -> comparison(sliced(4, null, "2s")).run())
        .isInstanceOf(GoalFailure.class)
        .hasMessageStartingWith(
            "pgperf compare: the candidate's warm test JVM (the warm-up slice of OrdersPerf)"
                + " ended with exit status 1");
    assertThat(jvms.calls)
        .containsExactly(
            "start A", "start B", "warm A OrdersPerf", "warm B OrdersPerf", "end A", "end B");
  }

  @Test
  void slicesRunOnTheSharedServerEachSideAtItsDatabase() throws Exception {
    CompareSettings s = sliced(2, null, "2s").withCompareServer(SharedServer.SHARED);
    comparison(s).run();
    for (Side side : Side.values()) {
      assertThat(jvms.settings.get(side).systemProperties())
          .containsEntry("pgperf.url", "jdbc:postgresql://127.0.0.1:5432/db_" + side.label())
          .containsEntry("pgperf.provider", "EXTERNAL")
          .containsEntry("pgperf.duration", "2s");
    }
    assertThat(jvms.serverClosed).isTrue();
    assertThat(jvms.calls).endsWith("end A", "end B");
  }

  @Test
  void badSliceDurationsAreNamedBeforeAnythingRuns() {
    for (String bad : List.of("0s", "1.5s", "soon")) {
      assertThatThrownBy(() -> comparison(sliced(2, null, bad)).run())
          .isInstanceOf(GoalError.class)
          .hasMessageStartingWith("pgperf compare: pgperf.sliceDuration: '" + bad + "' is not");
    }
    assertThat(builds).isEmpty();
    assertThat(CompareSettings.defaultPairs("slice", 5)).isEqualTo(12);
    assertThat(CompareSettings.defaultPairs("class", 5)).isEqualTo(5);
  }

  /**
   * Test JVMs that write made-up results: each class has one test, {@code run}, whose runs have the
   * tps {@link #tps} gives their side and pair (only in {@link #slowClass}, when set), off by a
   * drift the pair's two runs share and a small noise of their own.
   */
  private final class FakeJvms implements TestJvms {

    final Map<Side, List<String>> classes = new HashMap<>();
    TestTps tps = (side, pair) -> 1000.0;
    String slowClass;

    /**
     * A second test of every class, when set: its candidate's tps is off by up to 40% at random in
     * each pair, so its verdicts never settle.
     */
    String restlessTest;

    /** The tests each slice was narrowed to ({@code B5 OrdersPerf} to its methods), when some. */
    final Map<String, List<String>> narrowed = new HashMap<>();

    /** Pair members that fail to start ({@code B2}), with their exit status. */
    final Map<String, Integer> broken = new HashMap<>();

    /** Slices that run past their timeout ({@code A3}). */
    final java.util.Set<String> hung = new java.util.HashSet<>();

    /** What ran, in order: {@code find base}, {@code A1}, {@code B1 ItemsPerf} ... */
    final List<String> calls = new ArrayList<>();

    /** Each slice's warm-up ({@code own}: each test's), by call. */
    final Map<String, String> warmups = new HashMap<>();

    /** The settings each side's last test JVM had. */
    final Map<Side, ForkSettings> settings = new HashMap<>();

    ForkSettings serverSettings;
    boolean serverClosed;
    private int started;

    FakeJvms(List<String> base, List<String> candidate) {
      classes.put(Side.BASE, base);
      classes.put(Side.CANDIDATE, candidate);
    }

    @Override
    public TestRun run(
        Side side,
        Path testClasses,
        TestSelection selection,
        int pair,
        ForkSettings settings,
        Consumer<String> output)
        throws IOException {
      this.settings.put(side, settings);
      List<String> ran = classes.get(side).stream().filter(c -> selected(c, selection)).toList();
      String member = (side == Side.BASE ? "A" : "B") + pair;
      calls.add(
          member
              + (classes.get(side).size() > 1 || ran.size() > 1
                  ? " " + ClassesBySide.simpleNames(ran).replace(", ", ",")
                  : ""));
      output.accept("running " + member);
      if (broken.containsKey(member)) {
        return report(
            List.of(),
            List.of(),
            broken.get(member),
            "Error: Could not find or load main class io.github.pgperf.launch.ForkMain");
      }
      Path staged = Path.of(settings.systemProperties().get("pgperf.results"));
      return report(ran, write(side, pair, ran, List.of(), staged, settings), 0, "");
    }

    /**
     * Writes the runs of {@code ran}'s tests (of a class with some in {@code methods}, only those)
     * as trial {@code pair}, returning their outcomes.
     */
    private List<TestRun.Outcome> write(
        Side side,
        int pair,
        List<String> ran,
        List<String> methods,
        Path staged,
        ForkSettings settings)
        throws IOException {
      List<TestRun.Outcome> outcomes = new ArrayList<>();
      for (String c : ran) {
        List<String> tests = restlessTest == null ? List.of("run") : List.of("run", restlessTest);
        boolean narrowed = methods.stream().anyMatch(m -> m.startsWith(c + "#"));
        for (String test : tests) {
          if (!narrowed || methods.contains(c + "#" + test)) {
            outcomes.add(write(side, pair, c, test, staged, settings));
          }
        }
      }
      return outcomes;
    }

    /** Writes one run of class {@code c}'s {@code test} as trial {@code pair}. */
    private TestRun.Outcome write(
        Side side, int pair, String c, String test, Path staged, ForkSettings settings)
        throws IOException {
      String simple = c.substring(c.lastIndexOf('.') + 1);
      SplittableRandom drift = new SplittableRandom(pair * 1_000L + c.hashCode());
      double factor = Math.exp(0.2 * Fixtures.gaussian(drift));
      SplittableRandom noise =
          new SplittableRandom(pair * 7_919L + side.ordinal() + 31L * c.hashCode());
      factor *= Math.exp(0.01 * Fixtures.gaussian(noise));
      double sideTps = slowClass == null || slowClass.equals(c) ? tps.of(side, pair) : 1000.0;
      if (test.equals(restlessTest) && side == Side.CANDIDATE) {
        sideTps *=
            Math.exp(0.4 * Fixtures.gaussian(new SplittableRandom(pair * 31L + c.hashCode())));
      }
      RunResult r =
          Fixtures.run(
                  sideTps / factor,
                  4_000 * factor * 1000.0 / sideTps,
                  noise.nextLong(),
                  Fixtures.server(Fixtures.VERSION),
                  Instant.parse("2026-12-07T00:00:00Z").plusSeconds(30L * started++))
              // Unlabelled, so its key is the file's name, as a test's own run's is.
              .withSettings(Fixtures.workload(4, null))
              .withIdentity(
                  new RunIdentity(
                      settings.systemProperties().get("pgperf.build"),
                      pair,
                      new TestIdentity(c, test, test + "()", Map.of())));
      ResultJson.write(r, staged.resolve(simple + "-" + test + ".json"));
      return new TestRun.Outcome(
          pair, simple + "." + test, io.github.pgperf.launch.Status.PASSED, 10, "");
    }

    /**
     * A warm JVM whose slices write results as {@link #run} does; a member in {@link #broken} ends
     * it (every later slice reports the same end), one in {@link #hung} times out.
     */
    @Override
    public WarmJvm startWarm(
        Side side,
        Path testClasses,
        TestSelection selection,
        ForkSettings settings,
        Consumer<String> output) {
      this.settings.put(side, settings);
      String letter = side == Side.BASE ? "A" : "B";
      calls.add("start " + letter);
      Path log = settings.outputDirectory().resolve("test-jvm.log");
      return new WarmJvm() {
        private Integer ended;

        @Override
        public TestRun discovery() {
          return report(classes.get(side), List.of(), 0, "");
        }

        @Override
        public TestRun slice(
            int trial, String testClass, List<String> methods, Path results, Duration warmup)
            throws IOException {
          String simple = testClass.substring(testClass.lastIndexOf('.') + 1);
          String member = trial == 0 ? "warm " + letter : letter + trial;
          calls.add(member + " " + simple);
          if (!methods.isEmpty()) {
            narrowed.put(member + " " + simple, methods);
          }
          warmups.put(member + " " + simple, warmup == null ? "own" : warmup.toSeconds() + "s");
          if (ended == null && broken.containsKey(member)) {
            ended = broken.get(member);
          }
          if (ended != null) {
            return report(
                List.of(), List.of(), ended, "java.lang.OutOfMemoryError: Java heap space");
          }
          if (hung.contains(member)) {
            return new TestRun(
                1,
                List.of(),
                List.of(),
                Optional.of(simple + ".run (trial " + trial + ")"),
                false,
                137,
                true,
                new TestRun.Timing(100, 10, 10, List.of(), 0),
                "",
                dir.resolve("test-failures.txt"));
          }
          List<String> ran = testClass.isEmpty() ? classes.get(side) : List.of(testClass);
          return report(
              classes.get(side),
              write(side, Math.max(trial, 1), ran, methods, results, settings),
              0,
              "");
        }

        @Override
        public Path log() {
          return log;
        }

        @Override
        public void close() {
          calls.add("end " + letter);
        }
      };
    }

    private boolean selected(String testClass, TestSelection selection) {
      if (!selection.testClass().isEmpty()) {
        return selection.testClass().equals(testClass);
      }
      String simple = testClass.substring(testClass.lastIndexOf('.') + 1);
      return selection.classes().isEmpty() || selection.classes().contains(simple);
    }

    @Override
    public TestRun discover(
        Side side,
        Path testClasses,
        TestSelection selection,
        ForkSettings settings,
        Consumer<String> output) {
      calls.add("find " + side.label());
      return report(classes.get(side), List.of(), 0, "");
    }

    private TestRun report(
        List<String> testClasses,
        List<TestRun.Outcome> outcomes,
        int exitStatus,
        String lastError) {
      List<TestRun.Found> found =
          testClasses.stream()
              .map(c -> new TestRun.Found(c.substring(c.lastIndexOf('.') + 1) + ".run", c))
              .toList();
      return new TestRun(
          exitStatus == 0 ? found.size() : -1,
          found,
          outcomes,
          Optional.empty(),
          exitStatus == 0,
          exitStatus,
          false,
          new TestRun.Timing(100, 10, 10, List.of(50L), 30),
          lastError,
          dir.resolve("test-failures.txt"));
    }

    @Override
    public Server startServer(
        ForkSettings settings,
        String compareId,
        Path testClasses,
        TestSelection selection,
        Duration wait,
        Consumer<String> output) {
      serverSettings = settings;
      Properties handOver = new Properties();
      handOver.setProperty("provider", "EMBEDDED");
      handOver.setProperty("reason", "the tests' default");
      handOver.setProperty("server", "127.0.0.1:5432");
      handOver.setProperty("user", "postgres");
      handOver.setProperty("describe", "embedded PostgreSQL 15");
      for (Side side : Side.values()) {
        handOver.setProperty(
            "url." + side.label(), "jdbc:postgresql://127.0.0.1:5432/db_" + side.label());
      }
      return new Server() {
        @Override
        public Properties handOver() {
          return handOver;
        }

        @Override
        public void close() {
          serverClosed = true;
        }
      };
    }
  }

  /** A side's tps in a pair. */
  @FunctionalInterface
  private interface TestTps {
    double of(Side side, int pair);
  }
}
