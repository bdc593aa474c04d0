package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The machine's CPU during the measured window, where the server runs on the machine pgperf runs
 * on: how much of it there was, how much was busy, and how much of that was pgperf itself, µs of
 * CPU time, from {@code /proc/stat} and {@code /proc/self/stat} (the harness reads them). With the
 * server's own time ({@link ServerCpu}) it tells what everything else on the machine took ({@link
 * #othersShare(long)}): a run on a machine that other jobs keep busy is slower for reasons that are
 * not in the code, and the gate must not take it for a regression.
 *
 * @param capacityMicros CPU time all cores had in the window (busy, idle and waiting for IO)
 * @param busyMicros CPU time spent by every process and the kernel (user, nice, system, irq,
 *     softirq) and taken by the hypervisor (steal)
 * @param pgperfMicros CPU time this JVM used (user and system)
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record MachineCpu(long capacityMicros, long busyMicros, long pgperfMicros) {

  public MachineCpu {
    if (capacityMicros < 0 || busyMicros < 0 || pgperfMicros < 0) {
      throw new IllegalArgumentException(
          "negative machine CPU time: capacity "
              + capacityMicros
              + ", busy "
              + busyMicros
              + ", pgperf "
              + pgperfMicros);
    }
  }

  /**
   * The share of the machine's CPU that neither pgperf nor the server's measured processes used,
   * from 0 to 1: other jobs, other databases' sessions, the build tool; {@code NaN} for an empty
   * window.
   *
   * @param serverMicros the server's CPU time in the same window ({@link ServerCpu#totalMicros()})
   */
  public double othersShare(long serverMicros) {
    if (capacityMicros == 0) {
      return Double.NaN;
    }
    long others = Math.max(0, busyMicros - pgperfMicros - serverMicros);
    return Math.min(1.0, (double) others / capacityMicros);
  }

  /** Both windows added. */
  public MachineCpu plus(MachineCpu o) {
    return new MachineCpu(
        capacityMicros + o.capacityMicros,
        busyMicros + o.busyMicros,
        pgperfMicros + o.pgperfMicros);
  }
}
