package io.github.pgperf.internal.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The run's backends' on-CPU time from {@code /proc/<pid>/schedstat} (its first field, in
 * nanoseconds: time on a core, not time waiting for one), read at the window's start and at its end
 * while the clients' connections are still open. {@code /proc/<pid>/stat}'s clock ticks of 10 ms
 * ({@link ProcStat}) are too coarse for a short run's per-transaction figure; a backend that exits
 * takes its schedstat with it, so a backend gone before the end makes the figure unknown.
 */
final class BackendsOnCpu {

  private static final Path PROC = Path.of("/proc");

  private final Map<Integer, Long> start;

  private BackendsOnCpu(Map<Integer, Long> start) {
    this.start = start;
  }

  /** The backends' time now; {@code null} when one of them cannot be read. */
  static BackendsOnCpu start(int[] pids) {
    Map<Integer, Long> now = new HashMap<>();
    for (int pid : pids) {
      long ns = read(pid);
      if (ns < 0) {
        return null;
      }
      now.put(pid, ns);
    }
    return new BackendsOnCpu(now);
  }

  /** The backends' time since {@link #start}, ns; -1 when one of them has ended. */
  long sinceStart() {
    long total = 0;
    for (Map.Entry<Integer, Long> b : start.entrySet()) {
      long ns = read(b.getKey());
      if (ns < b.getValue()) {
        return -1;
      }
      total += ns - b.getValue();
    }
    return total;
  }

  /** A process's on-CPU time, ns; -1 when it cannot be read. */
  static long read(int pid) {
    try {
      String line =
          Files.readString(
              PROC.resolve(Integer.toString(pid)).resolve("schedstat"), StandardCharsets.UTF_8);
      return parse(line);
    } catch (IOException | SecurityException e) {
      return -1;
    }
  }

  /** The first field of a schedstat line; -1 when it is not one. */
  static long parse(String line) {
    String[] f = line.trim().split(" ");
    try {
      return f.length == 3 ? Long.parseLong(f[0]) : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
