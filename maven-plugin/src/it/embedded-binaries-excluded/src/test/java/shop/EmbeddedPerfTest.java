package shop;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.provision.ProviderKind;
import org.junit.jupiter.api.Test;

/** Asks for the embedded server the build excluded: must fail naming the missing binaries. */
@PgPerfTest(provider = ProviderKind.EMBEDDED)
class EmbeddedPerfTest {

  @Test
  void ping(LoadRunner load) {
    load.script("ping.sql").clients(1).transactionsPerClient(20).noVacuum().run();
  }
}
