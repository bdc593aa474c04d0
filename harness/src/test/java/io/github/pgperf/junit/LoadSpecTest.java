package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.RunOptionsException;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.result.QueryMode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** One workload description, mapped once onto the runner's options. */
class LoadSpecTest {

  @Test
  void nothingGivenIsPgbenchsDefaults() throws Exception {
    RunOptions options =
        LoadSpec.PGBENCH.runOptions(0, VacuumMode.DEFAULT, LoadSpec.PGBENCH.definitions());
    RunOptions pgbench = RunOptions.builder().build();
    assertThat(options)
        .usingRecursiveComparison()
        .ignoringFields("randomSeed", "endTimeoutSeconds", "endTimeoutSetting")
        .isEqualTo(pgbench);
    // But a test's timed run is bounded (pgbench's, and the command line's, wait without limit).
    assertThat(pgbench.endTimeoutSeconds()).isZero();
    assertThat(options.endTimeoutSeconds()).isEqualTo(10);
    assertThat(options.endTimeoutSetting()).isEqualTo("LoadRunner.endTimeout");
  }

  @Test
  void everyOptionReachesTheRunnersOptions() throws Exception {
    LoadSpec spec =
        LoadSpec.PGBENCH
            .withItem(new LoadSpec.Builtin("select-only", 2))
            .withClients(8)
            .withThreads(4)
            .withDuration(Duration.ofSeconds(30))
            .withRate(500)
            .withLatencyLimit(Duration.ofNanos(1_500_000))
            .withQueryMode(QueryMode.PREPARED)
            .withMaxTries(3)
            .withWarmup(Duration.ofSeconds(5))
            .withVacuum(false)
            .withDefine("aid", "1")
            .withDefine("bid", "2")
            .withDefine("aid", "3")
            .withLabel("hot")
            .withEndTimeout(Duration.ofSeconds(20))
            .withPerStatement(true)
            .withProgress(Duration.ofSeconds(2))
            .withTimelineInterval(Duration.ofMillis(250));
    RunOptions o = spec.runOptions(7, VacuumMode.NONE, spec.definitions());
    assertThat(o.clients()).isEqualTo(8);
    assertThat(o.threads()).isEqualTo(4);
    assertThat(o.durationSeconds()).isEqualTo(30);
    assertThat(o.rate()).isEqualTo(500);
    assertThat(o.latencyLimitMicros()).isEqualTo(1500);
    assertThat(o.queryMode()).isEqualTo(QueryMode.PREPARED);
    assertThat(o.maxTries()).isEqualTo(3);
    assertThat(o.warmupSeconds()).isEqualTo(5);
    assertThat(o.vacuum()).isEqualTo(VacuumMode.NONE);
    assertThat(o.definitions().values()).containsEntry("aid", "3").containsEntry("bid", "2");
    assertThat(spec.defines().keySet()).containsExactly("aid", "bid");
    assertThat(o.endTimeoutSeconds()).isEqualTo(20);
    assertThat(o.endTimeoutSetting()).isEqualTo("LoadRunner.endTimeout");
    assertThat(o.perStatement()).isTrue();
    assertThat(o.progressSeconds()).isEqualTo(2);
    assertThat(o.timelineMillis()).isEqualTo(250);
    assertThat(o.scale()).isEqualTo(7);
  }

  @Test
  void combinationsAreLeftToTheRunnersOptionsAndItsMessages() {
    LoadSpec both =
        LoadSpec.PGBENCH.withDuration(Duration.ofSeconds(1)).withTransactionsPerClient(5);
    assertThatThrownBy(() -> both.runOptions(0, VacuumMode.DEFAULT, both.definitions()))
        .isInstanceOf(RunOptionsException.class);
  }

  @Test
  void aSweepPointHasItsClientsThreadsCappedAndItsOwnLabel() {
    LoadSpec declared = LoadSpec.PGBENCH.withClients(1).withThreads(4).withLabel("read");
    LoadSpec point = declared.atClients(2);
    assertThat(point.clients()).isEqualTo(2);
    assertThat(point.threads()).isEqualTo(2);
    assertThat(point.label()).isEqualTo("read-clients-2");
    assertThat(declared.atClients(16).threads()).isEqualTo(4);
  }

  @Test
  void onlyCustomItemsTakeTheScaleFromTheTables() {
    LoadSpec custom = LoadSpec.PGBENCH.withItem(new LoadSpec.Resource("/q.sql", 1));
    assertThat(custom.customOnly()).isTrue();
    assertThat(custom.withItem(new LoadSpec.Builtin("tpcb-like", 1)).customOnly()).isFalse();
    assertThat(LoadSpec.PGBENCH.customOnly()).isFalse();
  }
}
