package io.github.pgperf.junit;

import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import org.junit.jupiter.api.Test;

/**
 * Test classes whose runs capture the server's work, run by {@link ServerCountersTest} through
 * EngineTestKit; see {@link Fixture}. Each puts its results in {@link Fixture#SEEN}.
 */
final class WorkFixtures {

  private WorkFixtures() {}

  /** Two runs against the external server named by pgperf.url, each under its own label. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL, scale = 1)
  static class External {
    @Test
    void twice(LoadRunner load) {
      load.builtin("select-only").clients(2).transactionsPerClient(20).noVacuum();
      Fixture.SEEN.put(
          "External", new RunResult[] {load.label("first").run(), load.label("second").run()});
    }
  }

  /** One run on pgperf's embedded server. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EMBEDDED, scale = 1)
  static class Embedded {
    @Test
    void selectOnly(LoadRunner load) {
      Fixture.SEEN.put(
          "Embedded",
          load.builtin("select-only").clients(2).transactionsPerClient(50).noVacuum().run());
    }
  }
}
