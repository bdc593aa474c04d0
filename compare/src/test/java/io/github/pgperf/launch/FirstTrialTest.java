package io.github.pgperf.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A test JVM of pgperf:compare runs one trial numbered by its pair. */
class FirstTrialTest {

  @Test
  void theFirstTrialSurvivesTheRoundTripAndDefaultsToOne() {
    ForkArguments a =
        ForkArguments.of(
                Path.of("/p/tc"),
                new TestSelection(List.of("performance"), List.of(), List.of(), 1),
                Path.of("/p/e.tsv"),
                Path.of("/p/t.txt"))
            .fromTrial(4);
    assertThat(ForkArguments.parse(a.toArgs().toArray(new String[0]))).isEqualTo(a);
    assertThat(
            ForkArguments.parse(
                    new String[] {"--test-classes", "/p", "--events", "/e", "--traces", "/t"})
                .firstTrial())
        .isEqualTo(1);
    assertThatThrownBy(() -> ForkArguments.parse(new String[] {"--first-trial", "x"}))
        .hasMessage("--first-trial is not a number: x");
    assertThatThrownBy(
            () ->
                ForkArguments.of(
                        Path.of("/p"),
                        new TestSelection(List.of(), List.of(), List.of(), 1),
                        Path.of("/e"),
                        Path.of("/t"))
                    .fromTrial(0))
        .hasMessage("the first trial must be at least 1, not 0");

    // pgperf:compare's per-class JVMs and its discovery (0 trials) survive it too.
    ForkArguments perClass =
        new ForkArguments(
            Path.of("/p/tc"),
            List.of(),
            List.of(),
            List.of(".*Perf.*"),
            "com.x.ItemsPerfTest",
            0,
            1,
            Path.of("/e"),
            Path.of("/t"),
            false);
    assertThat(ForkArguments.parse(perClass.toArgs().toArray(new String[0]))).isEqualTo(perClass);
    assertThat(a.testClass()).isEmpty();
    assertThatThrownBy(
            () ->
                new ForkArguments(
                    Path.of("/p"),
                    List.of(),
                    List.of(),
                    List.of(),
                    "",
                    -1,
                    1,
                    Path.of("/e"),
                    Path.of("/t"),
                    false))
        .hasMessage("trials must be 0 (discovery only) or more, not -1");
  }
}
