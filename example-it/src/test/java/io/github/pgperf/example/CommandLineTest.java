package io.github.pgperf.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs README's command-line blocks ({@code <!-- command: cli -->}) as written, with the reactor's
 * {@code cli/target/pgperf.jar}, against a database of this test's own on the tests' server ({@code
 * PGPERF_TEST_URL}); the database named last on each line is replaced by it.
 */
class CommandLineTest {

  private static final String JAR = "java -jar cli/target/pgperf.jar ";

  private String adminUrl;
  private String database;

  @BeforeEach
  void createDatabase() throws SQLException {
    String env = System.getenv("PGPERF_TEST_URL");
    adminUrl =
        env == null || env.isBlank()
            ? "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres"
            : env;
    database = "pgperf_readme_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(adminUrl);
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + database);
    }
  }

  @AfterEach
  void dropDatabase() throws SQLException {
    try (Connection c = DriverManager.getConnection(adminUrl);
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }
  }

  @Test
  void readmesCommandLinesRunAsWritten(@TempDir Path workDir) throws Exception {
    Path jar = ReadmeTest.ROOT.resolve("cli/target/pgperf.jar");
    assertThat(jar).as("the reactor builds %s before this test", jar).isRegularFile();
    List<String> lines = new ArrayList<>();
    for (String block : ReadmeTest.commands("cli")) {
      block.lines().filter(l -> !l.isBlank()).forEach(lines::add);
    }
    assertThat(lines).isNotEmpty();
    URI server = URI.create(adminUrl.substring("jdbc:".length()));
    for (String line : lines) {
      assertThat(line).startsWith(JAR);
      List<String> command =
          new ArrayList<>(
              List.of(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-jar",
                  jar.toString()));
      List<String> arguments = List.of(line.substring(JAR.length()).split(" +"));
      command.addAll(arguments.subList(0, arguments.size() - 1));
      command.add(database);
      ProcessBuilder pb =
          new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
      pb.environment().put("PGHOST", server.getHost());
      pb.environment()
          .put("PGPORT", String.valueOf(server.getPort() < 0 ? 5432 : server.getPort()));
      pb.environment().put("PGUSER", user(server));
      // pgperf's 10 s connect timeout is too short for a server on a machine at load 38 (seen:
      // "Connection attempt timed out"); a limit for a server that does not answer at all.
      pb.environment().put("PGCONNECT_TIMEOUT", "300");
      Process p = pb.start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as("%s%n%s", line, output).isZero();
      if (arguments.contains("-i")) {
        assertThat(output).contains("done in");
      } else {
        assertThat(output).contains("tps = ");
      }
    }
    assertThat(workDir.resolve("tpcb.json")).isRegularFile();
    assertThat(Files.readString(workDir.resolve("tpcb.json"))).contains("\"schemaVersion\"");
  }

  private static String user(URI server) throws IOException {
    String query = server.getQuery() == null ? "" : server.getQuery();
    for (String pair : query.split("&")) {
      if (pair.startsWith("user=")) {
        return pair.substring("user=".length());
      }
    }
    return "postgres";
  }
}
