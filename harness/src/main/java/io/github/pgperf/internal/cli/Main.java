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

  /**
   * The relaunched JVM's young generation. By default it is a third of an initial heap of 1/64 of
   * the machine's memory (128 MB on 24 GB), all of which a run touches before the first collection.
   * 8 clients, select-only, 15 s, 3 alternating pairs: 89-91 MB of memory against 168-178 MB, and
   * 26-34 µs of client CPU per transaction against 34-54 µs (why it costs less CPU was not
   * isolated; a young collection took about 1 ms, about once a second); 200 clients: 219-222 MB
   * against 323-346 MB (bench/README.md). Not added when the user sizes the heap.
   */
  static final String YOUNG_GENERATION = "-Xmn16m";

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
   * Initialization, help and version are not worth a second JVM.
   *
   * <p>The second JVM does not map a class data sharing archive of pgperf's classes (it did until
   * 2026-12, dumped by the first run into the user's cache): start-up took 0.1 s less CPU, but an
   * archive dumped by a 200-client run left the hottest methods of every later run interpreted
   * (Client.attempt, ClientConnection.execute never compiled; 31 against 14 µs of user CPU per
   * transaction, bench/README.md). What one run leaves must not decide the speed of the next.
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
    List<String> command = relaunchCommand(java.get(), jvmOptions,
        System.getProperty("java.class.path"), args);
    ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
    builder.environment().put(RELAUNCHED, "1");
    try {
      Process process = builder.start();
      // The child gets the terminal's signals too; wait for it whatever happens here.
      while (true) {
        try {
          return Optional.of(process.waitFor());
        } catch (InterruptedException e) {
          // keep waiting: the child decides when the run ends
        }
      }
    } catch (java.io.IOException e) {
      return Optional.empty();
    }
  }

  /** The second JVM's command: the serial collector, plain sockets, the user's JVM options. */
  static List<String> relaunchCommand(String java, List<String> jvmOptions, String classPath,
      String[] args) {
    List<String> command = new ArrayList<>();
    command.add(java);
    command.add("-XX:+UseSerialGC");
    command.add("-D" + PLAIN_SOCKETS + "=" + System.getProperty(PLAIN_SOCKETS));
    if (jvmOptions.stream().noneMatch(Main::sizesHeap)) {
      command.add(YOUNG_GENERATION);
    }
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classPath);
    command.add(Main.class.getName());
    command.addAll(List.of(args));
    return command;
  }

  private static boolean sizesHeap(String option) {
    return option.startsWith("-Xmn") || option.startsWith("-Xmx")
        || option.startsWith("-XX:NewSize") || option.startsWith("-XX:MaxNewSize")
        || option.startsWith("-XX:NewRatio") || option.startsWith("-XX:MaxHeapSize");
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
