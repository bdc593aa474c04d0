package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Reading /proc/<pid>/stat as proc(5) lays it out. */
class ProcStatTest {

  @Test
  void readsTheFieldsAfterACommandWithSpacesAndParentheses() {
    ProcStat s =
        ProcStat.parse(
            "4242 (post gres) x) S 17 4242 4242 0 -1 4194560 1000 0 0 0"
                + " 123 45 6 7 20 0 1 0 999 0 0");
    assertThat(s).isEqualTo(new ProcStat("post gres) x", 'S', 17, 168, 13));
  }

  @Test
  void theJvmsOwnLineIsReadAndAMissingProcessIsNull() {
    ProcStat self = ProcStat.read((int) ProcessHandle.current().pid());
    assertThat(self).isNotNull();
    assertThat(self.command()).isEqualTo("java");
    assertThat(self.parent()).isEqualTo((int) ProcessHandle.current().parent().orElseThrow().pid());
    assertThat(ProcStat.read(Integer.MAX_VALUE)).isNull();
    assertThat(ProcStat.parse("garbage")).isNull();
  }
}
