package io.github.pgperf.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.launch.ForkSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The order of the trials, the tests on each side, the moved result files and the fork plan. */
class ComparePartsTest {

  @TempDir Path dir;

  @Test
  void pairsAlternateWhichSideRunsFirst() {
    List<TrialOrder.Run> order = TrialOrder.of(3);
    assertThat(TrialOrder.letters(order)).isEqualTo("A B B A A B");
    assertThat(order).extracting(TrialOrder.Run::pair).containsExactly(1, 1, 2, 2, 3, 3);
    // Over any two pairs each side runs first once: a drift that favours the first favours neither.
    assertThat(TrialOrder.letters(TrialOrder.of(4))).isEqualTo("A B B A A B B A");
    assertThatThrownBy(() -> TrialOrder.of(0)).hasMessage("pgperf.pairs must be at least 1, not 0");
  }

  @Test
  void confirmingPairsGoOnAfterTheLastPairInTheSameAlternation() {
    // After A B B A A B (pairs 1-3), pair 4 starts with the candidate, as TrialOrder.of(6) would.
    List<TrialOrder.Run> more = TrialOrder.from(4, 3);
    assertThat(more).extracting(TrialOrder.Run::pair).containsExactly(4, 4, 5, 5, 6, 6);
    assertThat(TrialOrder.letters(more)).isEqualTo("B A A B B A");
    assertThat(TrialOrder.of(6).subList(6, 12)).isEqualTo(more);
    assertThatThrownBy(() -> TrialOrder.from(0, 1)).isInstanceOf(IllegalArgumentException.class);
  }

  /** Two classes on both sides, and one only the candidate has, in name order a, b, c. */
  private static final ClassesBySide CLASSES =
      new ClassesBySide(
          List.of("b.ItemsPerfTest", "a.LedgerPerfTest"),
          List.of("a.LedgerPerfTest", "b.ItemsPerfTest", "c.NewPerfTest"));

  @Test
  void perClassEachClassAlternatesFromPairToPairAndClassToClass() {
    ClassesBySide two =
        new ClassesBySide(
            List.of("b.ItemsPerfTest", "a.LedgerPerfTest"),
            List.of("a.LedgerPerfTest", "b.ItemsPerfTest"));
    List<TrialOrder.Run> order = TrialOrder.perClass(1, 3, two, two.all());
    // Pair 1: Ledger A B, Items B A; pair 2 the other way round; pair 3 as pair 1.
    assertThat(TrialOrder.letters(order)).isEqualTo("A B B A B A A B A B B A");
    assertThat(order)
        .extracting(TrialOrder.Run::pair)
        .containsExactly(1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    assertThat(order)
        .extracting(TrialOrder.Run::testClass)
        .containsExactly(
            "a.LedgerPerfTest",
            "a.LedgerPerfTest",
            "b.ItemsPerfTest",
            "b.ItemsPerfTest",
            "a.LedgerPerfTest",
            "a.LedgerPerfTest",
            "b.ItemsPerfTest",
            "b.ItemsPerfTest",
            "a.LedgerPerfTest",
            "a.LedgerPerfTest",
            "b.ItemsPerfTest",
            "b.ItemsPerfTest");
    // Each class's pair is A B in one pair and B A in the next.
    for (String c : two.all()) {
      assertThat(TrialOrder.letters(order.stream().filter(r -> r.testClass().equals(c)).toList()))
          .isEqualTo(c.startsWith("a.") ? "A B B A A B" : "B A A B B A");
    }
    // In every pair the classes start with each side equally: no pair leans one way overall.
    for (int pair = 1; pair <= 3; pair++) {
      int p = pair;
      List<TrialOrder.Run> inPair = order.stream().filter(r -> r.pair() == p).toList();
      long baseFirst =
          java.util.stream.IntStream.range(0, inPair.size() / 2)
              .filter(i -> inPair.get(2 * i).side() == Side.BASE)
              .count();
      assertThat(baseFirst).isEqualTo(1);
    }
    ComparedSides sides =
        new ComparedSides(
            dir.resolve("b"),
            dir.resolve("c"),
            new BaseCommit("abc", "s", "why"),
            order,
            TestsBySide.of(List.of(), List.of()));
    assertThat(sides.pairs()).isEqualTo(3);
  }

  @Test
  void perClassWithOneClassIsTheWholeJvmOrder() {
    // One class: the same JVMs, letters and pairs as before, so its log reads as it always did.
    ClassesBySide one = new ClassesBySide(List.of("x.ItemsPerfTest"), List.of("x.ItemsPerfTest"));
    List<TrialOrder.Run> order = TrialOrder.perClass(1, 3, one, one.all());
    assertThat(TrialOrder.letters(order)).isEqualTo(TrialOrder.letters(TrialOrder.of(3)));
    assertThat(order)
        .extracting(r -> new TrialOrder.Run(r.pair(), r.side()))
        .isEqualTo(TrialOrder.of(3));
    assertThat(order).extracting(TrialOrder.Run::testClass).containsOnly("x.ItemsPerfTest");
  }

  @Test
  void aClassOnOneSideRunsOnThatSideOnlyInItsPlace() {
    List<TrialOrder.Run> order = TrialOrder.perClass(1, 2, CLASSES, CLASSES.all());
    // c.NewPerfTest (third: A B in pair 1) has no base JVM: B alone; in pair 2 B alone again.
    assertThat(TrialOrder.letters(order)).isEqualTo("A B B A B B A A B B");
    assertThat(order.get(4)).isEqualTo(new TrialOrder.Run(1, Side.CANDIDATE, "c.NewPerfTest"));
    assertThat(order)
        .filteredOn(r -> r.testClass().equals("c.NewPerfTest"))
        .extracting(TrialOrder.Run::side)
        .containsOnly(Side.CANDIDATE);
  }

  @Test
  void confirmingPairsOfAClassGoOnInThatClassesAlternation() {
    // After 3 pairs, 2 more of ItemsPerfTest only: its pairs 4 and 5 as a 5-pair order has them.
    List<String> items = CLASSES.named(List.of("ItemsPerfTest"));
    assertThat(items).containsExactly("b.ItemsPerfTest");
    List<TrialOrder.Run> more = TrialOrder.perClass(4, 2, CLASSES, items);
    assertThat(more)
        .isEqualTo(
            TrialOrder.perClass(1, 5, CLASSES, CLASSES.all()).stream()
                .filter(r -> r.pair() >= 4 && r.testClass().equals("b.ItemsPerfTest"))
                .toList());
    assertThat(TrialOrder.letters(more)).isEqualTo("A B B A");
    assertThatThrownBy(() -> TrialOrder.perClass(0, 1, CLASSES, items))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void resultKeysNameTheirTopLevelClass() {
    // A nested class's key names it with its outer class: that class's JVM runs it.
    assertThat(CLASSES.named(List.of("LedgerPerfTest$Transfers", "NewPerfTest", "Unknown")))
        .containsExactly("a.LedgerPerfTest", "c.NewPerfTest");
    assertThat(CLASSES.named(List.of("PerfTest"))).isEmpty();
    assertThat(ClassesBySide.simpleNames(List.of("a.LedgerPerfTest", "Plain")))
        .isEqualTo("LedgerPerfTest, Plain");
  }

  @Test
  void theAlternationIsClassJvmOrSliceAndABadValueIsNamed() {
    assertThat(Alternation.parse("class")).isEqualTo(Alternation.CLASS);
    assertThat(Alternation.parse(" JVM ")).isEqualTo(Alternation.JVM);
    assertThat(Alternation.parse("slice")).isEqualTo(Alternation.SLICE);
    assertThatThrownBy(() -> Alternation.parse("test"))
        .hasMessage(
            "pgperf.alternate has invalid value \"test\": expected class (a pair of test JVMs per"
                + " test class), jvm (a pair of test JVMs with every class) or slice (a warm test"
                + " JVM per side, running short slices)");
  }

  @Test
  void slicesOfAPairAreBackToBackInBalancedBlocksDrawnFromTheIdTheBlockAndTheClass() {
    ClassesBySide classes =
        new ClassesBySide(List.of("a.Items", "a.Orders"), List.of("a.Items", "a.Orders", "a.Cart"));
    List<TrialOrder.Run> order =
        SliceOrder.of("20261207T040000Z-abc123", 1, 200, classes, classes.all());
    // Per pair: each class's slices back to back, classes in name order, Cart on its side only.
    assertThat(order).hasSize(200 * 5);
    assertThat(order.subList(0, 5))
        .extracting(r -> r.pair() + " " + r.testClass())
        .containsExactly("1 a.Cart", "1 a.Items", "1 a.Items", "1 a.Orders", "1 a.Orders");
    assertThat(order.subList(1, 3)).extracting(TrialOrder.Run::side).doesNotHaveDuplicates();
    // The same id draws the same order; another id another one.
    assertThat(SliceOrder.of("20261207T040000Z-abc123", 1, 200, classes, classes.all()))
        .isEqualTo(order);
    assertThat(SliceOrder.of("20261207T040001Z-abc123", 1, 200, classes, classes.all()))
        .isNotEqualTo(order);
    // Balanced blocks of two pairs, a coin for each: exactly half the (pair, class) slices start
    // with the base; within a block the order turns, from block to block it repeats about as often
    // as it changes (99 coins: 49.5 +- 20 is 4 standard deviations).
    // The side of each pair's first slice of Items and of Orders, as the order has them.
    List<Boolean> itemsBaseFirst = new java.util.ArrayList<>();
    int both = 0;
    for (int i = 0; i < order.size(); i++) {
      TrialOrder.Run r = order.get(i);
      boolean first = i == 0 || !order.get(i - 1).testClass().equals(r.testClass());
      if (first && !r.testClass().equals("a.Cart")) {
        both += r.side() == Side.BASE ? 1 : 0;
        if (r.testClass().equals("a.Items")) {
          itemsBaseFirst.add(r.side() == Side.BASE);
        }
      }
    }
    assertThat(itemsBaseFirst).hasSize(200);
    int repeats = 0;
    for (int i = 1; i < itemsBaseFirst.size(); i++) {
      repeats += itemsBaseFirst.get(i).equals(itemsBaseFirst.get(i - 1)) ? 1 : 0;
    }
    assertThat(both).isEqualTo(200);
    for (int i = 1; i < itemsBaseFirst.size(); i += 2) {
      assertThat(itemsBaseFirst.get(i)).isNotEqualTo(itemsBaseFirst.get(i - 1));
    }
    assertThat(repeats).isBetween(30, 69);
    // A confirmation's pairs of one class draw that class's coins, as the first pairs did.
    List<TrialOrder.Run> more =
        SliceOrder.of("20261207T040000Z-abc123", 201, 2, classes, List.of("a.Orders"));
    assertThat(more).extracting(TrialOrder.Run::pair).containsExactly(201, 201, 202, 202);
    assertThat(more.get(0).side() == Side.BASE)
        .isEqualTo(SliceOrder.baseFirst("20261207T040000Z-abc123", 201, "a.Orders"));
    // Without classes, a slice of every class per side.
    assertThat(SliceOrder.of("x", 1, 1, null, List.of()))
        .extracting(TrialOrder.Run::testClass)
        .containsExactly("", "");
  }

  @Test
  void confirmationRunsTheClassesOfTheRegressedResultKeys() {
    assertThat(
            GateJudge.testClasses(
                List.of(
                    "ItemsPerfTest-lookup",
                    "ItemsPerfTest-scan-clients-8",
                    "LedgerPerfTest-post",
                    "Plain")))
        .containsExactly("ItemsPerfTest", "LedgerPerfTest", "Plain");
  }

  @Test
  void thePullRequestLineNamesTheCommitWhyAndThePairs() {
    BaseCommit base =
        new BaseCommit(
            "41edbf64f333aa0011",
            "Items with an index",
            "the merge base of HEAD and origin/main; set pgperf.base to choose another");
    assertThat(base.why()).isEqualTo("the merge base of HEAD and origin/main");
    ComparedSides sides =
        new ComparedSides(
            dir.resolve("b"),
            dir.resolve("c"),
            base,
            TrialOrder.of(3),
            TestsBySide.of(List.of("A.x"), List.of("A.x")));
    assertThat(GateJudge.prLine(sides))
        .isEqualTo(
            "pgperf: compared with 41edbf64f333 (the merge"
                + " base of HEAD and origin/main) on this runner, interleaved, 3 pairs");
    assertThat(new BaseCommit("abc", "s", "-Dpgperf.base=v1").why()).isEqualTo("-Dpgperf.base=v1");
  }

  @Test
  void aNegativeConfirmationIsRefusedByName() {
    assertThatThrownBy(
            () ->
                new GateJudge(
                    io.github.pgperf.gate.GateSettings.defaults(), -1, dir, Map.of(), line -> {}))
        .hasMessage("pgperf.confirmationPairs must be 0 (no confirmation)" + " or more, not -1");
  }

  @Test
  void testsOnOneSideOnlyAreNewOrGone() {
    TestsBySide t =
        TestsBySide.of(List.of("A.kept", "A.removed"), List.of("A.kept", "B.added", "A.kept"));
    assertThat(t.both()).containsExactly("A.kept");
    assertThat(t.added()).containsExactly("B.added");
    assertThat(t.gone()).containsExactly("A.removed");
    assertThat(t.lines())
        .containsExactly(
            "NEW: B.added (only in the candidate: measured, not compared)",
            "GONE: A.removed (only in the base: not compared)");
    assertThat(TestsBySide.of(List.of("A.x"), List.of("A.x")).lines()).isEmpty();
  }

  @Test
  void eachPairsFilesGetThePairsTrialName() throws Exception {
    Path results = dir.resolve("results/base");
    Path staged = PairResults.stage(dir.resolve("stage"));
    Files.writeString(staged.resolve("Items-lookup.json"), "{\"pair\":1}");
    PairResults.move(staged, results, 1);
    Files.writeString(PairResults.stage(staged).resolve("Items-lookup.json"), "{\"pair\":2}");
    Files.writeString(staged.resolve("Items-scan-clients-8.json"), "{\"pair\":2}");
    PairResults.move(staged, results, 2);
    try (var files = Files.list(results)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted())
          .containsExactly(
              "Items-lookup-trial2.json", "Items-lookup.json", "Items-scan-clients-8-trial2.json");
    }
    assertThat(Files.readString(results.resolve("Items-lookup.json"))).isEqualTo("{\"pair\":1}");
    assertThat(Files.readString(results.resolve("Items-lookup-trial2.json")))
        .isEqualTo("{\"pair\":2}");
    // Staging starts empty: nothing of an earlier JVM is taken for this one's.
    Files.writeString(staged.resolve("left.json"), "{}");
    assertThat(PairResults.stage(staged)).isEmptyDirectory();
  }

  @Test
  void theForkPlanSurvivesItsFileWithoutTheServersUrl() throws Exception {
    ForkSettings settings =
        new ForkSettings(
            Path.of("/jdk/bin/java"),
            List.of("-XX:+UseSerialGC", "-Dx=a b"),
            Map.of("pgperf.trials", "3", "pgperf.url", "postgresql://u:secret@h/db"),
            Map.of("LANG", "C"),
            Path.of("/base"),
            List.of(Path.of("/base/target/test-classes"), Path.of("/repo/junit.jar")),
            Duration.ofSeconds(600),
            Path.of("/base/target/pgperf"));
    Path file = dir.resolve("fork-plan.json");
    new ForkPlan(Path.of("/base/target/test-classes"), settings, true).write(file);
    assertThat(Files.readString(file, StandardCharsets.UTF_8))
        .doesNotContain("secret")
        .doesNotContain("pgperf.url");
    ForkPlan read = ForkPlan.read(file);
    assertThat(read.testClasses()).isEqualTo(Path.of("/base/target/test-classes"));
    assertThat(read.hasPgperf()).isTrue();
    assertThat(read.settings())
        .isEqualTo(
            new ForkSettings(
                settings.java(),
                settings.jvmArguments(),
                Map.of("pgperf.trials", "3"),
                settings.environment(),
                settings.workingDirectory(),
                settings.classpath(),
                settings.timeout(),
                settings.outputDirectory()));
  }

  @Test
  void aSidesBuildIdEndsWithItsName() {
    assertThat(Side.BASE.buildId("20261202T041500Z-3fa2c1"))
        .isEqualTo("20261202T041500Z-3fa2c1-base");
    assertThat(Side.CANDIDATE.buildId("x")).isEqualTo("x-candidate");
  }
}
