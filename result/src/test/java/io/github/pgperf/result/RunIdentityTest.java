package io.github.pgperf.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RunIdentityTest {

  @Test
  void buildIdsAreNewEachTimeAndSortByTime() {
    String a = RunIdentity.newBuildId();
    String b = RunIdentity.newBuildId();
    assertThat(a).matches("\\d{8}T\\d{6}Z-[0-9a-f]{6}").isNotEqualTo(b);
  }

  @Test
  void thisProcessIsOneBuild() {
    assertThat(RunIdentity.thisProcess()).isEqualTo(RunIdentity.thisProcess());
    assertThat(RunIdentity.thisProcess().trial()).isZero();
  }

  @Test
  void badValuesAreRefused() {
    assertThatThrownBy(() -> new RunIdentity(" ", 1)).hasMessageContaining("build id");
    assertThatThrownBy(() -> new RunIdentity("a\nb", 1)).hasMessageContaining("one line");
    assertThatThrownBy(() -> new RunIdentity("a", -1)).hasMessageContaining("negative");
  }
}
