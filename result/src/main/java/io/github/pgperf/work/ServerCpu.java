package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * CPU time the server's processes used during the measured window, user and system, µs: read from
 * {@code /proc/<pid>/stat} where the server runs on the machine pgperf runs on, or, for a server in
 * a container pgperf started (TESTCONTAINERS), the whole container's ({@link #containerMicros()}).
 * Linux counts process times in clock ticks of 10 ms, so short windows are coarse; a container's
 * counter is in nanoseconds.
 *
 * <p>Backends are counted whole even when they end during the window (a {@code -C} run's
 * connections, or every client's at the end): the time of a process that ended is added to its
 * parent's, the postmaster's, "children" time, so {@link #backendsMicros()} is the postmaster's
 * children time gained in the window, plus what the run's backends still alive at the end used,
 * less what the run's backends had used before it. It includes any other process of the server that
 * ended in the window (another session, an autovacuum or parallel worker).
 *
 * @param backendsMicros the run's backends (and other server processes that ended in the window); 0
 *     when only the container's whole time is known
 * @param walWriterMicros the WAL writer; {@code null} when not known (see {@link
 *     ServerWork#unavailable()})
 * @param checkpointerMicros the checkpointer; {@code null} when not known
 * @param backgroundWriterMicros the background writer; {@code null} when not known
 * @param machine the whole machine's CPU in the same window, with pgperf's own share; {@code null}
 *     when {@code /proc/stat} could not be read, when the server's container runs on another
 *     machine (and in results of schema 3)
 * @param containerMicros every process of the server's container together (the postmaster, the
 *     run's backends and every other, background processes, autovacuum), from the container's CPU
 *     counter; {@code null} when the server is not in a container pgperf started (and in results
 *     before schema 7)
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record ServerCpu(
    long backendsMicros,
    Long walWriterMicros,
    Long checkpointerMicros,
    Long backgroundWriterMicros,
    MachineCpu machine,
    Long containerMicros) {

  /** The server's processes' time, without the machine's. */
  public ServerCpu(
      long backendsMicros,
      Long walWriterMicros,
      Long checkpointerMicros,
      Long backgroundWriterMicros) {
    this(backendsMicros, walWriterMicros, checkpointerMicros, backgroundWriterMicros, null, null);
  }

  /** The server's processes' time, with the machine's. */
  public ServerCpu(
      long backendsMicros,
      Long walWriterMicros,
      Long checkpointerMicros,
      Long backgroundWriterMicros,
      MachineCpu machine) {
    this(
        backendsMicros, walWriterMicros, checkpointerMicros, backgroundWriterMicros, machine, null);
  }

  public ServerCpu {
    if (backendsMicros < 0) {
      throw new IllegalArgumentException("negative backend CPU time: " + backendsMicros);
    }
    if (containerMicros != null && containerMicros < 0) {
      throw new IllegalArgumentException("negative container CPU time: " + containerMicros);
    }
  }

  /**
   * The whole container's time: its processes are not seen one by one.
   *
   * @param machine this machine's CPU in the window when the container runs on it, else null
   */
  public static ServerCpu ofContainer(long containerMicros, MachineCpu machine) {
    return new ServerCpu(0, null, null, null, machine, containerMicros);
  }

  /** All processes' time that is known, µs: the container's when that is what was read. */
  public long totalMicros() {
    if (containerMicros != null) {
      return containerMicros;
    }
    return backendsMicros
        + orZero(walWriterMicros)
        + orZero(checkpointerMicros)
        + orZero(backgroundWriterMicros);
  }

  /** Both added; a process known in only one is not known in the sum. */
  public ServerCpu plus(ServerCpu o) {
    return new ServerCpu(
        backendsMicros + o.backendsMicros,
        sum(walWriterMicros, o.walWriterMicros),
        sum(checkpointerMicros, o.checkpointerMicros),
        sum(backgroundWriterMicros, o.backgroundWriterMicros),
        machine == null || o.machine == null ? null : machine.plus(o.machine),
        sum(containerMicros, o.containerMicros));
  }

  /** This time with the machine's of the same window. */
  public ServerCpu withMachine(MachineCpu value) {
    return new ServerCpu(
        backendsMicros,
        walWriterMicros,
        checkpointerMicros,
        backgroundWriterMicros,
        value,
        containerMicros);
  }

  /**
   * The share of the machine's CPU that others took (neither pgperf nor these server processes), 0
   * to 1; {@code NaN} when the machine's time is not known.
   */
  public double othersShare() {
    return machine == null ? Double.NaN : machine.othersShare(totalMicros());
  }

  private static long orZero(Long value) {
    return value == null ? 0 : value;
  }

  private static Long sum(Long a, Long b) {
    return a == null || b == null ? null : a + b;
  }
}
