package io.github.pgperf.internal.capture;

import io.github.pgperf.work.MachineCpu;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's CPU counters at one moment, in clock ticks, from {@code /proc/stat} and {@code
 * /proc/self/stat}; two of them make the window's {@link MachineCpu}.
 */
record MachineCpuReading(long capacityTicks, long busyTicks, long pgperfTicks) {

  private static final Path STAT = Path.of("/proc/stat");

  /** The machine's counters now; {@code null} where {@code /proc} cannot be read. */
  static MachineCpuReading now() {
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
   * The aggregate {@code cpu} line of {@code /proc/stat} (proc(5): user nice system idle iowait irq
   * softirq steal guest guest_nice, in ticks; guest time is already in user); {@code null} when it
   * is not one.
   */
  static MachineCpuReading parse(String cpuLine, long pgperfTicks) {
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
      return new MachineCpuReading(busy + idle + iowait, busy, pgperfTicks);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The machine's CPU between two readings; {@code null} when either is missing. */
  static MachineCpu between(MachineCpuReading start, MachineCpuReading end) {
    if (start == null || end == null) {
      return null;
    }
    return new MachineCpu(
        Math.max(0, end.capacityTicks - start.capacityTicks) * ProcStat.MICROS_PER_TICK,
        Math.max(0, end.busyTicks - start.busyTicks) * ProcStat.MICROS_PER_TICK,
        Math.max(0, end.pgperfTicks - start.pgperfTicks) * ProcStat.MICROS_PER_TICK);
  }
}
