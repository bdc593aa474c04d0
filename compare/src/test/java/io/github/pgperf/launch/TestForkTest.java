package io.github.pgperf.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real test JVMs started by {@link TestFork} on this module's test class path, running {@link
 * Specimens}.
 */
class TestForkTest {

  @TempDir Path dir;

  /**
   * The timeout of forks that end by themselves: only a hang reaches it, not a loaded machine (at
   * load 35 on 2 cores, 3 trials of 2 empty tests took 108 s).
   */
  private static final Duration NO_HANG = Duration.ofMinutes(10);

  /** A URL a user might give: the test JVM gets it, no file does. */
  private static final String URL_WITH_PASSWORD = "postgresql://u:s3cr3t=\\x@db:5432/app";

  private final List<String> out = new ArrayList<>();
  private final List<String> err = new ArrayList<>();

  private TestRun run(String tag, String classes, int trials, Duration timeout) throws Exception {
    return TestFork.run(
        testClasses(),
        new TestSelection(TestSelection.list(tag), List.of(), TestSelection.list(classes), trials),
        settings(timeout),
        out::add,
        err::add);
  }

  private ForkSettings settings(Duration timeout) throws Exception {
    Path work = Files.createDirectories(dir.resolve("work dir"));
    ForkSettings settings =
        new ForkSettings(
            Path.of(System.getProperty("java.home"), "bin", "java"),
            List.of("-Xshare:auto"),
            Map.of(
                "specimen.log",
                dir.resolve("log.txt").toString(),
                "pgperf.results",
                dir.resolve("results").toString(),
                "pgperf.url",
                URL_WITH_PASSWORD),
            Map.of("SPECIMEN_ENV", "from the build"),
            work,
            classpath(),
            timeout,
            dir.resolve("pgperf"));
    return settings;
  }

  private static List<Path> classpath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(Path::of)
        .toList();
  }

  private static Path testClasses() throws URISyntaxException {
    return Path.of(Specimens.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private List<String> log() throws Exception {
    Path log = dir.resolve("log.txt");
    return Files.exists(log) ? Files.readAllLines(log) : List.of();
  }

  @Test
  void everyTrialOfEveryTaggedTestRunsInTurnWithTheBuildsSettings() throws Exception {
    TestRun run = run("performance", "", 3, NO_HANG);

    assertThat(run.done()).isTrue();
    assertThat(run.exitStatus()).isZero();
    assertThat(run.discovered()).isEqualTo(2);
    assertThat(run.failures()).isEmpty();
    // Trial 1 of every test, then trial 2, ...; in the engine's order, the same in every trial.
    List<TestRun.Outcome> outcomes = run.outcomes();
    assertThat(outcomes).extracting(TestRun.Outcome::trial).containsExactly(1, 1, 2, 2, 3, 3);
    assertThat(outcomes).extracting(TestRun.Outcome::status).containsOnly(Status.PASSED);
    assertThat(outcomes.subList(0, 2))
        .extracting(TestRun.Outcome::name)
        .containsExactlyInAnyOrder("Specimens$Fast.first", "Specimens$Fast.second");
    for (int i = 2; i < 6; i++) {
      assertThat(outcomes.get(i).name()).isEqualTo(outcomes.get(i % 2).name());
    }
    List<String> log = log();
    assertThat(log).hasSize(6).doesNotContain("untagged");
    log = log.stream().filter(l -> l.startsWith("first")).toList();
    // Working directory, environment and system properties as configured.
    assertThat(log.get(0))
        .isEqualTo(
            "first "
                + dir.resolve("work dir")
                + " from the build "
                + dir.resolve("results")
                + " "
                + URL_WITH_PASSWORD);
    // The URL may hold a password: it reached the test JVM through its environment, not the file.
    String arguments = Files.readString(dir.resolve("pgperf").resolve(ForkSettings.ARGUMENTS));
    assertThat(arguments)
        .contains("pgperf.results")
        .doesNotContain("s3cr3t")
        .doesNotContain("pgperf.url");
    assertThat(run.timing().trials()).hasSize(3);
    assertThat(run.timing().jvmStart()).isPositive();
    assertThat(run.summary(3))
        .startsWith("2 tests x 3 trials: 6 passed, 0 failed, 0 aborted," + " 0 skipped in ");
    assertThat(err).isEmpty();
  }

  @Test
  void aClassPatternPicksTheClassesAndAnEmptySelectionRunsNothing() throws Exception {
    TestRun picked = run("performance,threshold", "Specimens$Fa*", 1, NO_HANG);
    assertThat(picked.outcomes())
        .extracting(TestRun.Outcome::name)
        .containsExactlyInAnyOrder("Specimens$Fast.first", "Specimens$Fast.second");

    TestRun none = run("no-such-tag", "", 2, NO_HANG);
    assertThat(none.done()).isTrue();
    assertThat(none.discovered()).isZero();
    assertThat(none.outcomes()).isEmpty();
  }

  @Test
  void discoveryNamesEachTestsTopLevelClassAndAClassNarrowsThePatterns() throws Exception {
    // pgperf:compare's discovery: tests and their classes, nothing run.
    TestSelection fast =
        new TestSelection(
            List.of("performance", "threshold"), List.of(), List.of("Specimens$Fa*"), 1);
    TestRun found = TestFork.discover(testClasses(), fast, settings(NO_HANG), out::add, err::add);
    assertThat(found.done()).isTrue();
    assertThat(found.outcomes()).isEmpty();
    assertThat(found.found())
        .extracting(TestRun.Found::name)
        .containsExactlyInAnyOrder("Specimens$Fast.first", "Specimens$Fast.second");
    String specimens = Specimens.class.getName();
    assertThat(found.testClasses()).containsExactly(specimens);
    assertThat(log()).isEmpty();

    // A JVM of that class runs what the patterns pick in it (not Threshold, a class the class
    // name alone would take in); a JVM of another class, nothing.
    TestRun inClass =
        TestFork.run(
            testClasses(), fast.inClass(specimens), 1, settings(NO_HANG), out::add, err::add);
    assertThat(inClass.outcomes())
        .extracting(TestRun.Outcome::name)
        .containsExactlyInAnyOrder("Specimens$Fast.first", "Specimens$Fast.second");
    TestRun other =
        TestFork.run(
            testClasses(),
            fast.inClass(TestForkTest.class.getName()),
            1,
            settings(NO_HANG),
            out::add,
            err::add);
    assertThat(other.done()).isTrue();
    assertThat(other.discovered()).isZero();
    assertThat(fast.inClass(specimens).describe())
        .isEqualTo("tag performance or threshold," + " classes Specimens$Fa*, in " + specimens);
  }

  @Test
  void failuresCarryTheTestsOwnMessagesAndTheirTracesGoToAFile() throws Exception {
    TestRun run = run("threshold", "", 2, NO_HANG);

    assertThat(run.done()).isTrue();
    assertThat(run.failures())
        .extracting(o -> o.trial() + " " + o.name())
        .containsExactly(
            "1 Specimens$Threshold.missesItsFloor", "2 Specimens$Threshold.missesItsFloor");
    String message = run.failureMessage();
    assertThat(message)
        .isEqualTo(
            "2 runs of the performance tests failed:\n"
                + "  Specimens$Threshold.missesItsFloor (trials 1, 2):\n"
                + "      tps 12.0 is below the floor of 500.0\n"
                + "      run: 4 clients, 10 s\n"
                + "  Stack traces: "
                + dir.resolve("pgperf").resolve(ForkSettings.TRACES));
    assertThat(Files.readString(run.traces()))
        .contains("== Specimens$Threshold.missesItsFloor (trial 2) ==")
        .contains("at io.github.pgperf.launch.Specimens$Threshold.missesItsFloor");
    assertThat(run.count(Status.PASSED)).isEqualTo(2);
    assertThat(out).noneMatch(l -> l.contains("\tat "));
    assertThat(err).noneMatch(l -> l.contains("\tat "));
  }

  @Test
  void aClassWhoseSetUpFailsAndAFailingInvocationAreNamed() throws Exception {
    TestRun setUp = run("setup", "", 1, NO_HANG);
    assertThat(setUp.failures())
        .extracting(o -> o.name() + ": " + o.message())
        .containsExactly("Specimens$SetUpFails: cannot reach 127.0.0.1:1: Connection refused");

    TestRun parameterized = run("parameterized", "", 1, NO_HANG);
    assertThat(parameterized.discovered()).isEqualTo(1);
    assertThat(parameterized.failures())
        .extracting(o -> o.name() + ": " + o.message())
        .containsExactly("Specimens$Parameterized.clients [2] 8: p99 too high with 8 clients");
  }

  @Test
  void aHungTestIsKilledAtTheTimeoutAndNamed() throws Exception {
    // The kill must find the test running. A machine too busy to start the JVM and reach the test
    // within 6 s (2 to 3 s on a quiet one) gets the test again with a timeout 4 times longer, up
    // to 384 s (at load 35 on 2 cores, the JVM reached the test only with 240 s).
    TestRun run;
    Duration timeout = Duration.ofSeconds(6);
    while (true) {
      long start = System.nanoTime();
      run = run("hang", "", 1, timeout);
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      assertThat(run.timedOut()).isTrue();
      assertThat(run.done()).isFalse();
      // Killed at the timeout: not before it, and not left to sleep on (it never ends by itself).
      assertThat(took)
          .isGreaterThanOrEqualTo(timeout)
          .isLessThan(timeout.plus(Duration.ofMinutes(2)));
      if (run.running().isPresent() || timeout.toMinutes() >= 6) {
        break;
      }
      timeout = timeout.multipliedBy(4);
    }
    assertThat(run.running()).contains("Specimens$Hang.forever (trial 1)");
  }

  @Test
  void aTestJvmKilledAtItsTimeoutStopsTheServerItStartedFirst() throws Exception {
    // pg_ctl detaches the postmaster from the JVM: a SIGKILL to the JVM and its descendants left it
    // running. The JVM must get to run its shutdown hooks (zonky's stops the server).
    Path log = dir.resolve("log.txt");
    Duration timeout = Duration.ofSeconds(40);
    String port = null;
    while (port == null) {
      Files.deleteIfExists(log);
      TestRun run = run("hang-with-server", "", 1, timeout);
      assertThat(run.timedOut()).isTrue();
      port =
          Files.exists(log)
              ? Files.readAllLines(log).stream()
                  .filter(l -> l.startsWith("server port="))
                  .map(l -> l.substring("server port=".length()))
                  .findFirst()
                  .orElse(null)
              : null;
      if (port == null) {
        // A machine too busy to start the JVM and its server before the timeout: longer.
        assertThat(timeout).isLessThan(Duration.ofMinutes(5));
        timeout = timeout.multipliedBy(3);
      }
    }
    List<ProcessHandle> left = postmasters(port);
    for (int i = 0; i < 50 && !left.isEmpty(); i++) {
      Thread.sleep(100); // a server on its way down
      left = postmasters(port);
    }
    try {
      assertThat(left).as("postmasters on port %s left running", port).isEmpty();
    } finally {
      left.forEach(ProcessHandle::destroy); // this test's own server, never another's
    }
  }

  /** The live postgres processes started with {@code -p port}. */
  private static List<ProcessHandle> postmasters(String port) {
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .filter(
            h ->
                h.info()
                    .commandLine()
                    .map(c -> c.contains("postgres") && c.contains(" -p " + port + " "))
                    .orElse(false))
        .toList();
  }

  @Test
  void aBadTagExpressionEndsTheJvmWithOneLine() throws Exception {
    TestRun run = run("performance &", "", 1, NO_HANG);

    assertThat(run.done()).isFalse();
    assertThat(run.exitStatus()).isEqualTo(3);
    assertThat(run.lastError())
        .startsWith("pgperf:test: the test launcher failed: ")
        .contains("performance &");
    assertThat(err).hasSize(1);
  }
}
