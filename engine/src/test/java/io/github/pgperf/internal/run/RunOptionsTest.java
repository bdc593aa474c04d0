package io.github.pgperf.internal.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.result.QueryMode;
import org.junit.jupiter.api.Test;

class RunOptionsTest {

  @Test
  void defaultsAreThoseOfPgbench() throws Exception {
    RunOptions o = RunOptions.builder().build();

    assertThat(o.clients()).isEqualTo(1);
    assertThat(o.threads()).isEqualTo(1);
    assertThat(o.transactions()).isEqualTo(10);
    assertThat(o.durationSeconds()).isZero();
    assertThat(o.queryMode()).isEqualTo(QueryMode.SIMPLE);
    assertThat(o.maxTries()).isEqualTo(1);
    assertThat(o.vacuum()).isEqualTo(VacuumMode.DEFAULT);
    assertThat(o.logPrefix()).isEqualTo("pgbench_log");
    assertThat(o.samplingRate()).isEqualTo(1.0);
  }

  @Test
  void aDurationReplacesTheDefaultNumberOfTransactions() throws Exception {
    RunOptions o = RunOptions.builder().durationSeconds(3).build();

    assertThat(o.transactions()).isZero();
    assertThat(o.durationSeconds()).isEqualTo(3);
  }

  @Test
  void moreThreadsThanClientsAreClamped() throws Exception {
    assertThat(RunOptions.builder().clients(2).threads(5).build().threads()).isEqualTo(2);
  }

  @Test
  void refusesWhatPgbenchRefusesWithItsMessages() {
    assertThatThrownBy(() -> RunOptions.builder().clients(0).build())
        .hasMessage("-c/--client must be in range 1..2147483647");
    assertThatThrownBy(() -> RunOptions.builder().transactions(5).durationSeconds(5).build())
        .hasMessage("specify either a number of transactions (-t) or a duration (-T), not both");
    assertThatThrownBy(() -> RunOptions.builder().maxTries(0).build())
        .hasMessage(
            "an unlimited number of transaction tries can only be used with"
                + " --latency-limit or a duration (-T)");
    assertThatThrownBy(() -> RunOptions.builder().progressTimestamp(true).build())
        .hasMessage("--progress-timestamp is allowed only under --progress");
    assertThatThrownBy(
            () ->
                RunOptions.builder()
                    .log(true)
                    .samplingRate(0.5)
                    .aggregateIntervalSeconds(1)
                    .build())
        .hasMessage(
            "log sampling (--sampling-rate) and aggregation (--aggregate-interval)"
                + " cannot be used at the same time");
    assertThatThrownBy(
            () ->
                RunOptions.builder()
                    .log(true)
                    .aggregateIntervalSeconds(3)
                    .durationSeconds(4)
                    .build())
        .hasMessage("duration (4) must be a multiple of aggregation interval (3)");
  }

  @Test
  void theEndTimeoutIsOffByDefaultAsInPgbenchAndNeverNegative() throws Exception {
    assertThat(RunOptions.builder().build().endTimeoutSeconds()).isZero();
    assertThat(RunOptions.builder().build().endTimeoutSetting()).isEqualTo("--end-timeout");
    assertThat(RunOptions.builder().endTimeoutSeconds(3).build().endTimeoutSeconds()).isEqualTo(3);
    assertThatThrownBy(() -> RunOptions.builder().endTimeoutSeconds(-1).build())
        .hasMessage("invalid end timeout (--end-timeout): \"-1\"");
    assertThat(RunOptions.builder().build().debug()).isFalse();
  }

  @Test
  void unlimitedTriesAreAllowedWithALatencyLimit() throws Exception {
    assertThat(RunOptions.builder().maxTries(0).latencyLimitMillis(50).build().maxTries()).isZero();
  }
}
