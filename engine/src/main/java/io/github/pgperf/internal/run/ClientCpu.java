package io.github.pgperf.internal.run;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The client threads' CPU time and allocated bytes over the measured window, read at its edges
 * only: at the start from outside, by thread id (the runner's thread, or a thread of its own that
 * sleeps until the warm-up ends), at the end by each client thread itself when its loop ends
 * ({@link #atEnd}), before the thread exits and its counters with it. Nothing per transaction.
 */
final class ClientCpu {

  private static final com.sun.management.ThreadMXBean THREADS = threads();

  private final List<Thread> threads;
  private final boolean virtual;
  private volatile long[] cpuStart;
  private volatile long[] allocatedStart;
  private Thread waiter;

  ClientCpu(List<Thread> threads, boolean virtual) {
    this.threads = List.copyOf(threads);
    this.virtual = virtual;
  }

  /**
   * The client threads' figures in the window, or why they are not known.
   *
   * @param cpuNanos their CPU time; {@code null} when not known
   * @param allocatedBytes the bytes they allocated; {@code null} when not known
   * @param reason why {@code cpuNanos} is not known; {@code null} when it is
   */
  record Figures(Long cpuNanos, Long allocatedBytes, String reason) {}

  private static com.sun.management.ThreadMXBean threads() {
    try {
      if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
          && t.isThreadCpuTimeSupported()
          && t.isThreadAllocatedMemorySupported()) {
        if (!t.isThreadCpuTimeEnabled()) {
          t.setThreadCpuTimeEnabled(true);
        }
        if (!t.isThreadAllocatedMemoryEnabled()) {
          t.setThreadAllocatedMemoryEnabled(true);
        }
        return t;
      }
    } catch (UnsupportedOperationException | SecurityException e) {
      return null;
    }
    return null;
  }

  /** Reads the threads' counters now (the window starts). */
  void startNow() {
    if (THREADS == null) {
      return;
    }
    long[] ids = threads.stream().mapToLong(Thread::getId).toArray();
    allocatedStart = THREADS.getThreadAllocatedBytes(ids);
    cpuStart = THREADS.getThreadCpuTime(ids);
  }

  /**
   * Reads the threads' counters at {@code nanoTime} ({@link System#nanoTime}), after the warm-up.
   */
  void startAt(long nanoTime) {
    waiter =
        new Thread(
            () -> {
              long wait;
              while ((wait = nanoTime - System.nanoTime()) > 0) {
                try {
                  Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                  return;
                }
              }
              startNow();
            },
            "pgperf-client-cpu");
    waiter.setDaemon(true);
    waiter.start();
  }

  /**
   * The calling client thread's CPU time and allocated bytes now: {@code [cpu ns, bytes]}, -1 where
   * not known. Called once, by the client's own thread, when its loop ends.
   */
  static long[] atEnd() {
    if (THREADS == null) {
      return new long[] {-1, -1};
    }
    return new long[] {THREADS.getCurrentThreadCpuTime(), THREADS.getCurrentThreadAllocatedBytes()};
  }

  /**
   * The window's figures, given each client's {@link #atEnd} in the threads' order ({@code null}
   * for a client that did not read it).
   */
  Figures result(List<long[]> ends) {
    if (waiter != null) {
      waiter.interrupt();
    }
    long[] cpu = cpuStart;
    long[] allocated = allocatedStart;
    if (THREADS == null) {
      return new Figures(null, null, "this Java does not measure threads' CPU time");
    }
    if (cpu == null) {
      return new Figures(null, null, "the measured window did not start");
    }
    long cpuTotal = 0;
    long allocatedTotal = 0;
    for (int i = 0; i < threads.size(); i++) {
      long[] end = ends.get(i);
      if (cpu[i] < 0 || end == null || end[0] < 0) {
        return new Figures(
            null,
            null,
            virtual
                ? "the clients run on virtual threads, whose CPU time Java does not measure"
                : "a client thread's CPU time could not be read");
      }
      cpuTotal += Math.max(0, end[0] - cpu[i]);
      allocatedTotal =
          allocatedTotal < 0 || allocated[i] < 0 || end[1] < 0
              ? -1
              : allocatedTotal + Math.max(0, end[1] - allocated[i]);
    }
    return new Figures(cpuTotal, allocatedTotal < 0 ? null : allocatedTotal, null);
  }
}
