package io.github.pgperf.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryStoreTest {

  @TempDir Path dir;

  @Test
  void pointsAndReportedChangesComeBackAsWritten() throws Exception {
    DirectoryStore store = new DirectoryStore(dir.resolve("history"));
    assertThat(store.load().records()).isEmpty();
    List<HistoryRecord> points = HistoryFixtures.steady("OrdersIT-insert", 3, 1);
    ReportedChange reported =
        new ReportedChange(
            "OrdersIT-insert",
            "tps",
            HistoryFixtures.FINGERPRINT,
            "build-02",
            "build-03",
            HistoryFixtures.START);
    store.append(points.subList(0, 2), List.of());
    store.append(points.subList(2, 3), List.of(reported));

    History history = store.load();
    assertThat(history.records()).isEqualTo(points);
    assertThat(history.records().get(0).othersShare()).isEqualTo(0.25);
    assertThat(history.reported()).containsExactly(reported);
    assertThat(history.warnings()).isEmpty();
    assertThat(Files.readAllLines(store.file()))
        .hasSize(4)
        .allSatisfy(line -> assertThat(line).startsWith("{\"format\":1,"));
  }

  @Test
  void aBuildsPointIsStoredOnce() throws Exception {
    DirectoryStore store = new DirectoryStore(dir);
    List<HistoryRecord> points = HistoryFixtures.steady("OrdersIT-insert", 2, 1);
    store.append(points, List.of());
    store.append(points, List.of());
    assertThat(store.load().records()).isEqualTo(points);
  }

  @Test
  void aTruncatedLastLineIsSkippedWithAWarningAndTheNextBuildStillAppends() throws Exception {
    DirectoryStore store = new DirectoryStore(dir);
    List<HistoryRecord> points = HistoryFixtures.steady("OrdersIT-insert", 3, 1);
    store.append(points.subList(0, 1), List.of());
    // A build killed while writing: half of its line, no newline.
    String line = HistoryJson.line(points.get(1));
    Files.writeString(
        store.file(),
        line.substring(0, line.length() / 2),
        StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);

    History cut = store.load();
    assertThat(cut.records()).containsExactly(points.get(0));
    assertThat(cut.warnings())
        .singleElement()
        .asString()
        .contains("the last line of " + store.file() + " is incomplete")
        .contains("a build killed while writing it?")
        .contains("skipped");

    store.append(points.subList(2, 3), List.of());
    History after = store.load();
    assertThat(after.records()).containsExactly(points.get(0), points.get(2));
    assertThat(after.warnings())
        .singleElement()
        .asString()
        .contains("line 2 of " + store.file() + " cannot be read and is skipped");
  }

  @Test
  void aLineOfAnotherFormatIsNamed() throws Exception {
    DirectoryStore store = new DirectoryStore(dir);
    Files.writeString(store.file(), "{\"format\":7,\"kind\":\"point\"}\n");
    assertThat(store.load().warnings())
        .singleElement()
        .asString()
        .contains("line 1")
        .contains("format 7 is not supported (this pgperf reads 1)");
  }

  @Test
  void twoWritersAtOnceLoseNothing() throws Exception {
    DirectoryStore store = new DirectoryStore(dir);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Void>> writers = new ArrayList<>();
      for (String test : List.of("A-a", "B-b")) {
        Callable<Void> writer =
            () -> {
              for (HistoryRecord r : HistoryFixtures.steady(test, 40, test.hashCode())) {
                new DirectoryStore(dir).append(List.of(r), List.of());
              }
              return null;
            };
        writers.add(pool.submit(writer));
      }
      for (Future<Void> w : writers) {
        w.get();
      }
    } finally {
      pool.shutdown();
    }
    History history = store.load();
    assertThat(history.warnings()).isEmpty();
    assertThat(history.records()).hasSize(80);
    assertThat(history.records().stream().filter(r -> r.test().equals("A-a"))).hasSize(40);
  }
}
