package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.github.pgperf.gate.WorkFixtures.Build;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline store's format 3 keeps each sample's work and wait shares; format 2, and format 3
 * written before wait shares were kept, are still read.
 */
class WorkBaselineStoreTest {

  private static final String KEY = "AccountsIT.lookup";

  @TempDir Path dir;

  private Map<String, List<Sample>> results(long seed) throws IOException {
    Path results = dir.resolve("results-" + seed);
    WorkFixtures.trials(results, KEY, 2, Build.usual(), seed);
    return ResultFiles.read(results).samples();
  }

  @Test
  void roundTripKeepsWorkAndPlansReadably() throws IOException {
    Map<String, List<Sample>> now = results(1);
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(now, 10);

    List<Sample> loaded = store.load().samples().get(KEY);
    assertThat(loaded).isEqualTo(now.get(KEY));
    Work work = loaded.get(0).work();
    assertThat(work.statements()).containsOnlyKeys(WorkFixtures.SELECT, WorkFixtures.UPDATE);
    assertThat(work.statements().get(WorkFixtures.SELECT).value(WorkMetric.ROWS_PER_CALL))
        .isEqualTo(1.0);
    assertThat(work.plans()).containsOnlyKeys(WorkFixtures.SCRIPT + " command 1");
    assertThat(work.fingerprint().postgres()).isEqualTo("15");
    String text = Files.readString(store.file(KEY));
    assertThat(text)
        .contains(
            "\"formatVersion\" : 3",
            "\"sharedBlocksPerCall\" : 3.",
            "\"walBytesPerTransaction\" : ",
            "\"->  Index Scan using pgbench_accounts_pkey on pgbench_accounts\"",
            "\"workload\" : \"scripts [<builtin: select only> @1], 4 clients, query mode PREPARED,"
                + " scale 1\"");
  }

  @Test
  void readsFormat2AsSamplesWithoutWorkAndUpgradesOnRecording() throws IOException {
    Path results = dir.resolve("plain");
    Fixtures.trials(results, KEY, 2, 1000, 2000, 0.05, 1);
    Map<String, List<Sample>> plain = ResultFiles.read(results).samples();
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(plain, 10);
    Path file = store.file(KEY);
    // The file as format 2 wrote it: no work field, no share of the machine, no transactions.
    String v2 =
        Files.readString(file)
            .replace("\"formatVersion\" : 3", "\"formatVersion\" : 2")
            .replaceAll(",\\s*\"work\" : null", "")
            .replaceAll(",\\s*\"othersShare\" : null", "")
            .replaceAll(",\\s*\"transactions\" : [0-9]+", "");
    assertThat(v2).doesNotContain("\"work\"");
    Files.writeString(file, v2);

    assertThat(store.load().problems()).isEmpty();
    // Format 2 kept no work, no share of the machine and no transactions (0: not known).
    List<Sample> unknownTransactions =
        plain.get(KEY).stream()
            .map(
                s ->
                    new Sample(
                        s.key(),
                        s.build(),
                        s.source(),
                        s.startedAt(),
                        s.values(),
                        s.fingerprint(),
                        s.work(),
                        s.othersShare(),
                        0))
            .toList();
    assertThat(store.load().samples().get(KEY))
        .isEqualTo(unknownTransactions)
        .allSatisfy(s -> assertThat(s.work()).isNull());

    store.record(results(2), 10);
    List<Sample> both = store.load().samples().get(KEY);
    assertThat(both).hasSize(4);
    assertThat(both).filteredOn(s -> s.work() != null).hasSize(2);
    assertThat(Files.readString(file)).contains("\"formatVersion\" : 3");
  }

  @Test
  void aPlanWhoseLinesDoNotGiveItsHashMakesTheFileUnreadable() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(results(3), 10);
    Path file = store.file(KEY);
    Files.writeString(file, Files.readString(file).replace("->  Index Scan", "->  Seq Scan"));

    assertThat(store.load().samples()).isEmpty();
    assertThat(store.load().problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.verdict()).isEqualTo(Verdict.UNREADABLE_BASELINE);
              assertThat(p.message())
                  .contains(
                      "sample 1: plan of "
                          + WorkFixtures.SCRIPT
                          + " command 1: the plan's lines give the hash");
            });
  }

  @Test
  void aNegativeOrMissingWorkValueMakesTheFileUnreadable() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(results(4), 10);
    Path file = store.file(KEY);
    String text = Files.readString(file);
    Files.writeString(file, text.replaceFirst("\"rowsPerCall\" : 1.0", "\"rowsPerCall\" : -1.0"));

    assertThat(store.load().problems())
        .singleElement()
        .extracting(ResultFiles.Problem::message)
        .asString()
        .contains("rowsPerCall is -1.0, not a number of 0 or more");

    Files.writeString(file, text.replaceFirst("\"tempBlocksPerTransaction\" : [0-9.]+,", ""));
    assertThat(store.load().problems())
        .singleElement()
        .extracting(ResultFiles.Problem::message)
        .asString()
        .contains("work: tempBlocksPerTransaction is missing");
  }

  @Test
  void roundTripKeepsEachSamplesWaitShares() throws IOException {
    Map<String, List<Sample>> now = results(5);
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(now, 10);

    List<Sample> loaded = store.load().samples().get(KEY);
    assertThat(loaded).isEqualTo(now.get(KEY));
    assertThat(loaded)
        .allSatisfy(
            s -> {
              assertThat(s.work().waits()).containsOnlyKeys("CPU", "Client:ClientRead");
              assertThat(s.work().waits().values().stream().mapToDouble(Double::doubleValue).sum())
                  .isCloseTo(1.0, offset(0.002));
            });
    assertThat(Files.readString(store.file(KEY)))
        .containsPattern(
            "\"waits\" : \\{\\s*\"CPU\" : 0\\.\\d+,\\s*\"Client:ClientRead\" : 0\\.\\d+\\s*}");
  }

  @Test
  void readsFormat3FilesWrittenBeforeWaitsWereKept() throws IOException {
    Map<String, List<Sample>> now = results(6);
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(now, 10);
    Path file = store.file(KEY);
    // The file as format 3 wrote it before: the work of each sample without "waits".
    String before = Files.readString(file).replaceAll(",\\s*\"waits\" : \\{[^}]*}", "");
    assertThat(before).doesNotContain("\"waits\"").contains("\"formatVersion\" : 3");
    Files.writeString(file, before);

    assertThat(store.load().problems()).isEmpty();
    List<Sample> loaded = store.load().samples().get(KEY);
    assertThat(loaded).hasSize(2).allSatisfy(s -> assertThat(s.work().waits()).isNull());
    assertThat(loaded.get(0).work().statements())
        .isEqualTo(now.get(KEY).get(0).work().statements());

    // Recording again keeps the old samples as they are and the new ones with their waits.
    store.record(results(7), 10);
    assertThat(store.load().samples().get(KEY))
        .hasSize(4)
        .filteredOn(s -> s.work().waits() != null)
        .hasSize(2);
  }

  @Test
  void aWaitShareOutsideZeroToOneMakesTheFileUnreadable() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(results(8), 10);
    Path file = store.file(KEY);
    Files.writeString(
        file, Files.readString(file).replaceFirst("\"CPU\" : 0\\.\\d+", "\"CPU\" : 1.5"));

    assertThat(store.load().problems())
        .singleElement()
        .extracting(ResultFiles.Problem::message)
        .asString()
        .contains("sample 1: wait event \"CPU\": share 1.5 is not a number from 0 to 1");
  }

  @Test
  void evictionsMakeTheRoundTripAndFilesWithoutThemReadAsNotKnown() throws IOException {
    Path results = dir.resolve("evicted");
    WorkFixtures.trials(results, KEY, 2, Build.usual().evicted(4), 9);
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(ResultFiles.read(results).samples(), 10);
    Path file = store.file(KEY);
    assertThat(Files.readString(file)).contains("\"statementEvictions\" : 4");
    assertThat(store.load().samples().get(KEY))
        .allSatisfy(s -> assertThat(s.work().statementsIncomplete()).isTrue());

    // A format 3 file written before evictions were recorded.
    Files.writeString(
        file, Files.readString(file).replaceAll(",\\s*\"statementEvictions\" : 4", ""));
    assertThat(Files.readString(file)).doesNotContain("statementEvictions");
    assertThat(store.load().problems()).isEmpty();
    assertThat(store.load().samples().get(KEY))
        .allSatisfy(s -> assertThat(s.work().statementEvictions()).isNull());

    Files.writeString(
        file,
        Files.readString(file)
            .replaceFirst("\"waits\" :", "\"statementEvictions\" : -1,\n      \"waits\" :"));
    assertThat(store.load().problems())
        .singleElement()
        .extracting(ResultFiles.Problem::message)
        .asString()
        .contains("sample 1: statementEvictions is -1, not a count of 0 or more");
  }

  @Test
  void nestedStatementsMakeTheRoundTripAndFilesWithoutThemReadAsNotSeen() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(results(11), 10);
    Path file = store.file(KEY);
    // Seen, none ran: an empty map, not a missing one.
    assertThat(Files.readString(file)).contains("\"nestedStatements\" : { }");
    assertThat(store.load().samples().get(KEY))
        .allSatisfy(s -> assertThat(s.work().nestedStatements()).isEmpty());

    // A format 3 file written before nested statements were kept.
    Files.writeString(
        file, Files.readString(file).replaceAll(",\\s*\"nestedStatements\" : \\{ }", ""));
    assertThat(Files.readString(file)).doesNotContain("nestedStatements");
    assertThat(store.load().problems()).isEmpty();
    assertThat(store.load().samples().get(KEY))
        .allSatisfy(s -> assertThat(s.work().nestedStatements()).isNull());

    Files.writeString(
        file,
        Files.readString(file)
            .replaceFirst(
                "\"waits\" :",
                "\"nestedStatements\" : { \"insert into audit\" : { \"calls\" : -1, \"perCall\" : { } } },"
                    + "\n      \"waits\" :"));
    assertThat(store.load().problems())
        .singleElement()
        .extracting(ResultFiles.Problem::message)
        .asString()
        .contains("nested statement \"insert into audit\" needs calls of 0 or more");
  }

  @Test
  void statementsOfABaselineRecordedBeforeShapesAreReadByShape() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(results(10), 10);
    Path file = store.file(KEY);
    // As an older pgperf recorded an application's savepoints: one text per name.
    String select = "\"" + WorkFixtures.SELECT.replace("$", "\\$") + "\" : \\{";
    Files.writeString(
        file,
        Files.readString(file)
            .replaceAll(
                select,
                "\"SAVEPOINT JDBC_SAVEPOINT_1\" : { \"calls\" : 100, \"perCall\" : {"
                    + " \"rowsPerCall\" : 0.0, \"sharedBlocksPerCall\" : 0.0, \"tempBlocksPerCall\" : 0.0 } },"
                    + " \"savepoint JDBC_SAVEPOINT_2\" : { \"calls\" : 300, \"perCall\" : {"
                    + " \"rowsPerCall\" : 0.0, \"sharedBlocksPerCall\" : 4.0, \"tempBlocksPerCall\" : 0.0 } },"
                    + " $0"));

    List<Sample> loaded = store.load().samples().get(KEY);

    assertThat(loaded)
        .allSatisfy(
            s -> {
              StatementFigures savepoint = s.work().statements().get("SAVEPOINT <name>");
              assertThat(savepoint.calls()).isEqualTo(400);
              // Per call, weighted by calls: (100 x 0 + 300 x 4) / 400.
              assertThat(savepoint.value(WorkMetric.SHARED_BLOCKS_PER_CALL)).isEqualTo(3.0);
              assertThat(s.work().statements())
                  .containsOnlyKeys("SAVEPOINT <name>", WorkFixtures.SELECT, WorkFixtures.UPDATE);
            });
  }
}
