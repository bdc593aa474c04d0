package io.github.pgperf.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.Fixtures;
import io.github.pgperf.gate.GateSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judge of pgperf:compare on result files as the goal lays them out: a regression asks for more
 * pairs of its test class, then fails the build confirmed; an unchanged candidate passes at once;
 * with confirmation off the first pairs decide. check.md leads with the pull request line.
 */
class GateJudgeTest {

  private static final BaseCommit BASE =
      new BaseCommit(
          "0123456789abcdef",
          "Add the index",
          "the merge base of HEAD and origin/main; set pgperf.base to choose another");

  @TempDir Path dir;

  private final List<String> annotations = new ArrayList<>();

  private GateJudge judge(int confirmationPairs) {
    return new GateJudge(
        GateSettings.defaults(), confirmationPairs, dir.resolve("out"), Map.of(), annotations::add);
  }

  private ComparedSides sides(int pairs) {
    return new ComparedSides(
        dir.resolve("base"),
        dir.resolve("candidate"),
        BASE,
        TrialOrder.of(pairs),
        TestsBySide.of(List.of("OrdersPerf.insert"), List.of("OrdersPerf.insert")));
  }

  /** {@code pairs} pairs of a test 30% slower in the candidate (same seeds: more pairs extend). */
  private void slower(int pairs) throws IOException {
    Fixtures.trials(dir.resolve("base"), "OrdersPerf-insert", pairs, 1000, 2000, 0.02, 15);
    Fixtures.trials(dir.resolve("candidate"), "OrdersPerf-insert", pairs, 700, 2860, 0.02, 16);
  }

  @Test
  void aRegressionIsConfirmedOnMorePairsOfItsClassBeforeItFails() throws IOException {
    slower(6);
    PairedJudge.Judgement first = judge(6).judge(sides(6));
    assertThat(first).isInstanceOf(PairedJudge.Confirm.class);
    PairedJudge.Confirm confirm = (PairedJudge.Confirm) first;
    assertThat(confirm.tests()).containsExactly("OrdersPerf");
    assertThat(confirm.pairs()).isEqualTo(6);
    assertThat(confirm.lines())
        .extracting(PairedJudge.Line::text)
        .containsExactly(
            "pgperf compare: REGRESSION on the first 6 pairs in OrdersPerf-insert: confirming with 6"
                + " more pairs of OrdersPerf before the build fails");
    // The goal runs pairs 7 to 12.
    slower(12);
    PairedJudge.Verdicts verdicts = (PairedJudge.Verdicts) confirm.then().judge(sides(12));
    assertThat(verdicts.fails()).isTrue();
    assertThat(verdicts.failures()).isNotEmpty().allMatch(f -> f.startsWith("REGRESSION: "));
    assertThat(verdicts.lines())
        .extracting(PairedJudge.Line::text)
        .contains(
            "pgperf compare: pgperf: compared with 0123456789ab (the merge base of HEAD and"
                + " origin/main) on this runner, interleaved, 12 pairs; confirmed: OrdersPerf-insert"
                + " on all 12 pairs (6 first, then 6 more).");
    assertThat(verdicts.lines())
        .filteredOn(l -> l.level() == PairedJudge.Level.ERROR)
        .extracting(PairedJudge.Line::text)
        .singleElement()
        .asString()
        .startsWith("pgperf compare: fails the build: ");
    List<String> md = Files.readAllLines(dir.resolve("out/check.md"));
    assertThat(md.get(0))
        .startsWith(
            "pgperf: compared with 0123456789ab (the merge base of HEAD"
                + " and origin/main) on this runner, interleaved, 12 pairs; confirmed");
    assertThat(md).anyMatch(l -> l.contains("REGRESSION"));
    assertThat(dir.resolve("out/check.json")).isRegularFile();
    assertThat(dir.resolve("out/TEST-pgperf-check.xml")).isRegularFile();
    assertThat(annotations).isEmpty(); // not on GitHub Actions
  }

  @Test
  void anUnchangedCandidatePassesWithoutConfirmation() throws IOException {
    Fixtures.trials(dir.resolve("base"), "OrdersPerf-insert", 6, 1000, 2000, 0.01, 3);
    Fixtures.trials(dir.resolve("candidate"), "OrdersPerf-insert", 6, 1000, 2000, 0.01, 4);
    PairedJudge.Judgement j = judge(6).judge(sides(6));
    assertThat(j).isInstanceOf(PairedJudge.Verdicts.class);
    PairedJudge.Verdicts verdicts = (PairedJudge.Verdicts) j;
    assertThat(verdicts.fails()).isFalse();
    assertThat(verdicts.failures()).isEmpty();
    assertThat(verdicts.lines()).noneMatch(l -> l.level() == PairedJudge.Level.ERROR);
    assertThat(Files.readAllLines(dir.resolve("out/check.md")).get(0))
        .isEqualTo(
            "pgperf: compared with 0123456789ab (the merge base of HEAD and origin/main) on this"
                + " runner, interleaved, 6 pairs.");
  }

  @Test
  void withoutConfirmationTheFirstPairsDecideAndSaySo() throws IOException {
    slower(6);
    PairedJudge.Judgement j = judge(0).judge(sides(6));
    assertThat(j).isInstanceOf(PairedJudge.Verdicts.class);
    PairedJudge.Verdicts verdicts = (PairedJudge.Verdicts) j;
    assertThat(verdicts.fails()).isTrue();
    assertThat(verdicts.lines())
        .extracting(PairedJudge.Line::text)
        .anyMatch(
            l ->
                l.endsWith(
                    "6 pairs; not confirmed: pgperf.confirmationPairs is 0, so the first 6 pairs decide."));
  }
}
