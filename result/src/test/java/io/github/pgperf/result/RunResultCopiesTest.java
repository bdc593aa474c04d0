package io.github.pgperf.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.work.SampleWork;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code with...} copies change the one thing they name and keep the rest. */
class RunResultCopiesTest {

  private final RunResult run = SampleRuns.run(1, 2, 50).withServerWork(SampleWork.full(2));

  @Test
  void aLabelIsSetOnTheSettingsAlone() {
    RunResult labelled = run.withSettings(run.settings().withLabel("hot path"));
    assertThat(labelled.settings().label()).isEqualTo("hot path");
    assertThat(labelled.withSettings(labelled.settings().withLabel("sample"))).isEqualTo(run);
    assertThat(labelled.serverWork()).isEqualTo(run.serverWork());
  }

  @Test
  void settingsOfOtherScriptsAreRefused() {
    RunSettings other = run.settings().withScripts(List.of(new RunSettings.Script("x.sql", 1)));
    assertThatThrownBy(() -> run.withSettings(other))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the settings have 1 scripts but the result 2");
  }

  @Test
  void targetAndServerAreReplaced() {
    Target elsewhere = new Target("db.example", 5433, "alice", "shop");
    RunResult moved = run.withTarget(elsewhere).withServer(null);
    assertThat(moved.target()).isEqualTo(elsewhere);
    assertThat(moved.server()).isNull();
    assertThat(moved.withTarget(run.target()).withServer(run.server())).isEqualTo(run);
  }

  @Test
  void oneScriptAloneHasItsFiguresAndNoTimelineOrServerWork() {
    RunResult second = run.onlyScript(1);
    assertThat(second.settings().scripts()).containsExactly(new RunSettings.Script("one.sql", 1));
    assertThat(second.totalCounts()).isEqualTo(run.scripts().get(1).stats().counts());
    assertThat(second.timeline()).isEmpty();
    assertThat(second.serverWork()).isNull();
    assertThat(second.settings().withScripts(run.settings().scripts())).isEqualTo(run.settings());
  }
}
