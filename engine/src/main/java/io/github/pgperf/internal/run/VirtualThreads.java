package io.github.pgperf.internal.run;

/**
 * Whether a run's clients run on virtual threads: {@code --virtual-threads}, {@code
 * --no-virtual-threads}, or neither ({@link #AUTOMATIC}), and the rule that decides the automatic
 * case; {@link ClientThreads#choose} makes the threads, and the command line's relaunch sizes the
 * young generation for platform threads only.
 */
public enum VirtualThreads {
  /**
   * Virtual threads where Java has them (21 and later) and the run has enough clients for a thread
   * each to cost more than the virtual threads' scheduling; else a platform thread per client.
   */
  AUTOMATIC,
  /** Virtual threads; refused on Java 17 to 20. */
  ON,
  /** A platform thread per client. */
  OFF;

  /**
   * From how many clients per processor a run takes virtual threads unless told otherwise. A
   * platform thread per client sleeps and wakes in every blocking read; with many more client
   * threads than processors those wake-ups queue behind each other, while a carrier thread finds
   * another client's answer waiting. Measured on 2 processors, select-only, 10 s runs, rounds
   * alternating with pgbench on JDK 25 (bench/README.md, "Virtual threads by default"): virtual
   * threads were no better at 8 clients (0.88 against 0.90 of pgbench's tps) and worse at 16 in
   * both rounds that ran (0.80 and 0.79 against 0.95 and 0.88); better in every round at 32 (0.73
   * against 0.66 median) and at 64 (1.14 against 0.68, half the client CPU per transaction).
   */
  static final int FROM_CLIENTS_PER_PROCESSOR = 16;

  /** The first Java with virtual threads. */
  static final int SINCE_JAVA = 21;

  /**
   * Whether a run of {@code clients} clients on this JVM runs them on virtual threads ({@link #ON}
   * says yes even on a Java without them, which the run then refuses).
   *
   * @param javaTransactions whether the workload runs the user's Java transactions: without a
   *     choice those keep a platform thread per client, because code pgperf does not know may block
   *     inside {@code synchronized} (a connection pool, a driver), which on Java 21 to 23 pins the
   *     carrier, and with as few carriers as processors a few pinned clients stall the rest;
   *     pgperf's scripts run pgjdbc alone, whose locks do not pin
   */
  public boolean virtualFor(int clients, boolean javaTransactions) {
    return switch (this) {
      case ON -> true;
      case OFF -> false;
      case AUTOMATIC ->
          !javaTransactions
              && byDefault(
                  Runtime.version().feature(), clients, Runtime.getRuntime().availableProcessors());
    };
  }

  /** Whether a run without a choice takes virtual threads. */
  static boolean byDefault(int javaFeature, int clients, int processors) {
    return javaFeature >= SINCE_JAVA && clients >= FROM_CLIENTS_PER_PROCESSOR * processors;
  }
}
