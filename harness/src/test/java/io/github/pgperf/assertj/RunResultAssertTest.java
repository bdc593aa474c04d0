package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.threshold.InvalidThresholdException;
import io.github.pgperf.threshold.KnownRuns;
import io.github.pgperf.threshold.Threshold;
import java.time.Duration;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The assertions on runs whose figures are known exactly (see {@link KnownRuns}): 10000 processed
 * in 10 s (1000 tps), p50 = p99 = 1 ms, p99.9 = 1.5 ms, p99.99 = 2 ms, max 20 ms, mean 1.00455 ms.
 */
class RunResultAssertTest {

  private static final RunResult KNOWN = KnownRuns.known(0, 0);
  private static final String SUMMARY =
      "<builtin: select only> \"known\", 4 clients, 2 threads,"
          + " 10 s: 10000 processed, 0 failed, 0 skipped in 10.0 s; tps 1000.0;"
          + " latency p50 1.0 ms, p99 1.0 ms, max 20.0 ms";

  @Test
  void everyAssertionPassesAtItsExactLimit() {
    assertThat(KNOWN)
        .hasTpsAtLeast(1000)
        .hasLatencyAtMost(50, Duration.ofMillis(1))
        .hasLatencyAtMost(99, Duration.ofMillis(1))
        .hasLatencyAtMost(99.9, Duration.ofNanos(1_500_000))
        .hasLatencyAtMost(99.99, Duration.ofMillis(2))
        .hasLatencyAtMost(100, Duration.ofMillis(20))
        .hasMeanLatencyAtMost(Duration.ofNanos(1_004_550))
        .hasMaxLatencyAtMost(Duration.ofMillis(20))
        .hasNoFailures()
        .hasFailureRateAtMost(0)
        .meets(
            "tps>=1000",
            "p99.9<=1.5ms",
            "p99.99<=2ms",
            "max<=20ms",
            "mean<=1004.55us",
            "failures=0")
        .meets(Threshold.tpsAtLeast(999), Threshold.noFailures());
  }

  @Test
  void tpsFailureShowsFigureLimitAndRun() {
    assertThatThrownBy(() -> assertThat(KNOWN).hasTpsAtLeast(1000.5))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting tps of run:%n  %s%nto be at least:%n  1000.5 tps%n"
                    + "but was:%n  1000.0 tps",
                SUMMARY));
  }

  @Test
  void percentileFailuresShowThePercentileAndBothFigures() {
    assertThatThrownBy(() -> assertThat(KNOWN).hasLatencyAtMost(99.9, Duration.ofNanos(1_499_000)))
        .hasMessage(
            String.format(
                "%nExpecting p99.9 latency of run:%n  %s%nto be at most:%n  1.499 ms%n"
                    + "but was:%n  1.5 ms",
                SUMMARY));
    assertThatThrownBy(() -> assertThat(KNOWN).hasLatencyAtMost(99.99, Duration.ofNanos(1_999_000)))
        .hasMessageContainingAll(
            "Expecting p99.99 latency of run:", "1.999 ms", "but was:%n  2.0 ms".formatted());
    assertThatThrownBy(() -> assertThat(KNOWN).hasLatencyAtMost(100, Duration.ofMillis(19)))
        .hasMessageContainingAll(
            "Expecting max latency of run:", "19.0 ms", "but was:%n  20.0 ms".formatted());
    assertThatThrownBy(() -> assertThat(KNOWN).hasMaxLatencyAtMost(Duration.ofMillis(19)))
        .hasMessageContainingAll(
            "Expecting max latency of run:", "19.0 ms", "but was:%n  20.0 ms".formatted());
  }

  @Test
  void meanFailure() {
    assertThatThrownBy(() -> assertThat(KNOWN).hasMeanLatencyAtMost(Duration.ofMillis(1)))
        .hasMessage(
            String.format(
                "%nExpecting mean latency of run:%n  %s%nto be at most:%n  1.0 ms%n"
                    + "but was:%n  1.005 ms",
                SUMMARY));
  }

  @Test
  void failureAssertionsCountFailedTransactions() {
    RunResult failing = KnownRuns.known(11, 989);
    assertThat(failing).hasFailureRateAtMost(0.1);
    assertThatThrownBy(() -> assertThat(failing).hasNoFailures())
        .hasMessageContainingAll(
            "Expecting failed transactions of run:",
            "11 failed, 989 skipped",
            "to be at most:%n  0%nbut was:%n  11".formatted());
    assertThatThrownBy(() -> assertThat(failing).hasFailureRateAtMost(0.05))
        .hasMessageContainingAll(
            "Expecting failure rate of run:",
            "to be at most:%n  0.05%%".formatted(),
            "but was:%n  0.1%% (11 of 11000 transactions failed)".formatted());
    assertThatThrownBy(() -> assertThat(KnownRuns.aborted()).hasNoFailures())
        .hasMessageContainingAll(
            "ABORTED, figures incomplete",
            "but was:%n  0 (the run was aborted by a client's error; its figures are incomplete)"
                .formatted());
  }

  @Test
  void latencyAssertionsFailARunThatProcessedNothing() {
    assertThatThrownBy(
            () -> assertThat(KnownRuns.empty()).hasLatencyAtMost(99, Duration.ofSeconds(1)))
        .hasMessageContainingAll(
            "latency none", "but was:%n  none (no transaction was processed)".formatted());
  }

  @Test
  void meetsListsEveryMissedThreshold() {
    assertThatThrownBy(
            () -> assertThat(KNOWN).meets("tps>=2000", "p99<=2ms", "p99.9<=1ms", "failures=0"))
        .hasMessage(
            String.format(
                "%nExpecting run:%n  %s%nto meet:%n  tps>=2000, p99<=2ms, p99.9<=1ms,"
                    + " failures=0%nbut these 2 failed:%n"
                    + "  tps>=2000: tps was 1000.0 tps, expected at least 2000.0 tps%n"
                    + "  p99.9<=1ms: p99.9 latency was 1.5 ms, expected at most 1.0 ms",
                SUMMARY));
    assertThatThrownBy(
            () ->
                assertThat(KNOWN)
                    .meets(
                        Threshold.tpsAtLeast(1), Threshold.maxLatencyAtMost(Duration.ofMillis(10))))
        .hasMessageContainingAll("but this one failed:", "max<=10ms: max latency was 20.0 ms");
    // One threshold reads like the dedicated assertion.
    assertThatThrownBy(() -> assertThat(KNOWN).meets("mean<=1ms"))
        .hasMessageStartingWith(String.format("%nExpecting mean latency of run:"));
  }

  @Test
  void badThresholdsAreMistakesInTheTestNotFailedAssertions() {
    assertThatThrownBy(() -> assertThat(KNOWN).meets("p99<20ms"))
        .isInstanceOf(InvalidThresholdException.class)
        .hasMessage("invalid threshold \"p99<20ms\" at column 4: expected <= after the percentile");
    assertThatThrownBy(() -> assertThat(KNOWN).hasLatencyAtMost(101, Duration.ofMillis(1)))
        .isInstanceOf(InvalidThresholdException.class)
        .hasMessage("latency ceiling's percentile must be greater than 0 and at most 100, was 101");
    assertThatThrownBy(() -> assertThat(KNOWN).hasTpsAtLeast(-1))
        .isInstanceOf(InvalidThresholdException.class);
    assertThatThrownBy(() -> assertThat(KNOWN).meets(new String[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no thresholds given to meet");
  }

  @Test
  void scriptNarrowsToOneScriptsFigures() {
    RunResult run = KnownRuns.twoScripts();
    assertThat(run).hasTpsAtLeast(1009).hasLatencyAtMost(99, Duration.ofNanos(1_500_000));
    assertThat(run)
        .script(KnownRuns.MAIN)
        .hasTpsAtLeast(1000)
        .hasNoFailures()
        .hasMaxLatencyAtMost(Duration.ofMillis(20));
    assertThat(run)
        .script(KnownRuns.SLOW)
        .hasTpsAtLeast(9)
        .hasFailureRateAtMost(10)
        .hasLatencyAtMost(50, Duration.ofMillis(50));
    assertThatThrownBy(() -> assertThat(run).script(KnownRuns.SLOW).hasNoFailures())
        .hasMessageContainingAll(
            "[script slow.sql] ",
            "Expecting failed transactions of run:",
            "slow.sql \"known\", 4 clients, 2 threads, 10 s: 90 processed, 10 failed",
            "but was:%n  10".formatted());
    assertThatThrownBy(() -> assertThat(run).as("nightly").script(KnownRuns.SLOW).hasTpsAtLeast(10))
        .hasMessageStartingWith("[nightly, script slow.sql] ")
        .hasMessageContaining("but was:%n  9.0 tps".formatted());
    assertThatThrownBy(() -> assertThat(run).script("other.sql"))
        .hasMessageContainingAll(
            "to have a script named:%n  \"other.sql\"".formatted(),
            "but its scripts are:%n  [\"<builtin: select only>\", \"slow.sql\"]".formatted());
  }

  @Test
  void navigatesFromAnyObjectThroughTheAssertFactory() {
    record Outcome(String name, RunResult result) {}
    Outcome outcome = new Outcome("nightly", KNOWN);
    org.assertj.core.api.Assertions.assertThat(outcome)
        .extracting(Outcome::result, PgPerfAssertions.RUN_RESULT)
        .hasTpsAtLeast(1000);
    assertThatThrownBy(
            () ->
                org.assertj.core.api.Assertions.assertThat(outcome)
                    .extracting(Outcome::result, PgPerfAssertions.RUN_RESULT)
                    .hasTpsAtLeast(1001))
        .hasMessageContaining("Expecting tps of run:");
  }

  @Test
  void nullRunFailsLikeAnyAssertJAssertion() {
    assertThatThrownBy(() -> assertThat((RunResult) null).hasTpsAtLeast(1))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting actual not to be null");
  }

  @Test
  void softAssertionsCollectEveryFailure() {
    PgPerfSoftAssertions softly = new PgPerfSoftAssertions();
    softly
        .assertThat(KNOWN)
        .hasTpsAtLeast(2000)
        .hasLatencyAtMost(99.99, Duration.ofMillis(1))
        .hasNoFailures();
    softly.assertThat(KNOWN.aborted()).isTrue();
    softly.check(() -> assertThat(KnownRuns.twoScripts()).script(KnownRuns.SLOW).hasNoFailures());
    assertThat(softly.errorsCollected()).hasSize(4);
    assertThatThrownBy(softly::assertAll)
        .hasMessageContainingAll(
            "Multiple Failures (4 failures)",
            "Expecting tps of run:",
            "Expecting p99.99 latency of run:",
            "[script slow.sql]");
  }

  @Test
  void worksInsidePlainSoftAssertionsThroughCheck() {
    SoftAssertions softly = new SoftAssertions();
    softly.check(
        () -> assertThat(KNOWN).meets(Threshold.failureRateAtMost(0), Threshold.tpsAtLeast(5000)));
    softly.check(() -> assertThat(KNOWN).hasMaxLatencyAtMost(Duration.ofMillis(5)));
    assertThat(softly.errorsCollected()).hasSize(2);
  }

  @Test
  void failureMessagesCarryNoPassword() {
    ConnectionSpec spec =
        new ConnectionSpec(
            "127.0.0.1", 5432, "postgres", "bench", "s3cret-Passw0rd", Duration.ofSeconds(1));
    RunResult run = KNOWN.withTarget(spec.target());
    assertThatThrownBy(
            () -> assertThat(run).meets("tps>=5000", "p99<=1us", "failures<=0%", "mean<=1us"))
        .hasMessageContaining(SUMMARY)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cret"));
  }
}
