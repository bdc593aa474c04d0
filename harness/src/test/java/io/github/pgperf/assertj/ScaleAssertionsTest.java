package io.github.pgperf.assertj;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scale check ({@link RunResultAssert#scalesFlatFrom}) on real runs at two sizes of the data,
 * 10 and 100 items per cart, on a cluster of the test's own with pg_stat_statements tracking nested
 * statements: a cart read in one query and an item by id stays flat; a cart read as its ids and
 * then each item (an N+1 over the cart) grows in calls per transaction and in rows per call; the
 * same loop over a bounded list (the 5 newest items) stays flat; a function looping over the cart
 * grows in its nested statement's calls.
 */
class ScaleAssertionsTest {

  private static final int CARTS = 20;

  private static OwnServer server;
  private static final Map<String, RunResult> small = new HashMap<>();
  private static final Map<String, RunResult> large = new HashMap<>();

  @BeforeAll
  static void run() throws Exception {
    server =
        OwnServer.start(
            Map.of(
                "shared_preload_libraries", "pg_stat_statements",
                "pg_stat_statements.track", "all"));
    for (int perCart : new int[] {10, 100}) {
      Map<String, RunResult> into = perCart == 10 ? small : large;
      into.put("flat", run(perCart, java("flat", ScaleAssertionsTest::flat)));
      into.put("nPlusOne", run(perCart, java("n-plus-one", c -> eachItem(c, ""))));
      into.put(
          "bounded", run(perCart, java("bounded", c -> eachItem(c, " order by id desc limit 5"))));
      into.put(
          "function",
          run(
              perCart,
              Workload.of(
                  Script.parse(
                      "cart-total.sql",
                      "\\set cart random(1, " + CARTS + ")\nselect cart_total(:cart);\n"),
                  QueryMode.PREPARED)));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  /** A cart's total in one query, and one item by its id. */
  private static void flat(Connection c) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("select sum(price) from item where cart = ?")) {
      p.setInt(1, 7);
      try (ResultSet r = p.executeQuery()) {
        r.next();
      }
    }
    try (PreparedStatement p = c.prepareStatement("select price from item where id = ?")) {
      p.setInt(1, 3);
      try (ResultSet r = p.executeQuery()) {
        r.next();
      }
    }
  }

  /** A cart's item ids (all, or as {@code bound} limits them), then each item by its id. */
  private static void eachItem(Connection c, String bound) throws SQLException {
    List<Integer> ids = new ArrayList<>();
    try (PreparedStatement p = c.prepareStatement("select id from item where cart = ?" + bound)) {
      p.setInt(1, 7);
      try (ResultSet r = p.executeQuery()) {
        while (r.next()) {
          ids.add(r.getInt(1));
        }
      }
    }
    for (int id : ids) {
      try (PreparedStatement p = c.prepareStatement("select price from item where id = ?")) {
        p.setInt(1, id);
        try (ResultSet r = p.executeQuery()) {
          r.next();
        }
      }
    }
  }

  private static Workload java(String name, JavaTransaction.Body body) throws Exception {
    return Workload.of(new JavaTransaction(name, body), QueryMode.PREPARED);
  }

  /** The workload on a database of its own with {@code perCart} items in each cart. */
  private static RunResult run(int perCart, Workload workload) throws Exception {
    TestDatabase db = server.createDatabase();
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute("create table item (id int primary key, cart int, price int)");
      s.execute("create index item_cart_idx on item (cart)");
      s.execute(
          "insert into item select g, 1 + g % "
              + CARTS
              + ", g from generate_series(1, "
              + perCart * CARTS
              + ") g");
      s.execute(
          "create function cart_total(c int) returns bigint language plpgsql as $$"
              + " declare total bigint := 0; one int; i record; begin"
              + " for i in select id from item where cart = c loop"
              + " select price into one from item where id = i.id; total := total + one;"
              + " end loop; return total; end $$");
      s.execute("analyze item");
    }
    return new Runner(
            db,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            CaptureSettings.defaults().withInstallExtensions(true))
        .run(
            workload,
            RunOptions.builder().clients(2).transactions(50).vacuum(VacuumMode.NONE).build());
  }

  @Test
  void aWorkloadThatReadsWhatItNeedsScalesFlat() {
    assertThat(large.get("flat")).scalesFlatFrom(small.get("flat"));
  }

  @Test
  void anNPlusOneOverTheDataFailsOnCallsAndAnUnboundedReadOnRows() {
    assertThatThrownBy(
            () -> assertThat(large.get("nPlusOne")).scalesFlatFrom(small.get("nPlusOne")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting the run's statements not to grow with the data")
        .hasMessageContaining(
            "select price from item where id = $1: calls per transaction 10.00 -> 100.00")
        .hasMessageContaining("select id from item where cart = $1: rows per call 10.00 -> 100.00");
  }

  @Test
  void theSameLoopOverABoundedListScalesFlat() {
    assertThat(large.get("bounded")).scalesFlatFrom(small.get("bounded"));
  }

  @Test
  void aFunctionLoopingOverTheDataFailsOnItsNestedStatement() {
    assertThatThrownBy(
            () -> assertThat(large.get("function")).scalesFlatFrom(small.get("function")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("(nested) select price from item where id = i.id")
        .hasMessageContaining("calls per transaction 10.00 -> 100.00");
  }

  @Test
  void noSmallerRunIsAMistakeInTheTest() {
    assertThatThrownBy(() -> assertThat(large.get("flat")).scalesFlatFrom(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("smaller");
  }
}
