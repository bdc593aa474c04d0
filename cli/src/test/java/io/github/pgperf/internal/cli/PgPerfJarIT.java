package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real executable jar, run by failsafe after {@code package} built it: it initializes, and its
 * errors are one pgbench-style line with no stack trace.
 */
class PgPerfJarIT {

  @Test
  void initializesADatabase() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Cli.Result r =
          java(
              "-i",
              "-s",
              "1",
              "-h",
              db.host(),
              "-p",
              Integer.toString(db.port()),
              "-U",
              db.user(),
              db.name());

      assertThat(r.exitCode()).as(r.stderr()).isZero();
      assertThat(r.stderr()).contains("creating primary keys...\ndone in ");
      try (Connection c = db.open();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select count(*) from pgbench_accounts")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(100_000);
      }
    }
  }

  /**
   * The jar holds the command and what it runs on, nothing that needs a class it has not: the test
   * JVM's launch (which needs the JUnit Platform Launcher) lives in pgperf-compare, the AssertJ
   * assertions in pgperf-harness, and neither module is beneath the command, so no shade filter
   * keeps them out.
   */
  @Test
  void carriesNoClassOfTheTestSide() throws Exception {
    try (JarFile jar = new JarFile(Cli.JAR.toFile())) {
      List<String> names = jar.stream().map(JarEntry::getName).toList();

      assertThat(names)
          .contains(
              "io/github/pgperf/internal/cli/Main.class",
              "io/github/pgperf/gate/Gate.class",
              "picocli/CommandLine.class",
              "org/postgresql/Driver.class")
          .noneMatch(
              n ->
                  n.startsWith("io/github/pgperf/launch/")
                      || n.startsWith("io/github/pgperf/compare/")
                      || n.startsWith("io/github/pgperf/assertj/")
                      || n.startsWith("io/github/pgperf/junit/")
                      || n.startsWith("org/junit/")
                      || n.startsWith("org/assertj/"));
      assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
          .isEqualTo("io.github.pgperf.internal.cli.Main");
    }
  }

  @Test
  void errorsAreOneLineWithoutStackTrace() throws Exception {
    Cli.Result badStep = java("-i", "-I", "dtq");
    Cli.Result noServer = java("-i", "-h", "127.0.0.1", "-p", "1", "-U", "postgres", "postgres");

    assertThat(badStep.exitCode()).isEqualTo(1);
    assertThat(badStep.stderr())
        .isEqualTo(
            "pgperf: error: unrecognized initialization step \"q\"\n"
                + "pgperf: detail: Allowed step characters are: \"dtgGvpf\".\n");
    assertThat(noServer.exitCode()).isEqualTo(1);
    assertThat(noServer.stderr())
        .startsWith("pgperf: error: connection to server at \"127.0.0.1\", port 1");
    PgPerfCommandTest.assertNoStackTrace(noServer);
  }

  /**
   * A run relaunches on the serial collector and leaves nothing in the user's cache: no class
   * archive whose state would carry from one run to the next (see Main), and no CDS messages.
   */
  @Test
  void runsLeaveNothingInTheUserCache(@TempDir Path cache) throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Path script = cache.resolve("select1.sql");
      Files.writeString(script, "SELECT 1;\n");
      String[] run = {
        "-n",
        "-t",
        "5",
        "-c",
        "2",
        "-f",
        script.toString(),
        "-h",
        db.host(),
        "-p",
        Integer.toString(db.port()),
        "-U",
        db.user(),
        db.name()
      };
      Map<String, String> env = Map.of("XDG_CACHE_HOME", cache.toString());

      for (int i = 0; i < 2; i++) {
        Cli.Result r = java(env, run);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("number of transactions actually processed: 10/10");
        assertThat(r.stderr()).doesNotContain("cds", "CDS", "shared archive");
      }
      try (Stream<Path> files = Files.list(cache)) {
        assertThat(files).containsExactly(script);
      }
    }
  }

  private static Cli.Result java(String... args) throws IOException, InterruptedException {
    return java(Map.of(), args);
  }

  private static Cli.Result java(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    return Cli.jar(environment -> environment.putAll(env), args);
  }
}
