package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.RunResult;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TestKeyTest {

  private final RunResult labelled =
      Fixtures.run(1000, 2000, 1, Fixtures.server(Fixtures.VERSION), Instant.EPOCH);

  @Test
  void trialNumbersAreDropped() {
    assertThat(TestKey.of(Path.of("r/OrdersIT.insert-trial3.json"), labelled)).isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert-3.json"), labelled)).isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert_12.json"), labelled)).isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert.2.json"), labelled)).isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert.json"), labelled)).isEqualTo("OrdersIT.insert");
    assertThat(TestKey.of(Path.of("OrdersIT.insert[clients=8]-trial1.json"), labelled))
        .isEqualTo("OrdersIT.insert[clients=8]");
  }

  @Test
  void aFileNamedOnlyByItsTrialTakesTheLabel() {
    assertThat(TestKey.of(Path.of("3.json"), labelled)).isEqualTo("fixture");
    assertThat(TestKey.of(Path.of("trial-3.json"), labelled)).isEqualTo("trial");
    assertThat(TestKey.of(Path.of("7.json"))).isEqualTo("7.json");
  }
}
