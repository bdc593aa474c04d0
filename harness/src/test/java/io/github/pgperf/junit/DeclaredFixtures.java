package io.github.pgperf.junit;

import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Test classes with declared loads, thresholds and sweeps that {@link DeclaredLoadTest} runs
 * through EngineTestKit; see {@link Fixture}. Bodies put what they were given in {@link
 * Fixture#SEEN}, so a test can tell whether a body ran.
 */
final class DeclaredFixtures {

  private DeclaredFixtures() {}

  @SuppressWarnings("unchecked")
  static void add(String name, Object value) {
    ((List<Object>) Fixture.SEEN.computeIfAbsent(name, k -> new ArrayList<>())).add(value);
  }

  /** Every kind of threshold, all met; the body gets the run. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Passing {
    @BeforeEach
    void setUp() {
      add("Passing.setUp", System.nanoTime());
    }

    @Test
    @Load(
        builtin = "select-only",
        clients = 2,
        transactionsPerClient = 25,
        queryMode = QueryMode.PREPARED,
        label = "all kinds")
    @TpsAtLeast(1)
    @LatencyAtMost(percentile = 50, limit = "10s")
    @LatencyAtMost(percentile = 99.9, limit = "10s")
    @MeanLatencyAtMost("10s")
    @FailureRateAtMost(0.5)
    void selectOnly(RunResult run) {
      add("Passing", run);
      add("Passing.body", System.nanoTime());
    }
  }

  /** Two latency ceilings no run can meet, and a tps floor it meets. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Failing {
    @Test
    @Load(
        script = "/queries/hot.sql",
        define = "marker=7",
        transactionsPerClient = 20,
        label = "ceilings")
    @TpsAtLeast(1)
    @LatencyAtMost(percentile = 99, limit = "1us")
    @LatencyAtMost(percentile = 99.9, limit = "2us")
    @NoFailures
    void hot() {
      add("Failing", "body ran");
    }
  }

  /** Nonsense values, one per method. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class BadValues {
    @Test
    @Load(builtin = "select-only")
    @TpsAtLeast(-5)
    void negativeTps() {}

    @Test
    @Load(builtin = "select-only")
    @LatencyAtMost(percentile = 101, limit = "20ms")
    void percentile101() {}

    @Test
    @Load(builtin = "select-only")
    @MeanLatencyAtMost("soon")
    void unparsableLimit() {}

    @Test
    @Load(builtin = "select-only", duration = "1.5s")
    void unparsableDuration() {}

    @Test
    @Load(builtin = "select-only", clients = 0)
    void noClients() {}

    @Test
    @Load(builtin = "select-every")
    void unknownBuiltin() {}

    @Test
    @TpsAtLeast(1)
    void thresholdWithoutLoad() {}
  }

  /** Fails as written; the build's overrides make it pass. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Overridden {
    @Test
    @Load(builtin = "select-only", transactionsPerClient = 10)
    @TpsAtLeast(1e9)
    @NoFailures
    void selectOnly(RunResult run) {
      add("Overridden", run);
    }
  }

  /** Without {@code @PgPerfTest}: the declaration must not be ignored. */
  @Fixture
  static class NoClassAnnotation {
    @Test
    @Load(builtin = "select-only")
    void selectOnly() {
      add("NoClassAnnotation", "body ran");
    }
  }

  /** {@code @ClientSweep} with {@code @Test}: JUnit would also run the method outside the sweep. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class SweepTwice {
    @Test
    @ClientSweep({2})
    @Load(builtin = "select-only", transactionsPerClient = 5)
    void byClients(RunResult run) {
      add("SweepTwice", run);
    }
  }

  /** A declarative sweep over three client counts. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Sweep {
    @ClientSweep({1, 3, 2})
    @Load(builtin = "select-only", transactionsPerClient = 30, threads = 2)
    @NoFailures
    void byClients(RunResult run) {
      add("Sweep", run);
    }
  }

  /** A parameterized sweep with an injected runner, labelled by the test. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class ParameterizedSweep {
    @ParameterizedTest
    @ValueSource(ints = {2, 1})
    void byClients(int clients, LoadRunner load) {
      add(
          "ParameterizedSweep",
          load.builtin("select-only")
              .clients(clients)
              .transactionsPerClient(20)
              .label("clients-" + clients)
              .run());
    }
  }

  /** A parameterized sweep that forgets its labels. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class UnlabelledSweep {
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void byClients(int clients, LoadRunner load) {
      load.builtin("select-only").clients(clients).transactionsPerClient(10).run();
    }
  }
}
