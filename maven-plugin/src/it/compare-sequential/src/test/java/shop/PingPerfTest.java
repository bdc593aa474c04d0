package shop;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A second test class, kept to one client: its slices come in pairs of their own. */
@PgPerfTest(provider = ProviderKind.EXTERNAL)
class PingPerfTest {

  @Test
  void ping(LoadRunner load) {
    RunResult result =
        load.script("ping.sql").clients(1).duration(Duration.ofSeconds(1)).noVacuum().run();
    assertThat(result).hasNoFailures();
  }
}
