package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineStoreTest {

  @TempDir Path dir;

  private Map<String, List<Sample>> results(String key, int n, long seed) throws IOException {
    Path results = dir.resolve("results-" + seed);
    Fixtures.trials(results, key, n, 1000, 2000, 0.05, seed);
    return ResultFiles.read(results).samples();
  }

  @Test
  void roundTripKeepsValuesAndFingerprints() throws IOException {
    Map<String, List<Sample>> now = results("OrdersIT.insert", 3, 1);
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    assertThat(store.record(now, 10)).isEqualTo(3);
    Map<String, List<Sample>> loaded = store.load().samples();
    assertThat(loaded).containsOnlyKeys("OrdersIT.insert");
    assertThat(loaded.get("OrdersIT.insert")).isEqualTo(now.get("OrdersIT.insert"));
    assertThat(store.file("OrdersIT.insert")).exists();
    String text = Files.readString(store.file("OrdersIT.insert"));
    assertThat(text)
        .contains("\"formatVersion\" : 3")
        .contains("\"serverVersion\"")
        .contains("\"p99\"")
        .contains("\"build\" : \"build-1\"");
  }

  @Test
  void keepsTheLastBuildsAndDoesNotRecordTwice() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    Map<String, List<Sample>> first = results("K", 4, 1);
    Map<String, List<Sample>> second = results("K", 2, 2);
    Map<String, List<Sample>> third = results("K", 3, 3);
    store.record(first, 2);
    assertThat(store.record(first, 2)).isZero();
    assertThat(store.record(second, 2)).isEqualTo(2);
    assertThat(store.load().samples().get("K")).hasSize(6);
    // A third build pushes out the oldest whole, not some of its trials.
    assertThat(store.record(third, 2)).isEqualTo(3);
    List<Sample> kept = store.load().samples().get("K");
    assertThat(kept).extracting(Sample::build).containsOnly("build-2", "build-3");
    assertThat(kept.subList(0, 2)).isEqualTo(second.get("K"));
    assertThat(kept.subList(2, 5)).isEqualTo(third.get("K"));
  }

  @Test
  void keysBecomeSafeFileNamesAndStayKeys() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    assertThat(store.file("a/b:c d[1]").getFileName().toString()).isEqualTo("a_b_c_d_1_.json");
    Path results = dir.resolve("r");
    Fixtures.trials(results, "Q[clients=8]", 2, 1000, 2000, 0.05, 1);
    store.record(ResultFiles.read(results).samples(), 5);
    assertThat(store.load().samples()).containsOnlyKeys("Q[clients=8]");
  }

  @Test
  void badFilesAreNamedProblemsNotSilentHoles() throws IOException {
    BaselineStore store = new BaselineStore(dir);
    Files.writeString(
        dir.resolve("x.json"), "{\"formatVersion\": 1, \"key\": \"x\", \"samples\": []}");
    assertThat(store.load().problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.key()).isEqualTo("x");
              assertThat(p.verdict()).isEqualTo(Verdict.UNREADABLE_BASELINE);
              assertThat(p.message())
                  .isEqualTo(
                      "cannot read baseline file \""
                          + dir.resolve("x.json")
                          + "\": format version 1 is not supported (this pgperf reads 3 and 2; version 1 has no builds,"
                          + " the gate's unit: delete the file and record again with mvn verify pgperf:baseline)");
            });
    Files.writeString(
        dir.resolve("x.json"),
        "{\"formatVersion\": 2, \"key\": \"x\", \"samples\": [], \"extra\": 1}");
    assertThat(store.load().problems())
        .singleElement()
        .extracting(ResultFiles.Problem::message)
        .asString()
        .startsWith(
            "cannot read baseline file \""
                + dir.resolve("x.json")
                + "\": Unrecognized field \"extra\"");
    // Recording over an unreadable file refuses, leaving the file as it was.
    Path results = dir.resolve("r");
    Fixtures.trials(results, "x", 2, 1000, 2000, 0.05, 1);
    Map<String, List<Sample>> now = ResultFiles.read(results).samples();
    assertThatThrownBy(() -> store.record(now, 10)).hasMessageContaining("Unrecognized field");
    assertThat(Files.readString(dir.resolve("x.json"))).contains("\"extra\"");
  }

  @Test
  void aSampleMissingAMetricMakesItsFileUnreadable() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    store.record(results("K", 2, 1), 10);
    Path file = store.file("K");
    Files.writeString(file, Files.readString(file).replaceFirst("\"p90\" : [0-9.E]+,", ""));
    assertThat(store.load().samples()).isEmpty();
    assertThat(store.load().problems())
        .singleElement()
        .extracting(ResultFiles.Problem::message)
        .asString()
        .endsWith("sample 1: p90 is missing");
  }

  @Test
  void aMissingStoreIsEmpty() throws IOException {
    BaselineStore.Contents none = new BaselineStore(dir.resolve("none")).load();
    assertThat(none.samples()).isEmpty();
    assertThat(none.problems()).isEmpty();
  }
}
