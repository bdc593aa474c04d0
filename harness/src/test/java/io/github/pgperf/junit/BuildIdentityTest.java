package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import io.github.pgperf.testing.TestDatabaseExtension;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every result records the build, trial and test it belongs to: the gate's unit is the build, and
 * it groups results by test.
 */
class BuildIdentityTest {

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir Path dir;

  private RunResult run(Map<String, String> extra) throws Exception {
    Map<String, String> parameters =
        new HashMap<>(Map.of("pgperf.url", DATABASE.get().url(), "pgperf.results", dir.toString()));
    parameters.putAll(extra);
    Kit.Run run = Kit.run(parameters, LoadFixtures.SelectOnly.class);
    run.results().testEvents().assertStatistics(s -> s.started(1).succeeded(1));
    return ResultJson.read(dir.resolve("SelectOnly-selectOnly.json"));
  }

  @Test
  void pgperfTestsBuildAndTrialAreRecorded() throws Exception {
    RunResult result = run(Map.of("pgperf.build", "20261201T000000Z-abcdef", "pgperf.trial", "3"));
    assertThat(result.identity())
        .isEqualTo(
            new RunIdentity(
                "20261201T000000Z-abcdef",
                3,
                new TestIdentity(
                    LoadFixtures.SelectOnly.class.getCanonicalName(),
                    "selectOnly",
                    "selectOnly(LoadRunner)",
                    Map.of())));
  }

  @Test
  void withoutThemTheJvmIsTheBuild() throws Exception {
    RunResult result = run(Map.of());
    assertThat(result.identity().withTest(null)).isEqualTo(RunIdentity.thisProcess());
  }
}
