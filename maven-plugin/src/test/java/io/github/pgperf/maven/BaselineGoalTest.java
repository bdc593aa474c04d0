package io.github.pgperf.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BaselineGoalTest {

  @Test
  void everyFormOfTheBaselineGoalCounts() {
    for (String goal :
        List.of(
            "pgperf:baseline",
            "io.github.pgperf:pgperf-maven-plugin:baseline",
            "io.github.pgperf:pgperf-maven-plugin:0.1.0-SNAPSHOT:baseline",
            "pgperf:baseline@nightly",
            " pgperf:baseline ")) {
      assertThat(BaselineGoal.requested(List.of("verify", goal))).as(goal).isTrue();
    }
  }

  @Test
  void otherGoalsAndPhasesDoNot() {
    for (String goal :
        List.of(
            "verify",
            "baseline",
            "pgperf:check",
            "other:baseline",
            "io.github.pgperf:other-plugin:1.0:baseline",
            "pgperf:baselines",
            "io.github.pgperf:pgperf-maven-plugin:1.0:check")) {
      assertThat(BaselineGoal.requested(List.of("verify", goal))).as(goal).isFalse();
    }
    assertThat(BaselineGoal.requested(null)).isFalse();
  }
}
