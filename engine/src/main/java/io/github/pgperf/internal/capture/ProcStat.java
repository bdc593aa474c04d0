package io.github.pgperf.internal.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * One line of {@code /proc/<pid>/stat}: the fields pgperf reads (proc(5)).
 *
 * @param command the executable's name ({@code comm}), for example {@code postgres}
 * @param state the process state ({@code R}, {@code S}, {@code Z} for a process that ended and was
 *     not yet reaped by its parent...)
 * @param parent the parent's PID
 * @param cpuTicks user and system time, in clock ticks
 * @param childrenTicks user and system time of its children that ended and were reaped, ticks
 */
record ProcStat(String command, char state, int parent, long cpuTicks, long childrenTicks) {

  /**
   * Linux reports process times in ticks of USER_HZ, which is 100 on every architecture PostgreSQL
   * runs on (sysconf(_SC_CLK_TCK), not readable from Java).
   */
  static final long MICROS_PER_TICK = 10_000;

  private static final Path PROC = Path.of("/proc");

  /** The process's line, or {@code null} when there is no such process (or no /proc). */
  static ProcStat read(int pid) {
    String line;
    try {
      line =
          Files.readString(
              PROC.resolve(Integer.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException | SecurityException e) {
      return null;
    }
    return parse(line);
  }

  /** The process's command line, arguments separated by spaces; {@code null} when not readable. */
  static String commandLine(int pid) {
    try {
      byte[] bytes = Files.readAllBytes(PROC.resolve(Integer.toString(pid)).resolve("cmdline"));
      return new String(bytes, StandardCharsets.UTF_8).replace('\0', ' ').trim();
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /** Parses a stat line; {@code null} when it is not one. */
  static ProcStat parse(String line) {
    // comm is in parentheses and may itself hold spaces and parentheses: the last ')' ends it.
    int open = line.indexOf('(');
    int close = line.lastIndexOf(')');
    if (open < 0 || close < open) {
      return null;
    }
    String[] f = line.substring(close + 2).trim().split(" ");
    if (f.length < 15) {
      return null;
    }
    try {
      // f[0] is field 3 (state); utime, stime, cutime, cstime are fields 14 to 17.
      return new ProcStat(
          line.substring(open + 1, close),
          f[0].charAt(0),
          Integer.parseInt(f[1]),
          Long.parseLong(f[11]) + Long.parseLong(f[12]),
          Long.parseLong(f[13]) + Long.parseLong(f[14]));
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
