package io.github.pgperf.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The test JVM gets only the extension's keys; a key nobody reads is named, once. */
class ForwardedPropertiesTest {

  @Test
  void forwardsOnlyTheExtensionsKeysAndWarnsOnceAboutUnknownOnes() {
    List<String> warnings = new ArrayList<>();
    Map<String, String> build =
        Map.of(
            "pgperf.duration", "10s",
            "pgperf.OrdersPerfTest.lookup.thresholds", "p99<=2ms",
            "pgperf.trials", "3",
            "pgperf.version", "1.0",
            "pgperf.duraton.forwardedTest", "5s",
            "pgperf.trails", "3");

    Map<String, String> forwarded =
        ForwardedProperties.select(build, ForwardedProperties.pluginKeys(), warnings::add);
    ForwardedProperties.select(build, ForwardedProperties.pluginKeys(), warnings::add);

    assertThat(forwarded)
        .containsOnlyKeys("pgperf.duration", "pgperf.OrdersPerfTest.lookup.thresholds");
    assertThat(warnings)
        .containsExactly(
            "pgperf: unknown property pgperf.duraton.forwardedTest",
            "pgperf: unknown property pgperf.trails; did you mean pgperf.trials?");
  }

  @Test
  void thePluginsKeysAreItsParametersProperties() {
    assertThat(ForwardedProperties.pluginKeys())
        .contains("pgperf.trials", "pgperf.results", "pgperf.forkTimeout", "pgperf.onRegression")
        .allMatch(k -> k.startsWith("pgperf."));
  }
}
