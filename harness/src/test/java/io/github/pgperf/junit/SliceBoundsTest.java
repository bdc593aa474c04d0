package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.TestDatabaseExtension;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slice of pgperf:compare ({@code pgperf.slice.duration}, {@code pgperf.slice.warmup}) bounds
 * every run, also one whose test built its load in code or declared its own length: each side's
 * slice then measures the same length and spends no time warming what the comparison's warm-up
 * slice warmed already. A run of a number of transactions keeps its number.
 */
class SliceBoundsTest {

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  /** Calls of {@link CodeBuilt}'s transaction body, warm-up included. */
  static final AtomicLong CALLS = new AtomicLong();

  @TempDir Path dir;

  @BeforeEach
  void clear() {
    Fixture.SEEN.clear();
    CALLS.set(0);
  }

  private Kit.Run run(Map<String, String> extra, Class<?>... fixtures) {
    Map<String, String> parameters =
        new HashMap<>(Map.of("pgperf.url", DATABASE.get().url(), "pgperf.results", dir.toString()));
    parameters.putAll(extra);
    Kit.Run run = Kit.run(parameters, fixtures);
    run.results().testEvents().assertStatistics(s -> s.failed(0));
    return run;
  }

  @Test
  void aSliceBoundsALoadBuiltInCodeAndDropsItsWarmUp() {
    run(Map.of("pgperf.slice.duration", "1s", "pgperf.slice.warmup", "0s"), CodeBuilt.class);

    RunResult result = (RunResult) Fixture.SEEN.get("CodeBuilt");
    assertThat(result.settings().length()).isEqualTo(new RunLength.Timed(1));
    // Without a warm-up every call is a measured transaction, but for one per client still
    // running at the end; the code's 2-s warm-up would have called it hundreds of times more.
    long processed = result.totalCounts().processed();
    assertThat(CALLS.get() - processed).isBetween(0L, (long) CodeBuilt.CLIENTS);
  }

  @Test
  void withoutASliceTheCodesWarmUpAndLengthHold() {
    run(Map.of(), CodeBuilt.class);

    RunResult result = (RunResult) Fixture.SEEN.get("CodeBuilt");
    assertThat(result.settings().length()).isEqualTo(new RunLength.Timed(3));
    assertThat(CALLS.get() - result.totalCounts().processed()).isGreaterThan(CodeBuilt.CLIENTS);
  }

  @Test
  void aSliceWarmUpKeepsTheLengthBoundAndGivesItsOwnWarmUp() {
    run(Map.of("pgperf.slice.duration", "1s"), CodeBuilt.class);

    RunResult result = (RunResult) Fixture.SEEN.get("CodeBuilt");
    assertThat(result.settings().length()).isEqualTo(new RunLength.Timed(1));
    assertThat(CALLS.get() - result.totalCounts().processed()).isGreaterThan(CodeBuilt.CLIENTS);
  }

  @Test
  void aSliceBeatsAMethodsOwnKeyAndKeepsACountOfTransactions() throws Exception {
    run(
        Map.of(
            "pgperf.slice.duration",
            "1s",
            "pgperf.slice.warmup",
            "0s",
            "pgperf.Declared.timed.duration",
            "4s"),
        Declared.class,
        Counted.class);

    assertThat(ResultJson.read(dir.resolve("Declared-timed.json")).settings().length())
        .isEqualTo(new RunLength.Timed(1));
    RunResult counted = (RunResult) Fixture.SEEN.get("Counted");
    assertThat(counted.settings().length()).isEqualTo(new RunLength.PerClient(7));
    assertThat(counted.totalCounts().processed()).isEqualTo(14);
  }

  @Test
  void aBadSliceIsNamed() {
    Kit.Run run =
        Kit.run(
            Map.of(
                "pgperf.url",
                DATABASE.get().url(),
                "pgperf.results",
                dir.toString(),
                "pgperf.slice.duration",
                "1.5s"),
            CodeBuilt.class);

    run.results().testEvents().assertStatistics(s -> s.failed(1)).failed().stream()
        .forEach(
            e ->
                assertThat(
                        e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                            .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                            .map(Throwable::getMessage)
                            .orElse(""))
                    .contains("pgperf.slice.duration"));
  }

  /** A load built in code, with a warm-up and a length of its own. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class CodeBuilt {
    static final int CLIENTS = 2;

    @org.junit.jupiter.api.Test
    void counted(LoadRunner load) {
      RunResult run =
          load.clients(CLIENTS)
              .threads(CLIENTS)
              .warmup(Duration.ofSeconds(2))
              .duration(Duration.ofSeconds(3))
              .transaction(
                  "select",
                  connection -> {
                    CALLS.incrementAndGet();
                    try (Statement s = connection.createStatement()) {
                      s.execute("select 1");
                    }
                  })
              .run();
      Fixture.SEEN.put("CodeBuilt", run);
    }
  }

  /** A declared load (its method's own key in the test gives it another length). */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Declared {
    @org.junit.jupiter.api.Test
    @Load(script = "/queries/select-one.sql", duration = "3s")
    void timed() {}
  }

  /** A load of a number of transactions per client. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Counted {
    @org.junit.jupiter.api.Test
    void counted(LoadRunner load) {
      Fixture.SEEN.put(
          "Counted",
          load.clients(2).transactionsPerClient(7).script("/queries/select-one.sql").run());
    }
  }
}
