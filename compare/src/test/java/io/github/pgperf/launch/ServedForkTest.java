package io.github.pgperf.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * Real warm test JVMs ({@link ForkMain} in serve mode) started by {@link ServedFork} on this
 * module's test class path, running {@link Specimens}: discovery once, then slices on command in
 * the same JVM, each told its trial and results directory; a JVM that dies or hangs in a slice
 * reported within a bounded time.
 */
class ServedForkTest {

  @TempDir Path dir;

  /** Only a hang reaches it, not a loaded machine (see TestForkTest). */
  private static final Duration NO_HANG = Duration.ofMinutes(10);

  private final List<String> out = new ArrayList<>();

  private ServedFork start(String tags) throws Exception {
    ForkSettings settings =
        new ForkSettings(
            Path.of(System.getProperty("java.home"), "bin", "java"),
            List.of("-Xshare:auto"),
            Map.of(
                "specimen.log",
                log().toString(),
                "pgperf.duration",
                "2s",
                "pgperf.slice.duration",
                "2s"),
            Map.of(),
            dir,
            Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .toList(),
            NO_HANG,
            dir.resolve("pgperf"));
    return ServedFork.start(
        testClasses(),
        new TestSelection(TestSelection.list(tags), List.of(), List.of(), 1),
        settings,
        out::add);
  }

  private Path log() {
    return dir.resolve("log.txt");
  }

  private static Path testClasses() throws URISyntaxException {
    return Path.of(Specimens.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  @Test
  void oneJvmFindsTheTestsOnceThenRunsEachSliceAsItsTrialIntoItsDirectory() throws Exception {
    String specimens = Specimens.class.getName();
    try (ServedFork fork = start("slice")) {
      TestRun found = fork.discovery();
      assertThat(found.done()).isTrue();
      assertThat(found.found())
          .containsExactly(new TestRun.Found("Specimens$Sliced.run", specimens));
      assertThat(found.outcomes()).isEmpty();

      TestRun warmUp = fork.slice(0, specimens, List.of(), dir.resolve("warm-up"), null, NO_HANG);
      TestRun first =
          fork.slice(1, specimens, List.of(), dir.resolve("pair 1"), Duration.ZERO, NO_HANG);
      TestRun all =
          fork.slice(2, "", List.of(), dir.resolve("pair-2"), Duration.ofSeconds(3), NO_HANG);
      TestRun other =
          fork.slice(
              3,
              ServedForkTest.class.getName(),
              List.of(),
              dir.resolve("x"),
              Duration.ZERO,
              NO_HANG);

      // Each report holds its own slice's runs, as that slice's trial.
      assertThat(warmUp.outcomes())
          .extracting(o -> o.trial() + " " + o.name() + " " + o.status())
          .containsExactly("0 Specimens$Sliced.run PASSED");
      assertThat(first.outcomes())
          .extracting(o -> o.trial() + " " + o.name())
          .containsExactly("1 Specimens$Sliced.run");
      assertThat(all.outcomes()).extracting(TestRun.Outcome::trial).containsExactly(2);
      assertThat(other.outcomes()).isEmpty();
      for (TestRun slice : List.of(warmUp, first, all, other)) {
        assertThat(slice.done()).isTrue();
        assertThat(slice.timedOut()).isFalse();
        assertThat(slice.discovered()).isEqualTo(1);
      }
    }
    // One JVM ran every slice; the warm-up told no trial and no warm-up (each test's own); each
    // slice its results directory and warm-up, the JVM's system properties the duration.
    List<String> lines = Files.readAllLines(log());
    assertThat(lines).hasSize(3);
    String jvm = lines.get(0).substring(lines.get(0).indexOf(" jvm="));
    String duration = " duration=2s slice.duration=2s";
    assertThat(lines)
        .containsExactly(
            "slice trial=none results=" + dir.resolve("warm-up") + duration + " warmup=none" + jvm,
            "slice trial=1 results=" + dir.resolve("pair 1") + duration + " warmup=0s" + jvm,
            "slice trial=2 results=" + dir.resolve("pair-2") + duration + " warmup=3s" + jvm);
    // Told to end, it ended by itself: its events end with done; its output is kept.
    List<List<String>> events = Events.read(dir.resolve("pgperf").resolve(ForkSettings.EVENTS));
    assertThat(events.get(events.size() - 1).get(0)).isEqualTo(Events.DONE);
    assertThat(out).contains("no line end");
    assertThat(out).noneMatch(l -> l.contains(SliceCommand.DONE));
    assertThat(dir.resolve("pgperf").resolve(ServedFork.LOG)).content().contains("no line end");
  }

  @Test
  void aSliceNamingSomeOfItsClassesTestsRunsOnlyThose() throws Exception {
    // Fast's two tests; a sequential comparison's slices run only the tests still open.
    String fast = Specimens.Fast.class.getName().replace('$', '.');
    try (ServedFork fork = start("performance")) {
      assertThat(fork.discovery().found()).hasSize(2);
      String specimens = Specimens.class.getName();
      TestRun both = fork.slice(1, specimens, List.of(), dir.resolve("1"), Duration.ZERO, NO_HANG);
      TestRun second =
          fork.slice(
              2, specimens, List.of(fast + "#second"), dir.resolve("2"), Duration.ZERO, NO_HANG);
      TestRun neither =
          fork.slice(
              3, specimens, List.of(fast + "#third"), dir.resolve("3"), Duration.ZERO, NO_HANG);
      assertThat(both.outcomes())
          .extracting(TestRun.Outcome::name)
          .containsExactlyInAnyOrder("Specimens$Fast.first", "Specimens$Fast.second");
      assertThat(second.outcomes())
          .extracting(o -> o.trial() + " " + o.name())
          .containsExactly("2 Specimens$Fast.second");
      assertThat(neither.outcomes()).isEmpty();
      assertThat(neither.done()).isTrue();
    }
    assertThat(Files.readAllLines(log()))
        .filteredOn(l -> !l.startsWith("first"))
        .containsExactly("second", "second");
  }

  /**
   * On a real PostgreSQL, a test whose load is built in code (its own 2-s warm-up, 3-s length): the
   * warm-up slice runs its warm-up and the slice's length, a measured slice the slice's length
   * without a warm-up, so every call of its transaction is measured but for one per client still
   * running at the end.
   */
  @Test
  void aMeasuredSliceBoundsALoadBuiltInCodeAndRunsNoWarmUp() throws Exception {
    String database = "pgperf_served_fork_" + Long.toHexString(System.nanoTime());
    String live = LiveServer.url();
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(live);
        java.sql.Statement s = c.createStatement()) {
      s.execute("create database " + database);
    }
    try {
      ForkSettings settings =
          new ForkSettings(
              Path.of(System.getProperty("java.home"), "bin", "java"),
              List.of("-Xshare:auto"),
              Map.of(
                  "specimen.log",
                  log().toString(),
                  "pgperf.slice.duration",
                  "1s",
                  "pgperf.provider",
                  "EXTERNAL",
                  "pgperf.url",
                  LiveServer.database(live, database)),
              Map.of(),
              dir,
              Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                  .map(Path::of)
                  .toList(),
              NO_HANG,
              dir.resolve("pgperf"));
      try (ServedFork fork =
          ServedFork.start(
              testClasses(),
              new TestSelection(List.of("sliced-load"), List.of(), List.of(), 1),
              settings,
              out::add)) {
        assertThat(fork.discovery().done()).isTrue();
        TestRun warmUp = fork.slice(0, "", List.of(), dir.resolve("warm-up"), null, NO_HANG);
        TestRun measured =
            fork.slice(1, "", List.of(), dir.resolve("pair-1"), Duration.ZERO, NO_HANG);
        for (TestRun slice : List.of(warmUp, measured)) {
          assertThat(slice.outcomes())
              .extracting(TestRun.Outcome::status)
              .containsExactly(Status.PASSED);
        }
      }
      List<String> lines = Files.readAllLines(log());
      assertThat(lines).hasSize(2).allMatch(l -> l.startsWith("load length=Timed[seconds=1] "));
      long warmUpCalls = Long.parseLong(lines.get(0).substring(lines.get(0).lastIndexOf('=') + 1));
      long measuredCalls =
          Long.parseLong(lines.get(1).substring(lines.get(1).lastIndexOf('=') + 1));
      assertThat(warmUpCalls).isGreaterThan(Specimens.SlicedLoad.CLIENTS);
      assertThat(measuredCalls).isBetween(0L, (long) Specimens.SlicedLoad.CLIENTS);
      // The measured slice's result, as the comparison keeps it: trial 1, the slice's length.
      io.github.pgperf.result.RunResult result =
          io.github.pgperf.result.ResultJson.read(
              dir.resolve("pair-1").resolve("SlicedLoad-counted.json"));
      assertThat(result.identity().trial()).isEqualTo(1);
      assertThat(result.settings().length())
          .isEqualTo(new io.github.pgperf.result.RunLength.Timed(1));
    } finally {
      try (java.sql.Connection c = java.sql.DriverManager.getConnection(live);
          java.sql.Statement s = c.createStatement()) {
        s.execute("drop database if exists " + database + " with (force)");
      }
    }
  }

  @Test
  void aJvmThatDiesInASliceIsReportedWithItsStatusAndEveryLaterSliceToo() throws Exception {
    try (ServedFork fork = start("dies")) {
      assertThat(fork.discovery().done()).isTrue();
      long start = System.nanoTime();
      TestRun died = fork.slice(1, "", List.of(), dir.resolve("pair-1"), Duration.ZERO, NO_HANG);
      TestRun after = fork.slice(2, "", List.of(), dir.resolve("pair-2"), Duration.ZERO, NO_HANG);
      // Reported when it ended, not at the timeout.
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMinutes(2));
      assertThat(died.done()).isFalse();
      assertThat(died.timedOut()).isFalse();
      assertThat(died.exitStatus()).isEqualTo(7);
      assertThat(died.running()).contains("Specimens$Dies.halts (trial 1)");
      assertThat(died.lastError()).isEqualTo("java.lang.OutOfMemoryError: Java heap space");
      assertThat(after.done()).isFalse();
      assertThat(after.exitStatus()).isEqualTo(7);
      assertThat(after.outcomes()).isEmpty();
      assertThat(fork.log()).content().contains("java.lang.OutOfMemoryError");
    }
  }

  @Test
  void aSliceThatHangsIsKilledAtItsTimeoutAndNamed() throws Exception {
    try (ServedFork fork = start("hang")) {
      assertThat(fork.discovery().done()).isTrue();
      Duration timeout = Duration.ofSeconds(10);
      long start = System.nanoTime();
      TestRun hung = fork.slice(1, "", List.of(), dir.resolve("pair-1"), Duration.ZERO, timeout);
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertThat(hung.timedOut()).isTrue();
      assertThat(hung.done()).isFalse();
      assertThat(took)
          .isGreaterThanOrEqualTo(timeout)
          .isLessThan(timeout.plus(Duration.ofMinutes(2)));
      // The JVM was warm: the launcher reached the test well within the timeout.
      assertThat(hung.running()).contains("Specimens$Hang.forever (trial 1)");
      assertThat(fork.slice(2, "", List.of(), dir.resolve("pair-2"), Duration.ZERO, timeout).done())
          .isFalse();
    }
  }

  @Test
  void itsInputClosingEndsItWithStatusZero() throws Exception {
    // A build killed outright closes the pipe: the warm JVM must end rather than wait on.
    ForkSettings settings =
        new ForkSettings(
            Path.of(System.getProperty("java.home"), "bin", "java"),
            List.of("-Xshare:auto"),
            Map.of("specimen.log", log().toString()),
            Map.of(),
            dir,
            Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .toList(),
            NO_HANG,
            dir.resolve("pgperf"));
    Files.createDirectories(settings.outputDirectory());
    Path arguments = dir.resolve("serve.args");
    Files.writeString(
        arguments,
        TestFork.argumentFile(
            settings,
            ForkArguments.of(
                    testClasses(),
                    new TestSelection(List.of("slice"), List.of(), List.of(), 1),
                    settings.events(),
                    settings.traces())
                .serving()));
    Process process =
        new ProcessBuilder(settings.java().toString(), "@" + arguments)
            .redirectErrorStream(true)
            .start();
    try (java.io.BufferedReader output =
        new java.io.BufferedReader(
            new java.io.InputStreamReader(
                process.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
      String line = output.readLine();
      while (line != null && !line.equals(SliceCommand.READY)) {
        line = output.readLine();
      }
      assertThat(line).isEqualTo(SliceCommand.READY);
      process.getOutputStream().close();
      assertThat(process.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
    } finally {
      process.destroyForcibly();
    }
    assertThat(process.exitValue()).isZero();
    List<List<String>> events = Events.read(settings.events());
    assertThat(events.get(events.size() - 1).get(0)).isEqualTo(Events.DONE);
    assertThat(log()).doesNotExist();
  }

  @Test
  void commandsAreOneLineEachAndABadOneIsNamed() {
    SliceCommand.Run run =
        new SliceCommand.Run(3, "shop.Orders", Path.of("/tmp/a\tb c"), Duration.ZERO);
    assertThat(run.line()).isEqualTo("run\t3\tshop.Orders\t/tmp/a\\tb c\t0s");
    assertThat(SliceCommand.parse(run.line())).isEqualTo(run);
    SliceCommand.Run own = new SliceCommand.Run(0, "", Path.of("w"), null);
    assertThat(own.line()).isEqualTo("run\t0\t\tw\t");
    assertThat(SliceCommand.parse(own.line())).isEqualTo(own);
    // The tests a slice is narrowed to, after the warm-up.
    SliceCommand.Run some =
        new SliceCommand.Run(
            4,
            "shop.Orders",
            List.of("shop.Orders#run", "shop.Orders.Cold#lookup"),
            Path.of("r"),
            Duration.ZERO);
    assertThat(some.line())
        .isEqualTo("run\t4\tshop.Orders\tr\t0s\tshop.Orders#run,shop.Orders.Cold#lookup");
    assertThat(SliceCommand.parse(some.line())).isEqualTo(some);
    assertThatThrownBy(
            () -> new SliceCommand.Run(1, "", List.of("run"), Path.of("w"), Duration.ZERO))
        .hasMessage("a slice's test must be <class>#<method> without commas, not \"run\"");
    assertThatThrownBy(() -> SliceCommand.parse("run\t1\t\tw\t1.5s"))
        .hasMessage("the slice's warm-up is not whole seconds (such as 0s): run\t1\t\tw\t1.5s");
    assertThatThrownBy(() -> new SliceCommand.Run(1, "", Path.of("w"), Duration.ofMillis(500)))
        .hasMessage("a slice's warm-up must be whole seconds from 0, not PT0.5S");
    assertThat(SliceCommand.parse("end")).isEqualTo(new SliceCommand.End());
    assertThatThrownBy(() -> SliceCommand.parse("run\tthree\tshop.Orders\t/tmp\t"))
        .hasMessage("the slice's trial is not a number: run\tthree\tshop.Orders\t/tmp\t");
    assertThatThrownBy(() -> SliceCommand.parse("stop"))
        .hasMessage(
            "unknown command \"stop\": expected run<TAB>trial<TAB>class<TAB>results"
                + " directory<TAB>warm-up[<TAB>class#method,...], or end");
    assertThatThrownBy(() -> new SliceCommand.Run(-1, "", Path.of("x"), null))
        .hasMessage("a slice's trial must be 0 or more, not -1");
    // A warm JVM's arguments: every class of the selection, no trials, serving.
    ForkArguments serving =
        ForkArguments.of(
                Path.of("classes"),
                new TestSelection(List.of(), List.of(), List.of(), 5).inClass("shop.Orders"),
                Path.of("e"),
                Path.of("t"))
            .serving();
    assertThat(ForkArguments.parse(serving.toArgs().toArray(new String[0]))).isEqualTo(serving);
    assertThat(serving.serve()).isTrue();
    assertThat(serving.trials()).isZero();
    assertThat(serving.testClass()).isEmpty();
  }
}
