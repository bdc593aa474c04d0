package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.pgperf.testing.ForkedJvm;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the JUnit path prints: pgperf's own lines, not other tools' noise. The command line keeps
 * pgbench's output, notices included (its differential tests compare it with pgbench's).
 */
class ConsoleTest {

  @TempDir Path dir;

  /** pgbench -i drops tables that are not there yet, each with a notice; a test shows none. */
  @Test
  void initializationAndRunsPrintNoServerNotices() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run run =
          Kit.run(
              Map.of("pgperf.url", db.url(), "pgperf.results", dir.toString()),
              Fixtures.ExternalA.class,
              SchemaFixtures.Builtin.class);
      run.results().testEvents().assertStatistics(s -> s.started(2).succeeded(2));
      assertThat(run.err()).contains("done in "); // it did initialize
      assertThat(run.out() + run.err())
          .doesNotContain("NOTICE:")
          .doesNotContain("does not exist, skipping");
    }
  }

  /** A pgperf.* system property the extension does not read is named once, with the nearest key. */
  @Test
  void anUnknownKeyIsNamedOnceWithTheNearestKnownKey() throws Exception {
    System.setProperty("pgperf.duraton", "5s");
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run run =
          Kit.run(
              Map.of("pgperf.url", db.url(), "pgperf.results", dir.toString()),
              Fixtures.ExternalA.class,
              Fixtures.ExternalB.class);
      run.results().testEvents().assertStatistics(s -> s.failed(0));
      assertThat(run.err())
          .containsOnlyOnce(
              "pgperf: warning: unknown property pgperf.duraton;"
                  + " did you mean pgperf.duration?");
    } finally {
      System.clearProperty("pgperf.duraton");
    }
  }

  /**
   * A test JVM from its start: AUTO asks Testcontainers for Docker and starts zonky's embedded
   * server, both of which log through SLF4J; the first use of SLF4J without a binding prints its
   * warning, once per JVM, which only a JVM of its own shows.
   */
  @Test
  void aTestJvmPrintsNoSlf4jWarningNorNotices() throws Exception {
    assumeTrue(System.getenv("PGPERF_URL") == null, "AUTO would choose the PGPERF_URL server");
    ForkedJvm.Ended jvm =
        ForkedJvm.run(
            dir,
            List.of(),
            env -> env.remove("PGPERF_URL"),
            ForkedRun.class.getName(),
            Fixtures.Auto.class.getName());
    String console = jvm.console();
    assertThat(jvm.exitValue()).as(console).isZero();
    assertThat(console)
        .contains("pgperf: EMBEDDED PostgreSQL")
        .contains("done in ")
        .doesNotContain("SLF4J")
        .doesNotContain("NOTICE:");
  }
}
