package io.github.pgperf.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.testing.TestDatabase;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The PostgreSQL store on the test server, in a database of its own (created and dropped). */
class PostgresStoreTest {

  @Test
  void twoWritersAtOnceLoseNothingAndCreateTheTablesOnce() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Driver driver = DriverManager.getDriver(db.url());
      PostgresStore store = PostgresStore.of(db.url(), driver, Map.of());
      assertThat(store.load().records()).as("before the first write").isEmpty();

      int builds = 30;
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(2);
      List<Future<Void>> writers = new ArrayList<>();
      try {
        for (String test : List.of("A-a", "B-b")) {
          writers.add(
              pool.submit(
                  () -> {
                    PostgresStore own = PostgresStore.of(db.url(), driver, Map.of());
                    start.await();
                    for (HistoryRecord r : HistoryFixtures.steady(test, builds, test.hashCode())) {
                      // Each build of each job: its point and a reported change, one transaction.
                      own.append(
                          List.of(r),
                          List.of(
                              new ReportedChange(
                                  test,
                                  "tps",
                                  r.fingerprint(),
                                  r.build().build(),
                                  r.build().build(),
                                  r.build().time())));
                    }
                    return null;
                  }));
        }
        start.countDown();
        for (Future<Void> w : writers) {
          w.get();
        }
      } finally {
        pool.shutdown();
      }
      History history = store.load();
      assertThat(history.warnings()).isEmpty();
      assertThat(history.records()).hasSize(2 * builds);
      assertThat(history.reported()).hasSize(2 * builds);
      assertThat(history.records())
          .containsAll(HistoryFixtures.steady("A-a", builds, "A-a".hashCode()));

      // Appending a stored build again changes nothing.
      store.append(HistoryFixtures.steady("A-a", 2, "A-a".hashCode()), List.of());
      assertThat(store.load().records()).hasSize(2 * builds);
      try (Connection c = DriverManager.getConnection(db.url());
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname = 'pgperf'")) {
        rs.next();
        assertThat(rs.getInt(1)).as("pgperf's tables").isEqualTo(2);
      }
    }
  }

  @Test
  void aUrlWithAPasswordIsRefusedWithoutShowingIt() throws Exception {
    Driver driver = DriverManager.getDriver(TestDatabase.DEFAULT_URL);
    assertThatThrownBy(
            () ->
                PostgresStore.of(
                    "jdbc:postgresql://127.0.0.1:5432/perf?user=ci&password=s3cret",
                    driver,
                    Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("holds a password")
        .hasMessageContaining("password=***")
        .hasMessageNotContaining("s3cret");
    assertThatThrownBy(
            () ->
                PostgresStore.of(
                    "jdbc:postgresql://127.0.0.1/perf?sslmode=require&sslpassword=k3y",
                    driver,
                    Map.of()))
        .hasMessageContaining("sslpassword=***")
        .hasMessageNotContaining("k3y");
    assertThatThrownBy(
            () -> PostgresStore.of("postgresql://ci:s3cret@db.example/perf", driver, Map.of()))
        .hasMessageContaining("holds a password")
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void aLibpqUriIsTakenWithItsUser() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Driver driver = DriverManager.getDriver(db.url());
      PostgresStore store =
          PostgresStore.of(
              "postgres://postgres@" + db.host() + ":" + db.port() + "/" + db.name(),
              driver,
              Map.of());
      store.append(HistoryFixtures.steady("A-a", 2, 1), List.of());
      assertThat(store.load().records()).hasSize(2);
      assertThat(store.description())
          .isEqualTo(
              "table pgperf.history of jdbc:postgresql://"
                  + db.host()
                  + ":"
                  + db.port()
                  + "/"
                  + db.name());
    }
  }

  @Test
  void anUnreachableDatabaseIsNamed() {
    PostgresStore store;
    try {
      store =
          PostgresStore.of(
              "jdbc:postgresql://127.0.0.1:1/none?connectTimeout=2",
              DriverManager.getDriver(TestDatabase.DEFAULT_URL),
              Map.of());
    } catch (java.sql.SQLException e) {
      throw new AssertionError(e);
    }
    assertThatThrownBy(store::load)
        .isInstanceOf(java.io.IOException.class)
        .hasMessageStartingWith(
            "cannot read the history database (table pgperf.history of"
                + " jdbc:postgresql://127.0.0.1:1/none?connectTimeout=2): ");
  }
}
