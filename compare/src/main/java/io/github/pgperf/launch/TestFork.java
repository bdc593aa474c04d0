package io.github.pgperf.launch;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Runs the performance tests in a test JVM of their own ({@link ForkMain}) and reads what it
 * reported. The JVM's standard output and error go, line by line, to the given consumers; a JVM
 * that outlives the timeout is killed with its child processes.
 */
public final class TestFork {

  private TestFork() {}

  /**
   * Starts the test JVM, waits for it and returns its report.
   *
   * @param testClasses the project's compiled test classes
   */
  public static TestRun run(
      Path testClasses,
      TestSelection selection,
      ForkSettings settings,
      Consumer<String> out,
      Consumer<String> err)
      throws IOException, InterruptedException {
    return run(testClasses, selection, 1, settings, out, err);
  }

  /**
   * Starts the test JVM for the selection's trials numbered from {@code firstTrial}, waits for it
   * and returns its report ({@code pgperf:compare} runs one trial per JVM, alternating sides).
   */
  public static TestRun run(
      Path testClasses,
      TestSelection selection,
      int firstTrial,
      ForkSettings settings,
      Consumer<String> out,
      Consumer<String> err)
      throws IOException, InterruptedException {
    return start(
        ForkArguments.of(testClasses, selection, settings.events(), settings.traces())
            .fromTrial(firstTrial),
        settings,
        out,
        err);
  }

  /**
   * Starts a test JVM that only discovers the selection's tests, waits for it and returns its
   * report: {@link TestRun#tests()} and their classes, no runs. {@code pgperf:compare} learns each
   * side's test classes this way before it alternates the sides class by class.
   */
  public static TestRun discover(
      Path testClasses,
      TestSelection selection,
      ForkSettings settings,
      Consumer<String> out,
      Consumer<String> err)
      throws IOException, InterruptedException {
    return start(
        ForkArguments.of(testClasses, selection, settings.events(), settings.traces())
            .discovering(),
        settings,
        out,
        err);
  }

  private static TestRun start(
      ForkArguments arguments, ForkSettings settings, Consumer<String> out, Consumer<String> err)
      throws IOException, InterruptedException {
    Files.createDirectories(settings.outputDirectory());
    Files.deleteIfExists(settings.events());
    Path argumentFile = settings.outputDirectory().resolve(ForkSettings.ARGUMENTS);
    Files.writeString(argumentFile, argumentFile(settings, arguments), StandardCharsets.UTF_8);

    ProcessBuilder builder = processBuilder(settings, argumentFile);
    long start = System.nanoTime();
    Process process = builder.start();
    // Ctrl-C on the build must not leave the test JVM (and a server it started) running.
    Thread killer = new Thread(() -> kill(process), "pgperf-test-kill");
    Runtime.getRuntime().addShutdownHook(killer);
    process.getOutputStream().close();
    Thread outPump = pump(process.getInputStream(), out, "pgperf-test-stdout");
    LastLine lastError = new LastLine(err);
    Thread errPump = pump(process.getErrorStream(), lastError, "pgperf-test-stderr");

    boolean timedOut = false;
    if (settings.timeout().isZero()) {
      process.waitFor();
    } else if (!process.waitFor(settings.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
      timedOut = true;
      kill(process);
      process.waitFor();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway
    }
    long wallMillis = (System.nanoTime() - start) / 1_000_000;
    // A grandchild that kept the pipes open must not keep the build waiting.
    outPump.join(5_000);
    errPump.join(5_000);
    return TestRun.of(
        Events.read(settings.events()),
        process.exitValue(),
        timedOut,
        wallMillis,
        lastError.line,
        settings.traces());
  }

  /** Politely first, so that a server the JVM started is stopped by its hooks ({@link ForkEnd}). */
  private static void kill(Process process) {
    ForkEnd.end(process);
  }

  /**
   * The test JVM's arguments as a {@code java @file}: every argument quoted, so paths with spaces
   * survive, and the class path never hits a command-line length limit.
   */
  static String argumentFile(ForkSettings settings, ForkArguments arguments) {
    return argumentFile(
        settings, List.of(location()), ForkMain.class.getName(), arguments.toArgs());
  }

  /**
   * A {@code java @file} running {@code mainClass} on the settings' class path plus {@code
   * extraClasspath}, with the settings' JVM arguments and written system properties.
   */
  static String argumentFile(
      ForkSettings settings,
      List<Path> extraClasspath,
      String mainClass,
      List<String> mainArguments) {
    List<String> args = new ArrayList<>(settings.jvmArguments());
    new TreeMap<>(settings.systemProperties())
        .forEach(
            (k, v) -> {
              if (!ForkSettings.UNWRITTEN_PROPERTIES.contains(k)) {
                args.add("-D" + k + "=" + v);
              }
            });
    args.add("-cp");
    List<Path> classpath = new ArrayList<>(settings.classpath());
    classpath.addAll(extraClasspath);
    args.add(
        classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
    args.add(mainClass);
    args.addAll(mainArguments);
    StringBuilder file = new StringBuilder();
    for (String a : args) {
      file.append('"').append(a.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"\n");
    }
    return file.toString();
  }

  /**
   * A test JVM's process as {@code settings} describe it, its arguments in {@code argumentFile}
   * ({@code java @file}): its directory, its environment, and the properties that may hold a
   * password, which never go into the file, in {@link ForkSettings#UNWRITTEN_PROPERTIES_VARIABLE}.
   * Every JVM pgperf starts on the project's class path (a trial's, a warm one, the shared
   * server's) starts so.
   */
  static ProcessBuilder processBuilder(ForkSettings settings, Path argumentFile) {
    ProcessBuilder builder =
        new ProcessBuilder(settings.java().toString(), "@" + argumentFile.toAbsolutePath());
    builder.directory(settings.workingDirectory().toFile());
    builder.environment().putAll(settings.environment());
    String unwritten = unwrittenProperties(settings);
    if (unwritten != null) {
      builder.environment().put(ForkSettings.UNWRITTEN_PROPERTIES_VARIABLE, unwritten);
    }
    return builder;
  }

  /** The {@link ForkSettings#UNWRITTEN_PROPERTIES} set, in properties-file form, or null. */
  static String unwrittenProperties(ForkSettings settings) {
    Properties unwritten = new Properties();
    settings
        .systemProperties()
        .forEach(
            (k, v) -> {
              if (ForkSettings.UNWRITTEN_PROPERTIES.contains(k)) {
                unwritten.setProperty(k, v);
              }
            });
    if (unwritten.isEmpty()) {
      return null;
    }
    StringWriter text = new StringWriter();
    try {
      unwritten.store(text, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return text.toString();
  }

  /** The jar (or class directory) holding {@link ForkMain}, put on the test JVM's class path. */
  static Path location() {
    try {
      return Path.of(ForkMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate pgperf's test launcher: " + e.getMessage(), e);
    }
  }

  static Thread pump(InputStream stream, Consumer<String> lines, String name) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(new InputStreamReader(stream, Charset.defaultCharset()))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                  lines.accept(line);
                }
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Passes lines on and keeps the last non-blank one, for a message when the JVM fails. */
  static final class LastLine implements Consumer<String> {
    private final Consumer<String> next;
    volatile String line = "";

    LastLine(Consumer<String> next) {
      this.next = next;
    }

    @Override
    public void accept(String s) {
      if (!s.isBlank()) {
        line = s.strip();
      }
      next.accept(s);
    }
  }
}
