package io.github.pgperf.junit;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import org.junit.jupiter.api.Test;

/**
 * Test classes that {@link SecretsIT} runs in JVMs of their own, with the server's URL and password
 * given as users give them; see {@link Fixture}.
 */
final class SecretsFixtures {

  private SecretsFixtures() {}

  /** A load that passes: the extension connects, initializes pgbench's tables and runs. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Passing {
    @Test
    void selectOnly(LoadRunner load) {
      RunResult run = load.builtin("select-only").clients(2).transactionsPerClient(20).run();
      assertThat(run).hasNoFailures();
    }
  }

  /** Loads that fail: a declared threshold missed, and a client aborted by a SQL error. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Failing {
    @Test
    @Load(builtin = "select-only", transactionsPerClient = 20)
    @TpsAtLeast(1e9)
    void missesItsThreshold() {}

    @Test
    void aborts(LoadRunner load) {
      load.script("/queries/broken.sql").transactionsPerClient(5).run();
    }
  }
}
