package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A work regression needs both the relative tolerance and the metric's floor; figures as printed.
 */
class WorkMetricTest {

  @Test
  void aRegressionNeedsTheToleranceAndTheFloor() {
    WorkMetric blocks = WorkMetric.SHARED_BLOCKS_PER_CALL;
    // Over 3x but only 0.9 blocks more: a small counter's noise.
    assertThat(blocks.regressed(0.3, 1.2)).isFalse();
    // 14 blocks more, but 2.2x: a hot row's contention.
    assertThat(blocks.regressed(13.19, 29.14)).isFalse();
    assertThat(blocks.regressed(4, 1912)).isTrue();
    assertThat(blocks.regressed(0, 1.5)).isTrue();
    WorkMetric wal = WorkMetric.WAL_BYTES_PER_TRANSACTION;
    assertThat(wal.regressed(100, 500)).isFalse();
    assertThat(wal.regressed(100, 700)).isTrue();
  }

  @Test
  void figuresArePrintedAsPeopleReadThem() {
    assertThat(WorkMetric.format(4)).isEqualTo("4");
    assertThat(WorkMetric.format(1912.4)).isEqualTo("1,912");
    assertThat(WorkMetric.format(3.051)).isEqualTo("3.05");
    assertThat(WorkMetric.format(52.7)).isEqualTo("52.7");
  }

  @Test
  void labelsNameTheirMetricOrAreRefused() {
    assertThat(WorkMetric.parse("rowsPerCall")).isEqualTo(WorkMetric.ROWS_PER_CALL);
    assertThatThrownBy(() -> WorkMetric.parse("rows"))
        .hasMessageContaining("unknown work metric" + " \"rows\"");
    assertThat(WorkMetric.PER_CALL).allMatch(WorkMetric::perCall).hasSize(4);
    assertThat(WorkMetric.PER_TRANSACTION).noneMatch(WorkMetric::perCall).hasSize(7);
  }
}
