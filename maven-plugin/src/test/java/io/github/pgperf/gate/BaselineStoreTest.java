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
    assertThat(store.record(now, 30)).isEqualTo(3);
    Map<String, List<Sample>> loaded = store.load();
    assertThat(loaded).containsOnlyKeys("OrdersIT.insert");
    assertThat(loaded.get("OrdersIT.insert")).isEqualTo(now.get("OrdersIT.insert"));
    assertThat(store.file("OrdersIT.insert")).exists();
    String text = Files.readString(store.file("OrdersIT.insert"));
    assertThat(text).contains("\"formatVersion\" : 1").contains("\"serverVersion\"")
        .contains("\"p99\"");
  }

  @Test
  void keepsTheLastSamplesAndDoesNotRecordTwice() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    Map<String, List<Sample>> first = results("K", 4, 1);
    Map<String, List<Sample>> second = results("K", 4, 2);
    store.record(first, 6);
    assertThat(store.record(first, 6)).isZero();
    assertThat(store.record(second, 6)).isEqualTo(4);
    List<Sample> kept = store.load().get("K");
    assertThat(kept).hasSize(6);
    assertThat(kept.subList(0, 2)).isEqualTo(first.get("K").subList(2, 4));
    assertThat(kept.subList(2, 6)).isEqualTo(second.get("K"));
  }

  @Test
  void keysBecomeSafeFileNamesAndStayKeys() throws IOException {
    BaselineStore store = new BaselineStore(dir.resolve("baseline"));
    assertThat(store.file("a/b:c d[1]").getFileName().toString()).isEqualTo("a_b_c_d_1_.json");
    Path results = dir.resolve("r");
    Fixtures.trials(results, "Q[clients=8]", 2, 1000, 2000, 0.05, 1);
    store.record(ResultFiles.read(results).samples(), 5);
    assertThat(store.load()).containsOnlyKeys("Q[clients=8]");
  }

  @Test
  void badFilesAreRefusedByName() throws IOException {
    BaselineStore store = new BaselineStore(dir);
    Files.writeString(dir.resolve("x.json"), "{\"formatVersion\": 2, \"key\": \"x\", \"samples\": []}");
    assertThatThrownBy(store::load).hasMessage("cannot read baseline file \"" + dir.resolve("x.json")
        + "\": format version 2 is not supported (this pgperf reads 1)");
    Files.writeString(dir.resolve("x.json"), "{\"formatVersion\": 1, \"key\": \"x\", \"samples\": [], \"extra\": 1}");
    assertThatThrownBy(store::load).hasMessageStartingWith("cannot read baseline file \"" + dir.resolve("x.json")
        + "\": Unrecognized field \"extra\"");
  }

  @Test
  void aMissingStoreIsEmpty() throws IOException {
    assertThat(new BaselineStore(dir.resolve("none")).load()).isEmpty();
  }
}
