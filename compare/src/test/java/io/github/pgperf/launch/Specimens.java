package io.github.pgperf.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Test classes that {@link TestForkTest} runs in a real test JVM through {@link ForkMain}; each tag
 * picks a case. Nested, so Surefire leaves them alone, and enabled only where {@code specimen.log}
 * is set (the test JVMs of TestForkTest), so a pattern like {@code
 * -Dtest=io/github/pgperf/launch/**} does not run them either.
 */
final class Specimens {

  private Specimens() {}

  /** Appends what the test JVM saw to the file named by {@code specimen.log}. */
  static void log(String what) throws IOException {
    String file = System.getProperty("specimen.log");
    if (file != null) {
      Files.writeString(
          Path.of(file),
          what + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    }
  }

  @Tag("performance")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  static class Fast {
    @Test
    void first() throws IOException {
      log(
          "first "
              + Path.of("").toAbsolutePath()
              + " "
              + System.getenv("SPECIMEN_ENV")
              + " "
              + System.getProperty("pgperf.results")
              + " "
              + System.getProperty("pgperf.url"));
    }

    @Test
    void second() throws IOException {
      log("second");
    }
  }

  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  static class Untagged {
    @Test
    void mustNotRun() throws IOException {
      log("untagged");
    }
  }

  @Tag("threshold")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  static class Threshold {
    @Test
    void missesItsFloor() {
      throw new AssertionError("tps 12.0 is below the floor of 500.0\nrun: 4 clients, 10 s");
    }

    @Test
    void passes() {}
  }

  @Tag("setup")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  static class SetUpFails {
    @BeforeAll
    static void noServer() {
      throw new IllegalStateException("cannot reach 127.0.0.1:1: Connection refused");
    }

    @Test
    void neverRuns() {}
  }

  @Tag("parameterized")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  static class Parameterized {
    @ParameterizedTest
    @ValueSource(ints = {1, 8})
    void clients(int clients) {
      if (clients == 8) {
        throw new AssertionError("p99 too high with " + clients + " clients");
      }
    }
  }

  /**
   * Logs what a slice's request told the test, and the JVM it ran in: {@code pgperf:compare}'s warm
   * JVM gets each slice's trial and results directory as configuration parameters.
   */
  static final class SliceParameters implements BeforeEachCallback {
    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
      log(
          "slice trial="
              + context.getConfigurationParameter("pgperf.trial").orElse("none")
              + " results="
              + context.getConfigurationParameter("pgperf.results").orElse("none")
              + " duration="
              + context.getConfigurationParameter("pgperf.duration").orElse("none")
              + " slice.duration="
              + context.getConfigurationParameter("pgperf.slice.duration").orElse("none")
              + " warmup="
              + context.getConfigurationParameter("pgperf.slice.warmup").orElse("none")
              + " jvm="
              + ProcessHandle.current().pid());
    }
  }

  @Tag("slice")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  @ExtendWith(SliceParameters.class)
  static class Sliced {
    @Test
    void run() {
      // A test that prints without a line end must not hide the slice's acknowledgement.
      System.out.print("no line end");
      System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
    }
  }

  @Tag("dies")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  static class Dies {
    @Test
    void halts() {
      System.err.println("java.lang.OutOfMemoryError: Java heap space");
      Runtime.getRuntime().halt(7);
    }
  }

  @Tag("hang")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  static class Hang {
    @Test
    void forever() throws InterruptedException {
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  /**
   * Starts an embedded server of its own, as a test JVM with provider EMBEDDED does, logs its port
   * and hangs: what a build stopped, or a fork timeout, finds.
   */
  @Tag("hang-with-server")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  static class HangWithServer {
    @Test
    void forever() throws Exception {
      io.zonky.test.db.postgres.embedded.EmbeddedPostgres server =
          io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder().start();
      log("server port=" + server.getPort());
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  /**
   * A load built in code with a warm-up and a length of its own, as the example's transfer: logs
   * the length it measured and how many of its calls were not measured (the warm-up's, and one per
   * client still running at the end).
   */
  @Tag("sliced-load")
  @EnabledIfSystemProperty(named = "specimen.log", matches = ".+")
  // The extension without @PgPerfTest, whose tag "performance" would put it among the other
  // cases' tests; the server is the fork's pgperf.provider and pgperf.url.
  @ExtendWith(io.github.pgperf.junit.PgPerfExtension.class)
  static class SlicedLoad {
    static final int CLIENTS = 2;

    @Test
    void counted(io.github.pgperf.junit.LoadRunner load) throws IOException {
      java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();
      io.github.pgperf.result.RunResult run =
          load.clients(CLIENTS)
              .threads(CLIENTS)
              .warmup(java.time.Duration.ofSeconds(2))
              .duration(java.time.Duration.ofSeconds(3))
              .transaction(
                  "select",
                  connection -> {
                    calls.incrementAndGet();
                    try (java.sql.Statement s = connection.createStatement()) {
                      s.execute("select 1");
                    }
                  })
              .run();
      log(
          "load length="
              + run.settings().length()
              + " unmeasured="
              + (calls.get() - run.totalCounts().processed()));
    }
  }
}
