package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.result.DurationText;
import io.github.pgperf.result.SettingKeys;
import io.github.pgperf.threshold.Threshold;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The keys the extension declares are the keys {@link SettingKeys} lists for the plugin (which
 * forwards only those), and a duration is read the same way by every setting that takes one.
 */
class DeclaredKeysTest {

  @Test
  void settingKeysListEveryDeclaredOptionAndNoOther() {
    assertThat(names(Options.CLASS)).isEqualTo(SettingKeys.CLASS);
    assertThat(names(Options.RUN)).isEqualTo(SettingKeys.RUN);
    assertThat(names(Options.HAND_OVER)).isEqualTo(SettingKeys.HAND_OVER);
    assertThat(
            names(
                Stream.concat(
                        DeclaredLoad.ALL.stream(),
                        Stream.of(DeclaredThresholds.THRESHOLDS, PgPerfExtension.CLIENT_SWEEP))
                    .toList()))
        .isEqualTo(SettingKeys.TEST);
    assertThat(SettingKeys.DEPRECATED)
        .containsEntry(Options.RESULTS_DIRECTORY.name(), Options.RESULTS.name());
  }

  /** Issue 15: "1.5ms" was refused by @Load and "2min" by the thresholds. */
  @ParameterizedTest
  @ValueSource(strings = {"1.5ms", "2min", "0.5s", "750us", "800ns", "1h", "20 ms"})
  void theSameDurationTextIsAcceptedEverywhere(String text) {
    Duration expected = DurationText.read(text);

    assertThat(DeclaredLoad.LATENCY_LIMIT.annotated("Load", text)).isEqualTo(expected);
    assertThat(
            Levels.global(parameters("pgperf.latencyLimit", text))
                .global(DeclaredLoad.LATENCY_LIMIT))
        .contains(expected);
    assertThat(Threshold.parse("p99<=" + text)).isEqualTo(Threshold.latencyAtMost(99, expected));
    assertThat(Threshold.parse("mean<=" + text)).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"2min", "30s", "1h", "0.5min"})
  void aRunsLengthTakesTheSameTextInWholeSeconds(String text) {
    assertThat(DeclaredLoad.DURATION.annotated("Load", text)).isEqualTo(DurationText.read(text));
    assertThat(DeclaredLoad.WARMUP.annotated("Load", text)).isEqualTo(DurationText.read(text));
  }

  @Test
  void aRunsLengthSaysWhyItIsWholeSeconds() {
    assertThatThrownBy(() -> DeclaredLoad.DURATION.annotated("Load", "1.5ms"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@Load(duration): '1.5ms' is not a whole number of seconds from 1s"
                + " (pgbench's -T counts whole seconds; like 30s or 2min)");
    assertThatThrownBy(
            () ->
                Levels.global(parameters("pgperf.duration", "2 minutes"))
                    .global(DeclaredLoad.DURATION))
        .hasMessage(
            "configuration parameter pgperf.duration: '2 minutes' is not a duration"
                + " (a number and one of ns us ms s min h, like 30s or 1.5ms)");
  }

  @Test
  void unknownAndDeprecatedKeysAreNamedWithTheNearestKnownKey() {
    assertThat(
            UnknownSettings.warnings(
                List.of(
                    "pgperf.duraton",
                    "pgperf.duration",
                    "pgperf.resultsDirectory",
                    "pgperf.OrdersTest.lookup.thresholds",
                    "java.version")))
        .containsExactly(
            "pgperf: warning: unknown property pgperf.duraton; did you mean pgperf.duration?",
            "pgperf: warning: pgperf.resultsDirectory is deprecated; use pgperf.results");
  }

  @Test
  void theDeprecatedResultsKeyIsReadWhenTheNewOneIsNot() {
    assertThat(Overrides.read(parameters("pgperf.resultsDirectory", "old")).get(Options.RESULTS))
        .contains(java.nio.file.Path.of("old"));
    java.util.Map<String, String> both =
        java.util.Map.of("pgperf.resultsDirectory", "old", "pgperf.results", "new");
    assertThat(Overrides.read(k -> java.util.Optional.ofNullable(both.get(k))).get(Options.RESULTS))
        .contains(java.nio.file.Path.of("new"));
  }

  private static java.util.function.Function<String, java.util.Optional<String>> parameters(
      String key, String value) {
    return k -> k.equals(key) ? java.util.Optional.of(value) : java.util.Optional.empty();
  }

  private static Set<String> names(List<Option<?>> options) {
    return options.stream().map(Option::name).collect(Collectors.toSet());
  }
}
