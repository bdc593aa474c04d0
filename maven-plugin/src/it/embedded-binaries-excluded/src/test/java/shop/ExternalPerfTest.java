package shop;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import org.junit.jupiter.api.Test;

/**
 * Runs without zonky's binaries: the server is the one pgperf.url names (junit-platform.properties,
 * written by setup.groovy). No scale: the script needs none of pgbench's tables.
 */
@PgPerfTest(provider = ProviderKind.EXTERNAL)
class ExternalPerfTest {

  @Test
  void ping(LoadRunner load) {
    RunResult result =
        load.script("ping.sql").clients(1).transactionsPerClient(20).noVacuum().run();
    assertThat(result).hasNoFailures();
  }
}
