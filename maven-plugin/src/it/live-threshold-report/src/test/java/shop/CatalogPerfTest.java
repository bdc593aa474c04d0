package shop;

import io.github.pgperf.junit.Load;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.junit.TpsAtLeast;
import io.github.pgperf.provision.ProviderKind;
import org.junit.jupiter.api.Test;

/**
 * A declared test whose floor no machine reaches: every trial runs, writes its result and then
 * fails its threshold. The server is the one pgperf.url names (junit-platform.properties, written
 * by setup.groovy).
 */
@PgPerfTest(provider = ProviderKind.EXTERNAL)
class CatalogPerfTest {

  @Test
  @Load(builtin = "select-only", clients = 2, threads = 1, duration = "1s")
  @TpsAtLeast(1_000_000_000)
  void browse() {}
}
