package io.github.pgperf.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one duration grammar: every unit, decimals, and the messages that name the setting. */
class DurationTextTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "250ns   | 250",
        "1.5us   | 1500",
        "750µs   | 750000",
        "1.5ms   | 1500000",
        "0.5s    | 500000000",
        "30s     | 30000000000",
        ".25s    | 250000000",
        "2min    | 120000000000",
        "2 min   | 120000000000",
        "1.5h    | 5400000000000",
        "0s      | 0",
      })
  void readsANumberAndAUnit(String text, long nanos) {
    assertThat(DurationText.parse("pgperf.duration", text)).isEqualTo(Duration.ofNanos(nanos));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "2 minutes | is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "30        | is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "5m        | is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "-1s       | is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "1e3ms     | is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "1.5ns     | is finer than a nanosecond",
        "9999999h  | is too long a duration (at most about 292 years)",
      })
  void refusesOtherTextNamingTheSettingAndTheText(String text, String reason) {
    assertThatThrownBy(() -> DurationText.parse("pgperf.duration", text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pgperf.duration: '" + text + "' " + reason);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"1.5s", "500ms", "0s"})
  void wholeSecondsSayWhy(String text) {
    assertThatThrownBy(
            () ->
                DurationText.wholeSeconds(
                    "pgperf.duration", text, 1, "pgbench's -T counts whole seconds"))
        .hasMessage(
            "pgperf.duration: '"
                + text
                + "' is not a whole number of seconds from 1s"
                + " (pgbench's -T counts whole seconds; like 30s or 2min)");
    assertThat(DurationText.wholeSeconds("pgperf.duration", "2min", 1, "why"))
        .isEqualTo(Duration.ofMinutes(2));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"250ns", "1500us", "1500ms", "90s", "2min", "3h", "0s"})
  void formatWritesWhatParseReads(String text) {
    assertThat(DurationText.format(DurationText.read(text))).isEqualTo(text);
  }
}
