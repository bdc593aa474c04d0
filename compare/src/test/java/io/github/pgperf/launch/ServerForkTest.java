package io.github.pgperf.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.compare.SharedServer;
import io.github.pgperf.compare.Side;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared server JVM as {@code pgperf:compare} starts it: the harness's CompareServer on this
 * module's test class path, on the live server as EXTERNAL (a database per side, made and dropped
 * by the server JVM), and one that ends before handing over.
 */
class ServerForkTest {

  @TempDir Path dir;

  private final List<String> out = Collections.synchronizedList(new ArrayList<>());

  private static String liveUrl() {
    return LiveServer.url();
  }

  private ForkSettings settings(Map<String, String> properties) throws Exception {
    return new ForkSettings(
        Path.of(System.getProperty("java.home"), "bin", "java"),
        List.of("-Xshare:auto"),
        properties,
        Map.of(),
        Files.createDirectories(dir.resolve("w")),
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .map(Path::of)
            .toList(),
        Duration.ZERO,
        dir.resolve("server"));
  }

  private static TestSelection none() {
    return new TestSelection(List.of(), List.of(), List.of("NoSuchClassAnywhere"), 1);
  }

  @Test
  void handsOverTheTestsExternalServerWithADatabasePerSideAndDropsThemAtClose() throws Exception {
    String comparison = "t" + Long.toHexString(System.nanoTime());
    SharedServer shared;
    try (ServerFork server =
        ServerFork.start(
            settings(Map.of("pgperf.provider", "EXTERNAL", "pgperf.url", liveUrl())),
            comparison,
            Files.createDirectories(dir.resolve("classes")),
            none(),
            Duration.ofMinutes(2),
            out::add)) {
      shared = SharedServer.of(server.handOver());
      assertThat(shared.provider()).isEqualTo("EXTERNAL");
      for (Side side : Side.values()) {
        assertThat(shared.urls().get(side))
            .endsWith("/pgperf_compare_" + comparison + "_" + side.label());
        assertThat(exists(shared, side)).as("%s's database while serving", side).isTrue();
      }
      assertThat(shared.properties(Side.BASE))
          .containsEntry("pgperf.provider", "EXTERNAL")
          .containsEntry("pgperf.url", shared.urls().get(Side.BASE))
          .containsEntry("pgperf.settings", "")
          .doesNotContainKey("pgperf.installExtensions");
      assertThat(shared.properties(Side.CANDIDATE).get("pgperf.sharedServer.reason"))
          .isEqualTo(shared.properties(Side.BASE).get("pgperf.sharedServer.reason"))
          .startsWith("pgperf:compare's shared server at " + shared.server());
    }
    for (Side side : Side.values()) {
      assertThat(exists(shared, side)).as("%s's database after close", side).isFalse();
    }
    assertThat(out).anyMatch(l -> l.startsWith("pgperf: shared server for pgperf:compare:"));
    // The URL a user wrote may hold a password: it reaches the JVM in its environment only.
    assertThat(dir.resolve("server").resolve(ServerFork.ARGUMENTS))
        .content()
        .doesNotContain("pgperf.url")
        .contains(ServerFork.MAIN);
  }

  @Test
  void aServerJvmThatEndsBeforeHandingOverIsNamedWithItsLastLine() throws Exception {
    assertThatThrownBy(
            () ->
                ServerFork.start(
                    settings(Map.of("pgperf.provider", "bogus")),
                    "x",
                    Files.createDirectories(dir.resolve("classes")),
                    none(),
                    Duration.ofMinutes(2),
                    out::add))
        .isInstanceOf(ServerForkException.class)
        .hasMessage(
            "the shared server JVM ended with exit status 2 before handing the server"
                + " over: pgperf compare server: configuration parameter pgperf.provider has invalid"
                + " value \"bogus\": expected one of [AUTO, EXTERNAL, TESTCONTAINERS, EMBEDDED]");
  }

  private static boolean exists(SharedServer shared, Side side) throws SQLException {
    String url = shared.urls().get(side);
    String database = url.substring(url.lastIndexOf('/') + 1);
    try (Connection c = DriverManager.getConnection(liveUrl());
        PreparedStatement p = c.prepareStatement("select 1 from pg_database where datname = ?")) {
      p.setString(1, database);
      try (ResultSet r = p.executeQuery()) {
        return r.next();
      }
    }
  }
}
