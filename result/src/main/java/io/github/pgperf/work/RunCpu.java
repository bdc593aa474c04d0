package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * On-CPU time of the measured window, without the time a process waited for a core: the run's
 * server backends' (from {@code /proc/<pid>/schedstat}, nanoseconds) and pgperf's client threads'
 * ({@code ThreadMXBean.getThreadCpuTime}), and the bytes the client threads allocated ({@code
 * com.sun.management.ThreadMXBean.getThreadAllocatedBytes}). Each is read at the window's edges
 * only, never per transaction. Machine-dependent, so the gate compares them like timing
 * (docs/gate.md).
 *
 * @param serverNanos the run's backends' on-CPU time; {@code null} when not measured
 * @param serverUnavailable why {@code serverNanos} is not known; {@code null} when it is
 * @param clientNanos the client threads' CPU time (user and system); {@code null} when not measured
 * @param clientAllocatedBytes the bytes the client threads allocated; {@code null} when not
 *     measured
 * @param clientUnavailable why the client's figures are not known; {@code null} when they are
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record RunCpu(
    Long serverNanos,
    String serverUnavailable,
    Long clientNanos,
    Long clientAllocatedBytes,
    String clientUnavailable) {

  public RunCpu {
    if ((serverNanos == null) == (serverUnavailable == null)) {
      throw new IllegalArgumentException("the server's CPU needs a value or a reason, not both");
    }
    if ((clientNanos == null) == (clientUnavailable == null)) {
      throw new IllegalArgumentException("the client's CPU needs a value or a reason, not both");
    }
    if (negative(serverNanos) || negative(clientNanos) || negative(clientAllocatedBytes)) {
      throw new IllegalArgumentException(
          "negative CPU time or allocation: "
              + serverNanos
              + ", "
              + clientNanos
              + ", "
              + clientAllocatedBytes);
    }
  }

  /** Both added (merged concurrent runs); a figure known in only one is not known in the sum. */
  public RunCpu plus(RunCpu o) {
    Long server = serverNanos == null || o.serverNanos == null ? null : serverNanos + o.serverNanos;
    Long client = clientNanos == null || o.clientNanos == null ? null : clientNanos + o.clientNanos;
    Long alloc =
        clientAllocatedBytes == null || o.clientAllocatedBytes == null
            ? null
            : clientAllocatedBytes + o.clientAllocatedBytes;
    return new RunCpu(
        server,
        server != null ? null : serverUnavailable != null ? serverUnavailable : o.serverUnavailable,
        client,
        alloc,
        client != null
            ? null
            : clientUnavailable != null ? clientUnavailable : o.clientUnavailable);
  }

  /** {@code total} per transaction, in µs or bytes; NaN when not known or no transaction. */
  public static double perTransaction(Long total, double divisor, long transactions) {
    return total == null || transactions <= 0 ? Double.NaN : total / divisor / transactions;
  }

  private static boolean negative(Long value) {
    return value != null && value < 0;
  }
}
