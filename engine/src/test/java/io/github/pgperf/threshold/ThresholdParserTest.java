package io.github.pgperf.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The text form: every accepted spelling, the canonical form, and each kind of error. */
class ThresholdParserTest {

  static Stream<Arguments> accepted() {
    return Stream.of(
        Arguments.of("tps>=500", new TpsFloor(500)),
        Arguments.of("tps >= 500", new TpsFloor(500)),
        Arguments.of("  tps>=412.5  ", new TpsFloor(412.5)),
        Arguments.of("tps>=0", new TpsFloor(0)),
        Arguments.of("p99<=20ms", new LatencyCeiling(99, Duration.ofMillis(20))),
        Arguments.of("p99 <= 20 ms", new LatencyCeiling(99, Duration.ofMillis(20))),
        Arguments.of("p50<=1.5ms", new LatencyCeiling(50, Duration.ofNanos(1_500_000))),
        Arguments.of("p99.9<=50ms", new LatencyCeiling(99.9, Duration.ofMillis(50))),
        Arguments.of("p99.99<=0.2s", new LatencyCeiling(99.99, Duration.ofMillis(200))),
        Arguments.of("p100<=1s", new LatencyCeiling(100, Duration.ofSeconds(1))),
        Arguments.of("max<=1s", new LatencyCeiling(100, Duration.ofSeconds(1))),
        Arguments.of("p95<=750us", new LatencyCeiling(95, Duration.ofNanos(750_000))),
        Arguments.of("p95<=750µs", new LatencyCeiling(95, Duration.ofNanos(750_000))),
        Arguments.of("p95<=750μs", new LatencyCeiling(95, Duration.ofNanos(750_000))),
        Arguments.of("p90<=0.5us", new LatencyCeiling(90, Duration.ofNanos(500))),
        // The grammar of every pgperf duration: ns, min and h too.
        Arguments.of("p90<=800ns", new LatencyCeiling(90, Duration.ofNanos(800))),
        Arguments.of("p99<=2min", new LatencyCeiling(99, Duration.ofMinutes(2))),
        Arguments.of("max<=1h", new LatencyCeiling(100, Duration.ofHours(1))),
        Arguments.of("mean<=5ms", new MeanLatencyCeiling(Duration.ofMillis(5))),
        Arguments.of("mean<=2.25s", new MeanLatencyCeiling(Duration.ofMillis(2250))),
        Arguments.of("failures<=0.1%", new FailureRateCeiling(0.1)),
        Arguments.of("failures <= 5 %", new FailureRateCeiling(5)),
        Arguments.of("failures<=0%", new FailureRateCeiling(0)),
        Arguments.of("failures=0", new FailureBan()),
        Arguments.of("failures = 0.0", new FailureBan()),
        Arguments.of("blocks/tx<=200", new SharedBlocksCeiling(200)),
        Arguments.of("blocks/tx <= 12.5", new SharedBlocksCeiling(12.5)),
        Arguments.of("blocks/tx<=0", new SharedBlocksCeiling(0)),
        Arguments.of("statements/tx<=4", new StatementsCeiling(4)),
        Arguments.of("statements/tx <= 2.5", new StatementsCeiling(2.5)),
        Arguments.of("commits/tx=1", new CommitsPerTransaction(1)),
        Arguments.of("commits/tx = 0", new CommitsPerTransaction(0)),
        Arguments.of("wal/tx<=4kB", new WalCeiling(4096)),
        Arguments.of("wal/tx <= 4096 B", new WalCeiling(4096)),
        Arguments.of("wal/tx<=512", new WalCeiling(512)),
        Arguments.of("wal/tx<=1.5MB", new WalCeiling(1.5 * 1024 * 1024)),
        Arguments.of("wal/tx<=2GB", new WalCeiling(2.0 * 1024 * 1024 * 1024)),
        Arguments.of("wal/tx<=0B", new WalCeiling(0)),
        Arguments.of("temp=0", new TempBlocksCeiling(0)),
        Arguments.of("temp = 0.0", new TempBlocksCeiling(0)),
        Arguments.of("temp<=0", new TempBlocksCeiling(0)),
        Arguments.of("temp<=128", new TempBlocksCeiling(128)),
        Arguments.of("seqscan(entry)=0", new SequentialScanBan("entry")),
        Arguments.of("seqscan ( pgbench_accounts ) = 0", new SequentialScanBan("pgbench_accounts")),
        Arguments.of("seqscan(Entry_2$)=0", new SequentialScanBan("Entry_2$")),
        Arguments.of("seqscan(écriture)=0", new SequentialScanBan("écriture")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  void readsEverySpellingAndWritesItBackCanonically(String text, Threshold expected) {
    Threshold parsed = Threshold.parse(text);
    assertThat(parsed).isEqualTo(expected);
    assertThat(Threshold.parse(parsed.text())).isEqualTo(parsed);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "tps >= 500      | tps>=500",
        "tps>=412.50     | tps>=412.5",
        "p99.90<=50ms    | p99.9<=50ms",
        "p100<=1000ms    | max<=1s",
        "p99<=1500us     | p99<=1500us",
        "p99<=1.5ms      | p99<=1500us",
        "mean<=0.001s    | mean<=1ms",
        "failures<=0.10% | failures<=0.1%",
        "failures = 0    | failures=0",
        "blocks/tx<=200.0 | blocks/tx<=200",
        "wal/tx<=4096    | wal/tx<=4kB",
        "wal/tx<=1.5kB   | wal/tx<=1536B",
        "wal/tx<=100     | wal/tx<=100B",
        "wal/tx<=0.5kB   | wal/tx<=512B",
        "wal/tx<=1024kB  | wal/tx<=1MB",
        "temp<=0         | temp=0",
        "temp <= 7       | temp<=7",
        "seqscan( entry )=0.0 | seqscan(entry)=0"
      })
  void canonicalText(String text, String canonical) {
    assertThat(Threshold.parse(text).text()).isEqualTo(canonical);
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "``                | invalid threshold \"\" at the end: expected tps, p<percentile>, max, mean, failures, blocks/tx, wal/tx, statements/tx, commits/tx, lockwait/tx, cpu/tx, temp or seqscan(<table>)",
        "`   `             | invalid threshold \"   \" at the end: expected tps, p<percentile>, max, mean, failures, blocks/tx, wal/tx, statements/tx, commits/tx, lockwait/tx, cpu/tx, temp or seqscan(<table>)",
        "latency<=5ms      | invalid threshold \"latency<=5ms\" at column 1: expected tps, p<percentile>, max, mean, failures, blocks/tx, wal/tx, statements/tx, commits/tx, lockwait/tx, cpu/tx, temp or seqscan(<table>)",
        "P99<=20ms         | invalid threshold \"P99<=20ms\" at column 1: expected tps, p<percentile>, max, mean, failures, blocks/tx, wal/tx, statements/tx, commits/tx, lockwait/tx, cpu/tx, temp or seqscan(<table>)",
        "tps>500           | invalid threshold \"tps>500\" at column 4: expected >= after tps",
        "tps<=500          | invalid threshold \"tps<=500\" at column 4: expected >= after tps",
        "tps>=             | invalid threshold \"tps>=\" at the end: expected a tps figure",
        "tps>=fast         | invalid threshold \"tps>=fast\" at column 6: expected a tps figure",
        "tps>=1e3          | invalid threshold \"tps>=1e3\" at column 7: unexpected \"e3\" after tps>=1",
        "tps>=500 tps      | invalid threshold \"tps>=500 tps\" at column 10: unexpected \"tps\" after tps>=500",
        "tps>=-5           | invalid threshold \"tps>=-5\": tps floor must be a finite number of at least 0, was -5",
        "p<=20ms           | invalid threshold \"p<=20ms\" at column 2: expected a percentile after p, e.g. p99 or p99.9",
        "p99.<=20ms        | invalid threshold \"p99.<=20ms\" at column 2: expected a percentile after p, e.g. p99 or p99.9 (digits after the decimal point)",
        "p101<=5ms         | invalid threshold \"p101<=5ms\": latency ceiling's percentile must be greater than 0 and at most 100, was 101",
        "p0<=5ms           | invalid threshold \"p0<=5ms\": latency ceiling's percentile must be greater than 0 and at most 100, was 0",
        "p99<20ms          | invalid threshold \"p99<20ms\" at column 4: expected <= after the percentile",
        "p99<=20           | invalid threshold \"p99<=20\" at column 6: expected a duration, '20' is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "p99<=20 minutes   | invalid threshold \"p99<=20 minutes\" at column 6: expected a duration, '20 minutes' is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "p99<=ms           | invalid threshold \"p99<=ms\" at column 6: expected a duration, 'ms' is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "p99<=0ms          | invalid threshold \"p99<=0ms\": p99 latency ceiling must be a positive duration, was 0",
        "p99<=-3ms         | invalid threshold \"p99<=-3ms\" at column 6: expected a duration, '-3ms' is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "p99<=2h           | invalid threshold \"p99<=2h\": p99 latency ceiling must be at most 1 hour (latencies are recorded up to 1 hour), was 7200s",
        "p99<=7200s        | invalid threshold \"p99<=7200s\": p99 latency ceiling must be at most 1 hour (latencies are recorded up to 1 hour), was 7200s",
        "p99<=0.0001us     | invalid threshold \"p99<=0.0001us\" at column 6: expected a duration, '0.0001us' is finer than a nanosecond",
        "p99<=99999999999s | invalid threshold \"p99<=99999999999s\" at column 6: expected a duration, '99999999999s' is too long a duration (at most about 292 years)",
        "mean>=5ms         | invalid threshold \"mean>=5ms\" at column 5: expected <= after mean",
        "mean<=0s          | invalid threshold \"mean<=0s\": mean latency ceiling must be a positive duration, was 0",
        "max<=             | invalid threshold \"max<=\" at the end: expected a duration, '' is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)",
        "failures<=0.1     | invalid threshold \"failures<=0.1\" at the end: expected % after the failure rate (failures<=N% is a rate in percent; write failures=0 for no failures at all)",
        "failures<=101%    | invalid threshold \"failures<=101%\": failure-rate ceiling must be a percentage from 0 to 100, was 101",
        "failures<=-1%     | invalid threshold \"failures<=-1%\": failure-rate ceiling must be a percentage from 0 to 100, was -1",
        "failures=3        | invalid threshold \"failures=3\" at column 10: only failures=0 is allowed; for a failure rate write failures<=N%",
        "failures==0       | invalid threshold \"failures==0\" at column 10: expected 0",
        "failures<0.1%     | invalid threshold \"failures<0.1%\" at column 9: expected <=N% or =0 after failures",
        "failures          | invalid threshold \"failures\" at the end: expected <=N% or =0 after failures",
        "blocks/tx>=200    | invalid threshold \"blocks/tx>=200\" at column 10: expected <= after blocks/tx",
        "commits/tx<=1     | invalid threshold \"commits/tx<=1\" at column 11: expected = after commits/tx",
        "statements/tx=4   | invalid threshold \"statements/tx=4\" at column 14: expected <= after statements/tx",
        "blocks<=200       | invalid threshold \"blocks<=200\" at column 1: expected tps, p<percentile>, max, mean, failures, blocks/tx, wal/tx, statements/tx, commits/tx, lockwait/tx, cpu/tx, temp or seqscan(<table>)",
        "blocks/tx<=-1     | invalid threshold \"blocks/tx<=-1\": shared blocks per transaction ceiling must be a finite number of at least 0, was -1",
        "blocks/tx<=       | invalid threshold \"blocks/tx<=\" at the end: expected shared blocks per transaction",
        "wal/tx<=4kb       | invalid threshold \"wal/tx<=4kb\" at column 10: expected a unit (B, kB, MB or GB) after 4",
        "wal/tx<=4 TB      | invalid threshold \"wal/tx<=4 TB\" at column 11: expected a unit (B, kB, MB or GB) after 4",
        "wal/tx<=-2kB      | invalid threshold \"wal/tx<=-2kB\": WAL bytes per transaction ceiling must be a finite number of at least 0, was -2048",
        "wal/tx<=kB        | invalid threshold \"wal/tx<=kB\" at column 9: expected a size in bytes, e.g. 4kB or 512B",
        "temp=5            | invalid threshold \"temp=5\" at column 6: only temp=0 is allowed; for a ceiling write temp<=N",
        "temp<=1.5         | invalid threshold \"temp<=1.5\" at column 7: a number of temporary blocks is a whole number, was 1.5",
        "temp<=-1          | invalid threshold \"temp<=-1\": temporary blocks ceiling must be at least 0, was -1",
        "temp<=99999999999999999999 | invalid threshold \"temp<=99999999999999999999\" at column 7: a number of temporary blocks 99999999999999999999 is too large",
        "temp>0            | invalid threshold \"temp>0\" at column 5: expected <=N or =0 after temp",
        "seqscan=0         | invalid threshold \"seqscan=0\" at column 8: expected ( and a table name after seqscan, e.g. seqscan(entry)=0",
        "seqscan()=0       | invalid threshold \"seqscan()=0\" at column 9: expected a table name after seqscan(",
        "seqscan(entry=0   | invalid threshold \"seqscan(entry=0\" at the end: expected ) after the table name entry=0",
        "seqscan(entry)=1  | invalid threshold \"seqscan(entry)=1\" at column 16: only seqscan(entry)=0 is allowed: no statement may scan the table whole",
        "seqscan(entry)<=0 | invalid threshold \"seqscan(entry)<=0\" at column 15: expected = after seqscan(entry)",
        "seqscan(public.entry)=0 | invalid threshold \"seqscan(public.entry)=0\": sequential scan ban needs a table name as plans show it (letters, digits, _ and $, not starting with a digit or $, at most 63 bytes), was \"public.entry\"",
        "seqscan(1entry)=0 | invalid threshold \"seqscan(1entry)=0\": sequential scan ban needs a table name as plans show it (letters, digits, _ and $, not starting with a digit or $, at most 63 bytes), was \"1entry\"",
        "seqscan(entry x)=0 | invalid threshold \"seqscan(entry x)=0\" at column 15: expected ) after the table name entry"
      })
  void errorsNameTheTextWhereAndWhatWasExpected(String text, String message) {
    assertThatThrownBy(() -> Threshold.parse(text))
        .isInstanceOf(InvalidThresholdException.class)
        .hasMessage(message);
  }

  @Test
  void nullIsRefusedWithAMessage() {
    assertThatThrownBy(() -> Threshold.parse(null))
        .isInstanceOf(InvalidThresholdException.class)
        .hasMessage(
            "invalid threshold: null; expected tps, p<percentile>, max, mean, failures, blocks/tx, wal/tx, statements/tx, commits/tx, lockwait/tx, cpu/tx, temp or seqscan(<table>)");
  }

  @Test
  void listsAreCommaSeparated() {
    assertThat(Threshold.parseList("tps>=500, p99<=20ms,p99.9<=50ms , failures=0"))
        .containsExactly(
            new TpsFloor(500), new LatencyCeiling(99, Duration.ofMillis(20)),
            new LatencyCeiling(99.9, Duration.ofMillis(50)), new FailureBan());
    assertThat(Threshold.parseList("")).isEmpty();
    assertThat(Threshold.parseList("  ")).isEmpty();
    assertThat(Threshold.parseList(null)).isEmpty();
    assertThatThrownBy(() -> Threshold.parseList("tps>=500,,p99<=20ms"))
        .isInstanceOf(InvalidThresholdException.class)
        .hasMessage(
            "invalid threshold list \"tps>=500,,p99<=20ms\": empty entry;"
                + " expected thresholds separated by commas, e.g. tps>=500, p99<=20ms");
    assertThatThrownBy(() -> Threshold.parseList("tps>=500, p99<=20"))
        .hasMessage(
            "invalid threshold \" p99<=20\" at column 7: expected a duration, '20' is not"
                + " a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)");
  }
}
