package io.github.pgperf.internal.cli;

import io.github.pgperf.internal.run.VirtualThreads;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code pgperf} command line: pgbench's options, pgbench's output; or, when the first argument
 * is {@code check}, {@code report} or {@code baseline}, the gate ({@link GateCommand}).
 */
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
   * The relaunched JVM's young generation, in MB, for runs of up to 32 clients. By default it is a
   * third of an initial heap of 1/64 of the machine's memory (128 MB on 24 GB), all of which a run
   * touches before the first collection. 8 clients, select-only, 15 s, 3 alternating pairs: 89-91
   * MB of memory against 168-178 MB, and 26-34 µs of client CPU per transaction against 34-54 µs
   * (why it costs less CPU was not isolated; a young collection took about 1 ms, about once a
   * second); 200 clients: 219-222 MB against 323-346 MB (bench/README.md). Not added when the user
   * sizes the heap.
   */
  static final int YOUNG_GENERATION_MB = 16;

  /**
   * From 32 clients on, the young generation grows by half a megabyte per client. Every collection
   * stops all the client threads, and with a platform thread per client the run's latency tail
   * follows the number of collections, far beyond what the server did: at 200 clients with 16 MB,
   * 45-49 collections in a 20 s run and a p99.9 of 1.6-1.7 s where pgbench's was 78 ms; with 96 MB,
   * 7-8 collections and 169-186 ms, the same tps, client CPU and memory (230-255 MB against 246-247
   * MB); at 64 clients 252 against 67 ms, at 100 clients 738 against 269 ms (bench/README.md, "The
   * latency tail at many clients").
   */
  static final int YOUNG_GENERATION_KB_PER_CLIENT = 512;

  public static void main(String[] args) {
    if (GateCommand.isGate(args)) {
      System.exit(GateCommand.execute(args, System.out, System.err, System.getenv()));
    }
    if (args.length > 0 && args[0].equals(HistoryCommand.WORD)) {
      System.exit(
          HistoryCommand.execute(
              java.util.Arrays.copyOfRange(args, 1, args.length),
              System.out,
              System.err,
              System.getenv()));
    }
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
    List<String> command =
        relaunchCommand(java.get(), jvmOptions, System.getProperty("java.class.path"), args);
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

  /**
   * The second JVM's command: the serial collector, plain sockets, a young generation sized to the
   * run's clients, the user's JVM options.
   */
  static List<String> relaunchCommand(
      String java, List<String> jvmOptions, String classPath, String[] args) {
    List<String> command = new ArrayList<>();
    command.add(java);
    command.add("-XX:+UseSerialGC");
    command.add("-D" + PLAIN_SOCKETS + "=" + System.getProperty(PLAIN_SOCKETS));
    if (jvmOptions.stream().noneMatch(Main::sizesHeap)) {
      int clients = clients(args);
      // Virtual threads keep the smallest young generation: a collection stops only the carriers.
      boolean virtual = virtualThreads(args).virtualFor(clients, false);
      command.add(youngGeneration(virtual ? 1 : clients));
    }
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classPath);
    command.add(Main.class.getName());
    command.addAll(List.of(args));
    return command;
  }

  /**
   * The number of clients a command line asks for ({@code -c N}, {@code -cN}, {@code --client=N},
   * {@code --client N}), read before the run's JVM starts to size its young generation; 1 when it
   * names none in these forms or not as a number (the run then reads the arguments with its own
   * parser and reports what is wrong). Not picocli: building its model here cost the launching JVM
   * 0.15-0.4 s of CPU, counted against every run.
   */
  static int clients(String[] args) {
    String value = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        break;
      } else if ((a.equals("-c") || a.equals("--client")) && i + 1 < args.length) {
        value = args[++i];
      } else if (a.startsWith("--client=")) {
        value = a.substring("--client=".length());
      } else if (a.startsWith("-c") && a.length() > 2) {
        value = a.substring(2);
      }
    }
    try {
      return value == null ? 1 : Math.max(1, Integer.parseInt(value.strip()));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  /** {@code --virtual-threads}, {@code --no-virtual-threads} (the last given), or neither. */
  static VirtualThreads virtualThreads(String[] args) {
    VirtualThreads choice = VirtualThreads.AUTOMATIC;
    for (String a : args) {
      if (a.equals("--")) {
        break;
      } else if (a.equals("--virtual-threads")) {
        choice = VirtualThreads.ON;
      } else if (a.equals("--no-virtual-threads")) {
        choice = VirtualThreads.OFF;
      }
    }
    return choice;
  }

  /**
   * The {@code -Xmn} option for a run of this many clients on platform threads (a run on virtual
   * threads stops only its few carriers in a collection: at 200 clients on JDK 25, 16 MB gave a
   * p99.9 of 164 ms, and 100 MB took 81 MB more memory).
   */
  static String youngGeneration(int clients) {
    long kb =
        Math.max(YOUNG_GENERATION_MB * 1024L, (long) clients * YOUNG_GENERATION_KB_PER_CLIENT);
    return "-Xmn" + (kb + 1023) / 1024 + "m";
  }

  private static boolean sizesHeap(String option) {
    return option.startsWith("-Xmn")
        || option.startsWith("-Xmx")
        || option.startsWith("-XX:NewSize")
        || option.startsWith("-XX:MaxNewSize")
        || option.startsWith("-XX:NewRatio")
        || option.startsWith("-XX:MaxHeapSize");
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
      if (a.equals("-i")
          || a.equals("--initialize")
          || a.equals("-?")
          || a.equals("--help")
          || a.equals("-V")
          || a.equals("--version")) {
        return false;
      }
    }
    return true;
  }
}
