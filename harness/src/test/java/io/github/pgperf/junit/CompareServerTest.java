package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pgperf:compare's shared server JVM ({@link CompareServer}) on real servers: an embedded one
 * started, handed over with a database per side and stopped when its input closes; the live server
 * as EXTERNAL, where it drops only the databases it made; and what a test JVM records when it is
 * handed such a server.
 */
class CompareServerTest {

  @TempDir Path dir;

  @BeforeEach
  void forgetWhatFixturesSaw() {
    Fixture.SEEN.clear();
  }

  /** A server JVM's run in a thread, its standard input a pipe the test closes. */
  private final class Serving implements AutoCloseable {
    final PipedOutputStream stdin = new PipedOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    final CompletableFuture<Integer> status;
    final Path handOver = dir.resolve("server.properties");

    Serving(String comparison, Map<String, String> parameters) throws IOException {
      InputStream in = new PipedInputStream(stdin);
      Path classes = Files.createDirectories(dir.resolve("classes"));
      PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);
      status =
          CompletableFuture.supplyAsync(
              () ->
                  CompareServer.run(
                      List.of(handOver.toString(), comparison, classes.toString()),
                      key -> Optional.ofNullable(parameters.get(key)),
                      Map.of(),
                      in,
                      errors));
    }

    /** The hand-over, once written; fails when the run ended without one. */
    Properties handOver() throws Exception {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
      while (!Files.exists(handOver)) {
        assertThat(status).as("the server's run, stderr: %s", errors()).isNotDone();
        assertThat(System.nanoTime()).as("waiting for the hand-over").isLessThan(deadline);
        Thread.sleep(100);
      }
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(handOver)) {
        p.load(in);
      }
      return p;
    }

    String errors() {
      return err.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws Exception {
      stdin.close();
      status.get(2, TimeUnit.MINUTES);
    }
  }

  @Test
  void startsAnEmbeddedServerWithADatabasePerSideAndStopsWhenItsInputCloses() throws Exception {
    Properties handOver;
    try (Serving serving =
        new Serving("20261202T035500Z-3fa2c1", Map.of("pgperf.provider", "EMBEDDED"))) {
      handOver = serving.handOver();
      assertThat(handOver.getProperty("provider")).isEqualTo("EMBEDDED");
      assertThat(handOver.getProperty("settings"))
          .contains("shared_preload_libraries=pg_stat_statements")
          .contains("timezone=UTC");
      assertThat(handOver.getProperty("version")).matches("[0-9]+\\.[0-9]+.*");
      assertThat(handOver.getProperty("database.base"))
          .isEqualTo("pgperf_compare_20261202t035500z_3fa2c1_base");
      for (String side : CompareServer.SIDES) {
        String url = handOver.getProperty("url." + side);
        assertThat(url)
            .startsWith("jdbc:postgresql://localhost:")
            .endsWith("/" + handOver.getProperty("database." + side));
        try (Connection c = DriverManager.getConnection(url, handOver.getProperty("user"), null);
            Statement s = c.createStatement();
            ResultSet r =
                s.executeQuery(
                    "select current_database(),"
                        + " shobj_description(oid, 'pg_database') from pg_database"
                        + " where datname = current_database()")) {
          r.next();
          assertThat(r.getString(1)).isEqualTo(handOver.getProperty("database." + side));
          assertThat(r.getString(2)).isEqualTo(CompareServer.MARK);
        }
      }
      assertThat(serving.errors()).contains("pgperf: shared server for pgperf:compare: EMBEDDED");
      serving.close();
      assertThat(serving.status.get()).isZero();
    }
    // Stopped: nothing listens at its port any more.
    assertThatThrownBy(
            () ->
                DriverManager.getConnection(
                        handOver.getProperty("url.base"), handOver.getProperty("user"), null)
                    .close())
        .isInstanceOf(SQLException.class);
  }

  @Test
  void onAnExternalServerMakesTheSidesDatabasesAndDropsOnlyThose() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      String comparison = "t" + Long.toHexString(System.nanoTime());
      Properties handOver;
      try (Serving serving =
          new Serving(comparison, Map.of("pgperf.provider", "EXTERNAL", "pgperf.url", db.url()))) {
        handOver = serving.handOver();
        assertThat(handOver.getProperty("provider")).isEqualTo("EXTERNAL");
        assertThat(databases(db))
            .contains(
                CompareServer.databaseName(comparison, "base"),
                CompareServer.databaseName(comparison, "candidate"));
      }
      assertThat(databases(db))
          .doesNotContain(
              CompareServer.databaseName(comparison, "base"),
              CompareServer.databaseName(comparison, "candidate"))
          .contains(db.name());
    }
  }

  @Test
  void refusesADatabaseOfTheSameNameItDidNotMakeAndLeavesItAlone() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      String comparison = "t" + Long.toHexString(System.nanoTime());
      String taken = CompareServer.databaseName(comparison, "candidate");
      execute(db, "create database " + taken);
      try {
        Serving serving =
            new Serving(comparison, Map.of("pgperf.provider", "EXTERNAL", "pgperf.url", db.url()));
        assertThat(serving.status.get(2, TimeUnit.MINUTES)).isEqualTo(2);
        assertThat(serving.errors())
            .contains("database \"" + taken + "\" already exists")
            .contains("pgperf.compareServer=own")
            .doesNotContain("\tat ");
        // The base's database it made before is dropped again; the one it did not make stays.
        assertThat(databases(db))
            .contains(taken)
            .doesNotContain(CompareServer.databaseName(comparison, "base"));
      } finally {
        execute(db, "drop database " + taken);
      }
    }
  }

  @Test
  void badConfigurationIsNamedWithoutAServer() throws Exception {
    Serving serving = new Serving("x", Map.of("pgperf.provider", "bogus"));
    assertThat(serving.status.get(1, TimeUnit.MINUTES)).isEqualTo(2);
    assertThat(serving.errors())
        .isEqualToIgnoringNewLines(
            "pgperf compare server: configuration"
                + " parameter pgperf.provider has invalid value \"bogus\": expected one of [AUTO,"
                + " EXTERNAL, TESTCONTAINERS, EMBEDDED]");
    assertThat(serving.handOver).doesNotExist();
  }

  @Test
  void anUnreadableJunitPlatformPropertiesIsNamed() throws Exception {
    Path resources = Files.createDirectories(dir.resolve("resources"));
    Files.writeString(resources.resolve("junit-platform.properties"), "pgperf.provider=\\uZZZZ\n");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {resources.toUri().toURL()}, null)) {
      assertThatThrownBy(() -> CompareServer.junitPlatformProperties(loader))
          .hasMessageStartingWith(
              "cannot read " + resources.resolve("junit-platform.properties").toUri().toURL())
          .hasMessageContaining("Malformed");
    }
  }

  @Test
  void classesAskingForDifferentServersAreNamed() throws Exception {
    Path classes =
        Path.of(Fixtures.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Function<String, Optional<String>> none = key -> Optional.empty();
    assertThatThrownBy(
            () ->
                CompareServer.request(
                    classes,
                    List.of(java.util.regex.Pattern.compile(".*Fixtures\\$(Embedded|Outer)")),
                    none,
                    Map.of()))
        .hasMessageContaining("ask for 2 different servers")
        .hasMessageContaining("Embedded: EMBEDDED")
        .hasMessageContaining("Outer: EXTERNAL")
        .hasMessageEndingWith("set pgperf.compareServer=own");
  }

  /**
   * What a side's test JVM gets: the shared server as EXTERNAL and no settings, over a class that
   * pins EMBEDDED with a setting (an external server refuses settings), and its results record the
   * provider that started it and its settings.
   */
  @Test
  void theForkProtocolNamesThisClassAsTheServersMain() throws Exception {
    assertThat(io.github.pgperf.result.ForkProtocol.COMPARE_SERVER_MAIN)
        .isEqualTo(CompareServer.class.getName());
    assertThat(CompareServer.class.getMethod("main", String[].class)).isNotNull();
  }

  @Test
  void aTestJvmHandedTheSharedServerRecordsItOverTheAnnotationsProvider() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Map<String, String> parameters =
          new HashMap<>(
              Map.of(
                  "pgperf.provider",
                  "EXTERNAL",
                  "pgperf.url",
                  db.url(),
                  "pgperf.settings",
                  "",
                  "pgperf.sharedServer.provider",
                  "EMBEDDED",
                  "pgperf.sharedServer.settings",
                  "shared_preload_libraries=pg_stat_statements;timezone=UTC",
                  "pgperf.sharedServer.reason",
                  "pgperf:compare's shared server (EMBEDDED asked)",
                  "pgperf.results",
                  dir.toString()));
      Kit.Run run = Kit.run(parameters, Fixtures.EmbeddedWithSettings.class);
      run.results().testEvents().assertStatistics(s -> s.started(1).succeeded(1));
      Fixtures.Seen seen = (Fixtures.Seen) Fixture.SEEN.get("EmbeddedWithSettings");
      assertThat(seen.database().provider())
          .isEqualTo(io.github.pgperf.provision.ProviderKind.EXTERNAL);
      assertThat(seen.database().target().database()).isEqualTo(db.name());
      assertThat(seen.database().serverInfo().provider()).isEqualTo("EMBEDDED");
      assertThat(seen.database().serverInfo().providerReason())
          .isEqualTo("pgperf:compare's shared server (EMBEDDED asked)");
      assertThat(seen.database().serverInfo().providerSettings())
          .containsEntry("shared_preload_libraries", "pg_stat_statements")
          .containsEntry("timezone", "UTC");
    }
  }

  private static List<String> databases(TestDatabase db) throws SQLException {
    try (Connection c = db.open();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("select datname from pg_database")) {
      List<String> names = new java.util.ArrayList<>();
      while (r.next()) {
        names.add(r.getString(1));
      }
      return names;
    }
  }

  private static void execute(TestDatabase db, String sql) throws SQLException {
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
