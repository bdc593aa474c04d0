package io.github.pgperf.internal.cli;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The {@code pgperf} command line: pgbench's options, pgbench's output. */
public final class Main {

  /** Set in the relaunched JVM so that it does not relaunch again. */
  static final String RELAUNCHED = "PGPERF_RELAUNCHED";

  private Main() {}

  /**
   * JDK 17's default socket implementation turns a socket non-blocking for good once a timed
   * operation (pgjdbc's connect timeout) used it, and then every read is read, poll, read: about
   * 20% more client CPU per transaction than the blocking reads of the older implementation,
   * measured with bench/run-vs-pgbench.sh. Set before any socket exists.
   */
  static final String PLAIN_SOCKETS = "jdk.net.usePlainSocketImpl";

  public static void main(String[] args) {
    if (System.getProperty(PLAIN_SOCKETS) == null) {
      System.setProperty(PLAIN_SOCKETS, "true");
    }
    Optional<Integer> relaunched = relaunchWithSerialCollector(args);
    if (relaunched.isPresent()) {
      System.exit(relaunched.get());
    }
    System.exit(PgPerfCommand.execute(args, System.out, System.err, System.getenv()));
  }

  /**
   * A benchmark run costs the client 25-30% more CPU with the default G1 collector than with the
   * serial one (bench/README.md), CPU taken from the server on a shared machine. A jar cannot
   * choose its collector, so a run on G1 starts this jar again with {@code -XX:+UseSerialGC} and
   * the same JVM options, unless the user chose a collector or set {@code PGPERF_RELAUNCHED}.
   * Initialization, help and version are not worth a second JVM. The second JVM maps pgperf's
   * classes from a {@link ClassArchive}, which more than pays for its start.
   */
  private static Optional<Integer> relaunchWithSerialCollector(String[] args) {
    if (System.getenv(RELAUNCHED) != null || !usesG1() || !isRun(args)) {
      return Optional.empty();
    }
    List<String> jvmOptions = ManagementFactory.getRuntimeMXBean().getInputArguments();
    for (String option : jvmOptions) {
      if (option.startsWith("-XX:+Use") && option.endsWith("GC")) {
        return Optional.empty();
      }
    }
    Optional<String> java = ProcessHandle.current().info().command();
    if (java.isEmpty()) {
      return Optional.empty();
    }
    String classPath = System.getProperty("java.class.path");
    Optional<ClassArchive> archive = ClassArchive.forRun(classPath, jvmOptions, System.getenv(),
        System.getProperty("user.home"));
    List<String> command = new ArrayList<>();
    command.add(java.get());
    command.add("-XX:+UseSerialGC");
    command.add("-D" + PLAIN_SOCKETS + "=" + System.getProperty(PLAIN_SOCKETS));
    archive.ifPresent(a -> command.addAll(a.jvmOptions()));
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classPath);
    command.add(Main.class.getName());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
    builder.environment().put(RELAUNCHED, "1");
    try {
      Process process = builder.start();
      // The child gets the terminal's signals too; wait for it whatever happens here.
      while (true) {
        try {
          int exitCode = process.waitFor();
          archive.ifPresent(a -> a.finish(exitCode));
          return Optional.of(exitCode);
        } catch (InterruptedException e) {
          // keep waiting: the child decides when the run ends
        }
      }
    } catch (java.io.IOException e) {
      return Optional.empty();
    }
  }

  private static boolean usesG1() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc.getName().startsWith("G1")) {
        return true;
      }
    }
    return false;
  }

  private static boolean isRun(String[] args) {
    for (String a : args) {
      if (a.equals("-i") || a.equals("--initialize") || a.equals("-?") || a.equals("--help")
          || a.equals("-V") || a.equals("--version")) {
        return false;
      }
    }
    return true;
  }
}
