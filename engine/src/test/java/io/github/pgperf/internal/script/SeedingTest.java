package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** pgbench's seeding: the values below were printed by real pgbench 15 with --random-seed=5432. */
class SeedingTest {

  @Test
  void defaultSeedIsDrawnAfterTheClients() {
    assertThat(SeedPlan.draw(5432, 1, false, 1).defaultSeed()).isEqualTo(7590783070443337668L);
    assertThat(SeedPlan.draw(5432, 2, false, 1).defaultSeed()).isEqualTo(7312993047133655103L);
    assertThat(SeedPlan.draw(5432, 3, false, 1).defaultSeed()).isEqualTo(-1082569615652803502L);
  }

  @Test
  void eachClientHasItsOwnGenerator() {
    SeedPlan plan = SeedPlan.draw(5432, 3, false, 1);
    assertThat(RandomDraws.uniform(plan.client(0), 1, 1000000000)).isEqualTo(876805472);
    assertThat(RandomDraws.uniform(plan.client(1), 1, 1000000000)).isEqualTo(519106182);
    assertThat(RandomDraws.uniform(plan.client(2), 1, 1000000000)).isEqualTo(325869999);
  }

  @Test
  void givenDefaultSeedShiftsTheThreadGenerators() {
    SeedPlan drawn = SeedPlan.draw(99, 2, false, 2);
    SeedPlan given = SeedPlan.draw(99, 2, true, 2);
    // Without the default_seed draw, thread 0's first generator takes default_seed's place.
    assertThat(given.scriptChoice(0).nextLong())
        .isEqualTo(Prng.seeded(drawn.defaultSeed()).nextLong());
    assertThat(given.client(1).nextLong()).isEqualTo(drawn.client(1).nextLong());
  }

  @Test
  void savedStateReplaysTheSameDraws() {
    Prng prng = Prng.seeded(5432);
    prng.nextLong();
    long s0 = prng.state0();
    long s1 = prng.state1();
    long first = prng.nextLong(1, 1000);
    prng.nextDouble();
    prng.restore(s0, s1);
    assertThat(prng.nextLong(1, 1000)).isEqualTo(first);
  }

  @Test
  void poissonDelaysAverageTheirCenter() {
    Prng prng = Prng.seeded(3);
    long sum = 0;
    for (int i = 0; i < 100_000; i++) {
      long delay = prng.nextPoisson(1000.0);
      assertThat(delay).isNotNegative();
      sum += delay;
    }
    assertThat(sum / 100_000.0).isBetween(980.0, 1020.0);
  }

  @Test
  void singleValueRangeDrawsNothing() {
    Prng a = Prng.seeded(1);
    Prng b = Prng.seeded(1);
    assertThat(a.nextLong(7, 7)).isEqualTo(7);
    assertThat(a.nextLong()).isEqualTo(b.nextLong());
  }

  @Test
  void seedTexts() {
    assertThat(resolve("5432", null)).isEqualTo(new RandomSeed(5432, true));
    assertThat(resolve(" 12", null).value()).isEqualTo(12);
    assertThat(resolve("-1", null).unsignedText()).isEqualTo("18446744073709551615");
    assertThat(resolve("18446744073709551615", null).value()).isEqualTo(-1L);
    assertThat(resolve("time", null)).isEqualTo(new RandomSeed(1000, true));
    assertThat(resolve("rand", null)).isEqualTo(new RandomSeed(77, true));
    assertThat(resolve(null, null)).isEqualTo(new RandomSeed(1000, false));
    assertThat(resolve(null, "9")).isEqualTo(new RandomSeed(9, true));
    assertThat(resolve("3", "9")).isEqualTo(new RandomSeed(3, true));
  }

  @Test
  void badSeedTextsAreRefusedWithPgbenchsMessage() {
    assertThatThrownBy(() -> resolve("xx", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unrecognized random seed option \"xx\"");
    assertThatThrownBy(() -> resolve("12 ", null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> resolve("", null)).isInstanceOf(IllegalArgumentException.class);
    // pgbench checks the environment even when the option is given.
    assertThatThrownBy(() -> resolve("1", "0x10")).isInstanceOf(IllegalArgumentException.class);
  }

  private static RandomSeed resolve(String option, String environment) {
    return RandomSeed.resolve(option, environment, () -> 1000, () -> 77);
  }
}
