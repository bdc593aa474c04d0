package io.github.pgperf.work;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's CPU during the measured window, where the server runs on the machine pgperf runs
 * on: how much of it there was, how much was busy, and how much of that was pgperf itself, µs of
 * CPU time, from {@code /proc/stat} and {@code /proc/self/stat}. With the server's own time
 * ({@link ServerCpu}) it tells what everything else on the machine took ({@link
 * #othersShare(long)}): a run on a machine that other jobs keep busy is slower for reasons that
 * are not in the code, and the gate must not take it for a regression.
 *
 * @param capacityMicros CPU time all cores had in the window (busy, idle and waiting for IO)
 * @param busyMicros CPU time spent by every process and the kernel (user, nice, system, irq,
 *     softirq) and taken by the hypervisor (steal)
 * @param pgperfMicros CPU time this JVM used (user and system)
 */
public record MachineCpu(long capacityMicros, long busyMicros, long pgperfMicros) {

  private static final Path STAT = Path.of("/proc/stat");

  public MachineCpu {
    if (capacityMicros < 0 || busyMicros < 0 || pgperfMicros < 0) {
      throw new IllegalArgumentException("negative machine CPU time: capacity " + capacityMicros
          + ", busy " + busyMicros + ", pgperf " + pgperfMicros);
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
    return new MachineCpu(capacityMicros + o.capacityMicros, busyMicros + o.busyMicros,
        pgperfMicros + o.pgperfMicros);
  }

  /** The machine's counters now; {@code null} where {@code /proc} cannot be read. */
  static Reading read() {
    try {
      String all = Files.readString(STAT, StandardCharsets.UTF_8);
      int end = all.indexOf('\n');
      ProcStat self = ProcStat.read((int) ProcessHandle.current().pid());
      return parse(end < 0 ? all : all.substring(0, end), self == null ? -1 : self.cpuTicks());
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /**
   * The aggregate {@code cpu} line of {@code /proc/stat} (proc(5): user nice system idle iowait
   * irq softirq steal guest guest_nice, in ticks; guest time is already in user); {@code null}
   * when it is not one.
   */
  static Reading parse(String cpuLine, long pgperfTicks) {
    String[] f = cpuLine.trim().split("\\s+");
    if (f.length < 9 || !f[0].equals("cpu") || pgperfTicks < 0) {
      return null;
    }
    try {
      long user = Long.parseLong(f[1]);
      long nice = Long.parseLong(f[2]);
      long system = Long.parseLong(f[3]);
      long idle = Long.parseLong(f[4]);
      long iowait = Long.parseLong(f[5]);
      long irq = Long.parseLong(f[6]);
      long softirq = Long.parseLong(f[7]);
      long steal = Long.parseLong(f[8]);
      long busy = user + nice + system + irq + softirq + steal;
      return new Reading(busy + idle + iowait, busy, pgperfTicks);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The machine's CPU between two readings; {@code null} when either is missing. */
  static MachineCpu between(Reading start, Reading end) {
    if (start == null || end == null) {
      return null;
    }
    return new MachineCpu(
        Math.max(0, end.capacityTicks - start.capacityTicks) * ProcStat.MICROS_PER_TICK,
        Math.max(0, end.busyTicks - start.busyTicks) * ProcStat.MICROS_PER_TICK,
        Math.max(0, end.pgperfTicks - start.pgperfTicks) * ProcStat.MICROS_PER_TICK);
  }

  /** Counters at one moment, in clock ticks. */
  record Reading(long capacityTicks, long busyTicks, long pgperfTicks) {}
}
