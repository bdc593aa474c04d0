package io.github.pgperf.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Which keys the extension reads, and the nearest key named for one it does not. */
class SettingKeysTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pgperf.duration",
        "pgperf.results",
        "pgperf.resultsDirectory",
        "pgperf.trial",
        "pgperf.sharedServer.provider",
        "pgperf.OrdersPerfTest.scale",
        "pgperf.OrdersPerfTest.duration",
        "pgperf.OrdersPerfTest.lookup.duration",
        "pgperf.OrdersPerfTest.lookup.thresholds"
      })
  void readsGlobalClassAndMethodForms(String key) {
    assertThat(SettingKeys.isExtensionKey(key)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pgperf.duraton",
        "pgperf.trials",
        "pgperf.version",
        "pgperf.OrdersPerfTest.lookup.scale",
        "pgperf.OrdersPerfTest.results",
        "pgperf.a.b.c.duration",
        "pgperf.1x.duration",
        "pgperf.forkPlan.file",
        "other.duration"
      })
  void refusesOtherKeys(String key) {
    assertThat(SettingKeys.isExtensionKey(key)).isFalse();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "pgperf.duraton                   | unknown property pgperf.duraton; did you mean pgperf.duration?",
        "pgperf.Duration                  | unknown property pgperf.Duration; did you mean pgperf.duration?",
        "pgperf.result                    | unknown property pgperf.result; did you mean pgperf.results?",
        "pgperf.OrdersPerfTest.lookup.clints | unknown property pgperf.OrdersPerfTest.lookup.clints; did you mean pgperf.OrdersPerfTest.lookup.clients?",
        "pgperf.somethingElseEntirely     | unknown property pgperf.somethingElseEntirely",
        "pgperf.OrdersPerfTest.lookup.scale | unknown property pgperf.OrdersPerfTest.lookup.scale; did you mean pgperf.OrdersPerfTest.scale?",
        "pgperf.OrdersPerfTest.lookup.results | unknown property pgperf.OrdersPerfTest.lookup.results",
      })
  void namesTheNearestKnownKey(String key, String message) {
    Set<String> known = new java.util.TreeSet<>(SettingKeys.global());
    known.add("pgperf.results");
    assertThat(SettingKeys.unknown(key, known)).isEqualTo(message);
  }

  @Test
  void distanceIsLevenshteins() {
    assertThat(SettingKeys.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(SettingKeys.distance("", "abc")).isEqualTo(3);
    assertThat(SettingKeys.distance("same", "SAME")).isZero();
  }
}
