package io.github.pgperf.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.result.RunResult;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Each threshold's check on runs whose figures are known exactly, and its validation. */
class ThresholdTest {

  private static final RunResult KNOWN = KnownRuns.known(0, 0);

  @ParameterizedTest(name = "p{0} is {1} µs")
  @CsvSource({
    "50, 1000",
    "90, 1000",
    "99, 1000",
    "99.5, 1000",
    "99.6, 1500",
    "99.9, 1500",
    "99.95, 1500",
    "99.99, 2000",
    "99.999, 20000",
    "100, 20000"
  })
  void latencyCeilingPassesAtTheExactPercentileAndFailsOneMicrosecondBelow(double p, long micros) {
    ThresholdCheck atLimit = new LatencyCeiling(p, Duration.ofNanos(micros * 1000)).check(KNOWN);
    assertThat(atLimit.passed()).isTrue();
    assertThat(atLimit.measured()).isEqualTo(micros / 1000.0);
    assertThat(atLimit.unit()).isEqualTo("ms");

    ThresholdCheck below =
        new LatencyCeiling(p, Duration.ofNanos((micros - 1) * 1000)).check(KNOWN);
    assertThat(below.passed()).isFalse();
    assertThat(below.measured()).isEqualTo(micros / 1000.0);
    assertThat(below.limit()).isEqualTo((micros - 1) / 1000.0);
  }

  @Test
  void percentile100IsTheExactMaximumEvenAboveTheHistogramsExactRange() {
    assertThat(KNOWN.total().latency().maxMicros()).isEqualTo(20_000);
    assertThat(LatencyCeiling.max(Duration.ofMillis(20)).check(KNOWN).passed()).isTrue();
    assertThat(LatencyCeiling.max(Duration.ofNanos(19_999_999)).check(KNOWN).passed()).isFalse();
    assertThat(LatencyCeiling.max(Duration.ofMillis(20)))
        .isEqualTo(new LatencyCeiling(100, Duration.ofMillis(20)));
  }

  @Test
  void meanCeilingComparesTheExactMean() {
    assertThat(KNOWN.total().latency().meanMicros()).isEqualTo(1004.55);
    ThresholdCheck pass = new MeanLatencyCeiling(Duration.ofNanos(1_004_550)).check(KNOWN);
    ThresholdCheck fail = new MeanLatencyCeiling(Duration.ofNanos(1_004_549)).check(KNOWN);
    assertThat(pass.passed()).isTrue();
    assertThat(fail.passed()).isFalse();
    assertThat(fail.measured()).isEqualTo(1.00455);
    // Measured and limit round to the same 3 decimals, so the figure is shown in full.
    assertThat(fail.describe())
        .isEqualTo("mean<=1004.549us failed: mean latency 1.00455 ms, expected at most 1.005 ms");
  }

  @Test
  void tpsFloorIsProcessedTransactionsOverBenchmarkTime() {
    ThresholdCheck pass = new TpsFloor(1000).check(KNOWN);
    assertThat(pass.passed()).isTrue();
    assertThat(pass.measured()).isEqualTo(1000.0);
    ThresholdCheck fail = new TpsFloor(1200).check(KnownRuns.known(500, 500));
    assertThat(fail.passed()).isFalse();
    assertThat(fail.measured()).isEqualTo(1000.0);
    assertThat(fail.describe())
        .isEqualTo("tps>=1200 failed: tps 1000.0 tps, expected at least 1200.0 tps");
  }

  @Test
  void failureRateIsFailedOverAllEndedTransactionsInPercent() {
    RunResult run = KnownRuns.known(11, 989); // 11 of 10000 + 11 + 989 = 11000: exactly 0.1 %
    ThresholdCheck pass = new FailureRateCeiling(0.1).check(run);
    assertThat(pass.passed()).isTrue();
    assertThat(pass.measured()).isEqualTo(0.1);
    ThresholdCheck fail = new FailureRateCeiling(0.099).check(run);
    assertThat(fail.passed()).isFalse();
    assertThat(fail.measuredText()).isEqualTo("0.1% (11 of 11000 transactions failed)");
    assertThat(fail.limitText()).isEqualTo("0.099%");
    assertThat(new FailureRateCeiling(0).check(KNOWN).passed()).isTrue();
  }

  @Test
  void noFailuresCountsFailedTransactionsAndAbortedRuns() {
    assertThat(new FailureBan().check(KNOWN).passed()).isTrue();
    assertThat(new FailureBan().check(KnownRuns.known(0, 7)).passed())
        .as("skips are no failures")
        .isTrue();
    ThresholdCheck failed = new FailureBan().check(KnownRuns.known(3, 0));
    assertThat(failed.passed()).isFalse();
    assertThat(failed.describe())
        .isEqualTo("failures=0 failed: failed transactions 3, expected at most 0");
    ThresholdCheck aborted = new FailureBan().check(KnownRuns.aborted());
    assertThat(aborted.passed()).isFalse();
    assertThat(aborted.measuredText())
        .isEqualTo("0 (the run was aborted by a client's error; its figures are incomplete)");
  }

  @Test
  void nothingMeasuredFailsLatencyAndRateThresholds() {
    RunResult empty = KnownRuns.empty();
    ThresholdCheck p99 = new LatencyCeiling(99, Duration.ofSeconds(1)).check(empty);
    assertThat(p99.passed()).isFalse();
    assertThat(p99.measured()).isNaN();
    assertThat(p99.measuredText()).isEqualTo("none (no transaction was processed)");
    assertThat(new MeanLatencyCeiling(Duration.ofSeconds(1)).check(empty).passed()).isFalse();
    assertThat(new FailureRateCeiling(100).check(empty).measuredText())
        .isEqualTo("none (no transaction ended)");
    assertThat(new TpsFloor(1).check(empty).measured()).isZero();
    assertThat(new TpsFloor(1).check(empty.total(), 0).measuredText())
        .isEqualTo("none (no benchmark time was measured)");
  }

  @Test
  void checksOneScriptBySetOfTransactionsAndSeconds() {
    RunResult run = KnownRuns.twoScripts();
    var slow = run.scripts().get(1).stats();
    assertThat(new TpsFloor(9).check(slow, run.benchSeconds()).measured()).isEqualTo(9.0);
    assertThat(
            new LatencyCeiling(50, Duration.ofMillis(50))
                .check(slow, run.benchSeconds())
                .measured())
        .isEqualTo(50.0);
    assertThat(new FailureRateCeiling(10).check(slow, run.benchSeconds()).measured())
        .isEqualTo(10.0);
    // The run's totals mix both scripts: 10090 processed, p99 at rank 9990 is 1.5 ms.
    assertThat(new TpsFloor(1).check(run).measured()).isEqualTo(1009.0);
    assertThat(new LatencyCeiling(99, Duration.ofMillis(2)).check(run).measured()).isEqualTo(1.5);
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        bad(() -> new TpsFloor(-5), "tps floor must be a finite number of at least 0, was -5"),
        bad(
            () -> new TpsFloor(Double.NaN),
            "tps floor must be a finite number of at least 0, was NaN"),
        bad(
            () -> new TpsFloor(Double.POSITIVE_INFINITY),
            "tps floor must be a finite number of at least 0, was Infinity"),
        bad(
            () -> new LatencyCeiling(101, Duration.ofMillis(5)),
            "latency ceiling's percentile must be greater than 0 and at most 100, was 101"),
        bad(
            () -> new LatencyCeiling(0, Duration.ofMillis(5)),
            "latency ceiling's percentile must be greater than 0 and at most 100, was 0"),
        bad(
            () -> new LatencyCeiling(-1, Duration.ofMillis(5)),
            "latency ceiling's percentile must be greater than 0 and at most 100, was -1"),
        bad(
            () -> new LatencyCeiling(Double.NaN, Duration.ofMillis(5)),
            "latency ceiling's percentile must be greater than 0 and at most 100, was NaN"),
        bad(
            () -> new LatencyCeiling(100.01, Duration.ofMillis(5)),
            "latency ceiling's percentile must be greater than 0 and at most 100, was 100.01"),
        bad(
            () -> new LatencyCeiling(99.9, Duration.ZERO),
            "p99.9 latency ceiling must be a positive duration, was 0"),
        bad(
            () -> new LatencyCeiling(99, Duration.ofMillis(-20)),
            "p99 latency ceiling must be a positive duration, was -20ms"),
        bad(() -> new LatencyCeiling(99, null), "p99 latency ceiling needs a duration, was null"),
        bad(
            () -> new LatencyCeiling(99, Duration.ofHours(2)),
            "p99 latency ceiling must be at most 1 hour (latencies are recorded up to 1 hour), was 7200s"),
        bad(
            () -> LatencyCeiling.max(Duration.ofDays(365 * 1000)),
            "p100 latency ceiling must be at most 1 hour (latencies are recorded up to 1 hour), was PT8760000H"),
        bad(
            () -> new MeanLatencyCeiling(Duration.ofNanos(-1)),
            "mean latency ceiling must be a positive duration, was -0.001us"),
        bad(
            () -> new MeanLatencyCeiling(Duration.ZERO),
            "mean latency ceiling must be a positive duration, was 0"),
        bad(
            () -> new FailureRateCeiling(-0.1),
            "failure-rate ceiling must be a percentage from 0 to 100, was -0.1"),
        bad(
            () -> new FailureRateCeiling(101),
            "failure-rate ceiling must be a percentage from 0 to 100, was 101"),
        bad(
            () -> new FailureRateCeiling(Double.NaN),
            "failure-rate ceiling must be a percentage from 0 to 100, was NaN"));
  }

  private static Arguments bad(Supplier<Threshold> make, String message) {
    return Arguments.of(make, message);
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("invalid")
  void figuresOutOfRangeAreRefusedWithTheThresholdAndTheValue(
      Supplier<Threshold> make, String message) {
    assertThatThrownBy(make::get).isInstanceOf(InvalidThresholdException.class).hasMessage(message);
  }

  @Test
  void limitsAtTheEdgesOfTheirRangeAreAccepted() {
    assertThat(new TpsFloor(0).check(KnownRuns.empty()).passed()).isTrue();
    assertThat(new LatencyCeiling(0.001, Duration.ofNanos(1)).text()).isEqualTo("p0.001<=0.001us");
    assertThat(LatencyCeiling.max(Duration.ofHours(1)).text()).isEqualTo("max<=3600s");
    assertThat(new FailureRateCeiling(100).text()).isEqualTo("failures<=100%");
  }
}
