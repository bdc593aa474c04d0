package shop;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import org.junit.jupiter.api.Test;

/**
 * A performance test as a user writes one, on the server pgperf.url names
 * (junit-platform.properties, written by setup.groovy) as a role whose password is PGPERF_PASSWORD.
 */
@PgPerfTest(provider = ProviderKind.EXTERNAL)
class CatalogPerfTest {

  @Test
  void browse(LoadRunner load) {
    // pgperf:test gave its JVM the build's password (the local server trusts, so it cannot tell).
    assertNotNull(System.getenv("PGPERF_PASSWORD"), "PGPERF_PASSWORD in the test JVM");
    RunResult result = load.builtin("select-only").clients(2).transactionsPerClient(50).run();
    assertThat(result).hasNoFailures();
  }
}
