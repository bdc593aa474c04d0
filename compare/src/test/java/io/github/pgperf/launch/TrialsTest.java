package io.github.pgperf.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TrialsTest {

  @Test
  void nothingSetGivesTheDefaultAndSaysSo() {
    assertThat(Trials.resolve(null, null, null).describe())
        .isEqualTo("5 trials of every test (the default; set pgperf.trials to change it)");
  }

  @Test
  void namesWhereTheNumberCameFrom() {
    assertThat(Trials.resolve(7, "7", "3")).isEqualTo(new Trials(7, "-Dpgperf.trials"));
    assertThat(Trials.resolve(3, null, "3")).isEqualTo(new Trials(3, "POM property pgperf.trials"));
    assertThat(Trials.resolve(1, null, null).describe())
        .isEqualTo("1 trial of every test (<trials> in the plugin's configuration)");
    // An explicit <trials> wins over the command line: said, so the -D is not silently lost.
    assertThat(Trials.resolve(4, "9", null).source())
        .isEqualTo("<trials> in the plugin's configuration, over -Dpgperf.trials=9");
  }
}
