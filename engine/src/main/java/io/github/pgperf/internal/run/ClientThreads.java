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

  private final MethodHandle virtual;

  private ClientThreads(MethodHandle virtual) {
    this.virtual = virtual;
  }

  /**
   * The threads for a run of {@code clients} clients on this JVM.
   *
   * @param javaTransactions whether the workload runs the user's Java transactions
   * @throws RunException when virtual threads were asked for and this Java has none
   */
  static ClientThreads choose(VirtualThreads choice, int clients, boolean javaTransactions)
      throws RunException {
    return choice.virtualFor(clients, javaTransactions) ? virtual() : platform();
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
      MethodHandle ofVirtual =
          lookup.findStatic(
              Thread.class,
              "ofVirtual",
              MethodType.methodType(Class.forName("java.lang.Thread$Builder$OfVirtual")));
      MethodHandle name =
          lookup.findVirtual(builder, "name", MethodType.methodType(builder, String.class));
      MethodHandle unstarted =
          lookup.findVirtual(
              builder, "unstarted", MethodType.methodType(Thread.class, Runnable.class));
      // (name, runnable) -> Thread.ofVirtual().name(name).unstarted(runnable)
      MethodHandle namedBuilder =
          MethodHandles.collectArguments(name, 0, ofVirtual.asType(MethodType.methodType(builder)));
      MethodHandle make = MethodHandles.collectArguments(unstarted, 0, namedBuilder);
      return new ClientThreads(
          make.asType(MethodType.methodType(Thread.class, String.class, Runnable.class)));
    } catch (ReflectiveOperationException e) {
      throw new RunException(
          "--virtual-threads needs Java 21 or later; this run's Java is " + Runtime.version(),
          null);
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
