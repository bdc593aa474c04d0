package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestKeyTest {

  private final RunResult labelled =
      Fixtures.run(1000, 2000, 1, Fixtures.server(Fixtures.VERSION), Instant.EPOCH);

  @Test
  void aResultThatRecordsItsTestIsKeyedByItWhateverTheFileIsCalled() {
    RunResult recorded =
        labelled.withIdentity(
            new RunIdentity(
                "b", 2, new TestIdentity("com.acme.OrdersIT", "insert", "insert()", Map.of())));
    assertThat(TestKey.of(Path.of("r/3f9a.json"), recorded)).isEqualTo("OrdersIT-insert-fixture");
    assertThat(TestKey.of(Path.of("Other.test-trial3.json"), recorded))
        .isEqualTo("OrdersIT-insert-fixture");
  }

  @Test
  void trialNumbersAreDropped() {
    assertThat(TestKey.of(Path.of("r/OrdersIT.insert-trial3.json"), labelled))
        .isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert_trial12.json"), labelled))
        .isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert.Trial2.json"), labelled))
        .isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert.json"), labelled)).isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert[clients=8]-trial1.json"), labelled))
        .isEqualTo("OrdersIT.insert[clients=8]");
  }

  @Test
  void aTrailingNumberWithoutTheWordTrialBelongsToTheKey() {
    // Sweep labels end in numbers; reading them as trials would pool clients=1 with clients=8.
    assertThat(TestKey.of(Path.of("Sweep-tps-clients-8.json"), labelled))
        .isEqualTo("Sweep-tps-clients-8");
    assertThat(TestKey.of(Path.of("Sweep-tps-clients-8-trial2.json"), labelled))
        .isEqualTo("Sweep-tps-clients-8");
    assertThat(TestKey.of(Path.of("OrdersIT.insert-3.json"), labelled))
        .isEqualTo("OrdersIT.insert-3");
    assertThat(TestKey.of(Path.of("footrial3.json"), labelled)).isEqualTo("footrial3");
  }

  @Test
  void aFileNamedOnlyByItsTrialTakesTheLabel() {
    assertThat(TestKey.of(Path.of("3.json"), labelled)).isEqualTo("fixture");
    assertThat(TestKey.of(Path.of("trial3.json"), labelled)).isEqualTo("fixture");
    assertThat(TestKey.of(Path.of("7.json"))).isEqualTo("7.json");
  }
}
