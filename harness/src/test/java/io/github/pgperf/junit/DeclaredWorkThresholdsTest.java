package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Event;

/**
 * The declared work thresholds ({@link NoSequentialScanOn}, {@link
 * SharedBlocksPerTransactionAtMost}, {@link TempBlocksAtMost}, {@link
 * WalBytesPerTransactionAtMost}, and on what a transaction costs {@link
 * LockWaitPerTransactionAtMost}, {@link ServerCpuPerTransactionAtMost}), run by JUnit itself on the
 * fixtures of {@link WorkThresholdFixtures} against a cluster of this test's own with
 * pg_stat_statements preloaded, as EXTERNAL: met with the index, missed without it or by a sort
 * beyond work_mem, changed from the build, and never passed when the work was not measured.
 */
class DeclaredWorkThresholdsTest {

  private static OwnServer server;
  private static TestDatabase database;

  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    server = OwnServer.start(Map.of("shared_preload_libraries", "pg_stat_statements"));
    database = server.createDatabase();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @BeforeEach
  void forgetWhatFixturesSaw() {
    Fixture.SEEN.clear();
  }

  /** A run of the fixtures with pg_stat_statements installable, plus {@code extra}. */
  private Kit.Run run(Map<String, String> extra, Class<?>... fixtures) {
    return run(database, extra, fixtures);
  }

  private Kit.Run run(TestDatabase on, Map<String, String> extra, Class<?>... fixtures) {
    Map<String, String> parameters = new HashMap<>();
    parameters.put("pgperf.url", on.url());
    parameters.put("pgperf.results", dir.resolve("results").toString());
    parameters.put("pgperf.installExtensions", "true");
    parameters.putAll(extra);
    return Kit.run(parameters, fixtures);
  }

  @Test
  void lookupsWithTheirIndexMeetEveryWorkThreshold() {
    Kit.Run run = run(Map.of(), WorkThresholdFixtures.Indexed.class);

    succeeded(run);
    RunResult seen = (RunResult) ((List<?>) Fixture.SEEN.get("Indexed")).get(0);
    // Met on figures that were measured, not on missing ones.
    assertThat(seen.serverWork().statements()).isNotEmpty();
    assertThat(seen.serverWork().plans()).hasSize(1);
    assertThat(seen.serverWork().plans().get(0).shape().usesIndex("entry_account_id_idx")).isTrue();
  }

  @Test
  void aLostIndexFailsTheSequentialScanBanAndTheBlocksWithTheStatementAndFigures() {
    Kit.Run run = run(Map.of(), WorkThresholdFixtures.Unindexed.class);

    String message = failure(run, "Unindexed", "lookups").getMessage();
    assertThat(message)
        .contains("declared thresholds of Unindexed.lookups")
        .contains("to meet:\n  blocks/tx<=200, temp=0, seqscan(entry)=0, seqscan(account)=0\n")
        .contains("but these 2 failed:")
        .contains(
            "  seqscan(entry)=0: statements scanning entry sequentially was 1 (of 1"
                + " planned statements: select sum(amount) from entry where account_id = :id;)")
        .containsPattern(
            "  blocks/tx<=200: shared blocks per transaction was [0-9.]+ blocks"
                + " \\([0-9]+ blocks in 100 transactions\\), expected at most 200\\.0 blocks")
        .doesNotContain("temp=0:")
        .doesNotContain("seqscan(account)=0:");
    assertThat(Fixture.SEEN).doesNotContainKey("Unindexed");
  }

  @Test
  void countsPerTransactionAreMetOrFailWithWhatTheServerCounted() {
    succeeded(run(Map.of(), WorkThresholdFixtures.Counted.class));
    Kit.Run run = run(Map.of(), WorkThresholdFixtures.Miscounted.class);

    String message = failure(run, "Miscounted", "lookups").getMessage();
    assertThat(message)
        .contains("to meet:\n  statements/tx<=0.5, commits/tx=2\n")
        .contains("but these 2 failed:")
        .contains(
            "  statements/tx<=0.5: statements per transaction was 1.0 statements (100"
                + " statements in 100 transactions), expected at most 0.5 statements")
        .contains(
            "  commits/tx=2: commits per transaction was 1.0 commits (100 commits in 100"
                + " transactions, equal within 4% for the run's edges)");
    assertThat(Fixture.SEEN).doesNotContainKey("Miscounted");
  }

  @Test
  void aHotRowFailsTheLockWaitAndServerCpuCeilingsWithTheirFigures() {
    succeeded(run(Map.of(), WorkThresholdFixtures.OwnRows.class));
    RunResult own = (RunResult) ((List<?>) Fixture.SEEN.get("OwnRows")).get(0);
    assertThat(own.lockWaitPerTransactionMicros()).isLessThanOrEqualTo(100);
    assertThat(own.serverCpuPerTransactionMicros()).isPositive();

    Kit.Run run = run(Map.of(), WorkThresholdFixtures.HotRow.class);
    String message = failure(run, "HotRow", "orders").getMessage();
    assertThat(message)
        .contains("to meet:\n  lockwait/tx<=100us, cpu/tx<=1us\n")
        .contains("but these 2 failed:")
        .containsPattern(
            "  lockwait/tx<=100us: lock wait per transaction was [0-9.]+ ms,"
                + " expected at most 0\\.1 ms")
        .containsPattern(
            "  cpu/tx<=1us: server CPU per transaction was [0-9.]+ ms,"
                + " expected at most 0\\.001 ms");
    assertThat(Fixture.SEEN).doesNotContainKey("HotRow");
  }

  @Test
  void ceilingsThatAreNoDurationsAreConfigurationErrorsNamingTheAnnotation() {
    Kit.Run run = run(Map.of(), WorkThresholdFixtures.BadCeilings.class);

    run.results().testEvents().assertStatistics(s -> s.started(2).failed(2));
    assertThat(failure(run, "BadCeilings", "lockWait"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "@LockWaitPerTransactionAtMost(\"1 fortnight\") is not a valid" + " threshold: ");
    assertThat(failure(run, "BadCeilings", "serverCpu"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "@ServerCpuPerTransactionAtMost(\"-2ms\") is not a valid" + " threshold: ");
  }

  @Test
  void aSortBeyondWorkMemFailsTheTemporaryBlocks() {
    Kit.Run run = run(Map.of(), WorkThresholdFixtures.Sorting.class);

    assertThat(failure(run, "Sorting", "sort").getMessage())
        .contains("Expecting temporary blocks of run:")
        .containsPattern("to be at most:\n  0\nbut was:\n  [1-9][0-9]*\n?$");
  }

  @Test
  void theBuildChangesTheLimitsAsForTimingThresholds() {
    // The method's key replaces the declared blocks ceiling and the temp one: only the scan fails.
    Kit.Run loose =
        run(
            Map.of("pgperf.Unindexed.lookups.thresholds", "blocks/tx<=100000, temp<=10"),
            WorkThresholdFixtures.Unindexed.class);
    String message = failure(loose, "Unindexed", "lookups").getMessage();
    assertThat(message)
        .contains("blocks/tx<=100000, temp<=10, seqscan(entry)=0, seqscan(account)=0")
        .contains(
            "but this one failed:\n  seqscan(entry)=0: statements scanning entry"
                + " sequentially was 1 (");

    // The global key tightens a met threshold into a missed one.
    Kit.Run tight =
        run(Map.of("pgperf.thresholds", "blocks/tx<=0.5"), WorkThresholdFixtures.Indexed.class);
    assertThat(failure(tight, "Indexed", "lookups").getMessage())
        .contains("blocks/tx<=0.5, wal/tx<=8kB, temp=0, seqscan(entry)=0, seqscan(account)=0")
        .containsPattern(
            "but this one failed:\n  blocks/tx<=0.5: shared blocks per transaction"
                + " was [0-9.]+ blocks .*, expected at most 0.5 blocks");

    // none drops them all; what follows it is checked.
    Kit.Run none =
        run(Map.of("pgperf.thresholds", "none, temp=0"), WorkThresholdFixtures.Unindexed.class);
    succeeded(none);
  }

  @Test
  void workNotMeasuredFailsAsNotCheckedWithTheReason() throws Exception {
    Kit.Run off =
        run(Map.of("pgperf.serverCounters", "false"), WorkThresholdFixtures.Indexed.class);
    String why =
        "not checked: the run captured no server work (pgperf.serverCounters=false, or"
            + " a Runner without CaptureSettings)";
    assertThat(failure(off, "Indexed", "lookups").getMessage())
        .contains("but these 5 failed:")
        .contains("  seqscan(entry)=0 " + why)
        .contains("  seqscan(account)=0 " + why)
        .contains("  blocks/tx<=200 " + why)
        .contains("  temp=0 " + why)
        .contains("  wal/tx<=8kB " + why);

    // On an external server pg_stat_statements is not created unasked (here in a database where
    // no run created it): plans are taken, and the scan ban is met, but blocks, temp and WAL were
    // not counted.
    Kit.Run unasked =
        run(
            server.createDatabase(),
            Map.of("pgperf.installExtensions", "false"),
            WorkThresholdFixtures.Indexed.class);
    String message = failure(unasked, "Indexed", "lookups").getMessage();
    assertThat(message)
        .contains("but these 3 failed:")
        .containsPattern("  blocks/tx<=200 not checked: .*pg_stat_statements")
        .containsPattern("  temp=0 not checked: .*pg_stat_statements")
        .containsPattern("  wal/tx<=8kB not checked: .*pg_stat_statements")
        .doesNotContain("seqscan(entry)=0 ");
  }

  @Test
  void nonsenseValuesAreConfigurationErrorsNamingTheAnnotation() {
    Kit.Run run = run(Map.of(), WorkThresholdFixtures.BadValues.class);

    run.results().testEvents().assertStatistics(s -> s.started(4).failed(4));
    assertThat(failure(run, "BadValues", "schemaQualified"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@NoSequentialScanOn(table = \"public.entry\") is not a valid threshold:"
                + " sequential scan ban needs a table name as plans show it (letters, digits, _ and"
                + " $, not starting with a digit or $, at most 63 bytes), was \"public.entry\"");
    assertThat(failure(run, "BadValues", "noTable"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("@NoSequentialScanOn(table = {}) names no table");
    assertThat(failure(run, "BadValues", "negativeTemp"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@TempBlocksAtMost(-1) is not a valid threshold: invalid threshold"
                + " \"temp<=-1\": temporary blocks ceiling must be at least 0, was -1");
    assertThat(failure(run, "BadValues", "notANumber"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "@SharedBlocksPerTransactionAtMost(NaN) is not a valid" + " threshold: ");
  }

  private static void succeeded(Kit.Run run) {
    List<String> failures =
        run.results().allEvents().failed().stream()
            .map(
                e ->
                    e.getTestDescriptor().getDisplayName()
                        + ": "
                        + e.getPayload(TestExecutionResult.class)
                            .orElseThrow()
                            .getThrowable()
                            .orElseThrow())
            .toList();
    assertThat(failures).isEmpty();
    run.results().testEvents().assertStatistics(s -> s.started(1).succeeded(1));
  }

  private static Throwable failure(Kit.Run run, String fixture, String method) {
    List<Event> failed =
        run.results().testEvents().failed().stream()
            .filter(
                e ->
                    e.getTestDescriptor()
                        .getUniqueId()
                        .toString()
                        .contains("$" + fixture + "]/[method:" + method + "("))
            .toList();
    assertThat(failed).as("failed tests %s.%s", fixture, method).hasSize(1);
    return failed
        .get(0)
        .getPayload(TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow();
  }
}
