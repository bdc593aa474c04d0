package shop;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import org.junit.jupiter.api.Test;

/**
 * A performance test as a user writes one, on the server PGPERF_URL names, a URL holding the
 * password: it never runs.
 */
@PgPerfTest(provider = ProviderKind.EXTERNAL)
class CatalogPerfTest {

  @Test
  void browse(LoadRunner load) {
    RunResult result = load.builtin("select-only").clients(2).transactionsPerClient(50).run();
    assertThat(result).hasNoFailures();
  }
}
