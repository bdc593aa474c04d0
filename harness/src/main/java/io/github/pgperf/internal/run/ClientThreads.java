package io.github.pgperf.internal.run;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The threads clients run on: a platform thread each, or virtual threads on Java 21 and later,
 * which the JVM multiplexes on a few carrier threads as pgbench's {@code -j} threads multiplex
 * their clients. pgperf is built for Java 17, so the virtual-thread builder is looked up by name
 * once, when a run starts; nothing of it is on the hot path.
 */
final class ClientThreads {

  /**
   * From how many clients per processor a run takes virtual threads unless told otherwise. A
   * platform thread per client sleeps and wakes in every blocking read; with many more client
   * threads than processors those wake-ups queue behind each other, while a carrier thread finds
   * another client's answer waiting. Measured on 2 processors, select-only, 10 s runs, rounds
   * alternating with pgbench on JDK 25 (bench/README.md, "Virtual threads by default"): virtual
   * threads were no better at 8 clients (0.88 against 0.90 of pgbench's tps) and worse at 16 in
   * both rounds that ran (0.80 and 0.79 against 0.95 and 0.88); better in every round at 32
   * (0.73 against 0.66 median) and at 64 (1.14 against 0.68, half the client CPU per
   * transaction).
   */
  static final int VIRTUAL_FROM_CLIENTS_PER_PROCESSOR = 16;

  /** The first Java with virtual threads. */
  static final int VIRTUAL_SINCE_JAVA = 21;

  private final MethodHandle virtual;

  private ClientThreads(MethodHandle virtual) {
    this.virtual = virtual;
  }

  /**
   * The threads for a run of {@code clients} clients on this JVM.
   *
   * @throws RunException when virtual threads were asked for and this Java has none
   */
  static ClientThreads choose(VirtualThreads choice, int clients) throws RunException {
    boolean virtual = switch (choice) {
      case ON -> true;
      case OFF -> false;
      case AUTOMATIC -> virtualByDefault(Runtime.version().feature(), clients,
          Runtime.getRuntime().availableProcessors());
    };
    return virtual ? virtual() : platform();
  }

  /** Whether a run without a choice takes virtual threads. */
  static boolean virtualByDefault(int javaFeature, int clients, int processors) {
    return javaFeature >= VIRTUAL_SINCE_JAVA
        && clients >= VIRTUAL_FROM_CLIENTS_PER_PROCESSOR * processors;
  }

  /** Whether these threads are virtual. */
  boolean isVirtual() {
    return virtual != null;
  }

  /** Platform threads. */
  static ClientThreads platform() {
    return new ClientThreads(null);
  }

  /**
   * Virtual threads.
   *
   * @throws RunException naming the option and this JVM's version when it has none
   */
  static ClientThreads virtual() throws RunException {
    try {
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      Class<?> builder = Class.forName("java.lang.Thread$Builder");
      MethodHandle ofVirtual = lookup.findStatic(Thread.class, "ofVirtual",
          MethodType.methodType(Class.forName("java.lang.Thread$Builder$OfVirtual")));
      MethodHandle name = lookup.findVirtual(builder, "name",
          MethodType.methodType(builder, String.class));
      MethodHandle unstarted = lookup.findVirtual(builder, "unstarted",
          MethodType.methodType(Thread.class, Runnable.class));
      // (name, runnable) -> Thread.ofVirtual().name(name).unstarted(runnable)
      MethodHandle namedBuilder = MethodHandles.collectArguments(name, 0,
          ofVirtual.asType(MethodType.methodType(builder)));
      MethodHandle make = MethodHandles.collectArguments(unstarted, 0, namedBuilder);
      return new ClientThreads(make.asType(
          MethodType.methodType(Thread.class, String.class, Runnable.class)));
    } catch (ReflectiveOperationException e) {
      throw new RunException("--virtual-threads needs Java 21 or later; this run's Java is "
          + Runtime.version(), null);
    }
  }

  /** A new, unstarted thread for a client. */
  Thread unstarted(Runnable client, String name) {
    if (virtual == null) {
      return new Thread(client, name);
    }
    try {
      return (Thread) virtual.invokeExact(name, client);
    } catch (Throwable e) {
      throw new IllegalStateException("could not make a virtual thread for " + name, e);
    }
  }
}
