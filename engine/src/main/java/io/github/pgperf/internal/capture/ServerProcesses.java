package io.github.pgperf.internal.capture;

import io.github.pgperf.work.ServerCpu;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The server's processes as {@code /proc} shows them, when the server runs on the machine pgperf
 * runs on: CPU time of the run's backends and of the background processes that do the writing.
 *
 * <p>A process of the same PID on this machine is taken for the server's only when it is a {@code
 * postgres} process whose title names the run's database (PostgreSQL titles every backend {@code
 * postgres: <user> <database> <client>}): a PID of a server elsewhere that happens to exist here is
 * not.
 */
final class ServerProcesses {

  /** The background processes measured, by {@code pg_stat_activity.backend_type}. */
  static final List<String> BACKGROUND = List.of("walwriter", "checkpointer", "background writer");

  private final int postmaster;
  private final Map<String, Integer> background;

  private ServerProcesses(int postmaster, Map<String, Integer> background) {
    this.postmaster = postmaster;
    this.background = Map.copyOf(background);
  }

  /**
   * The server's processes if the backend {@code ownPid} of pgperf's connection to {@code database}
   * is visible here, else {@code null}.
   *
   * @param background the background processes' PIDs by type, as far as the role may see them
   */
  static ServerProcesses find(
      int ownPid, String user, String database, Map<String, Integer> background) {
    if (ownPid <= 0) {
      return null;
    }
    ProcStat own = ProcStat.read(ownPid);
    if (own == null || !own.command().startsWith("postgres")) {
      return null;
    }
    String title = ProcStat.commandLine(ownPid);
    if (title == null || !(title + " ").contains(" " + user + " " + database + " ")) {
      return null;
    }
    return new ServerProcesses(own.parent(), background);
  }

  /** Whether the CPU time of every background process can be read. */
  boolean allBackground() {
    return background.keySet().containsAll(BACKGROUND);
  }

  /**
   * CPU time of everything that matters, now.
   *
   * @param runPids the run's backends (those that no longer exist are left out)
   */
  Reading read(int[] runPids) {
    ProcStat p = ProcStat.read(postmaster);
    Map<Integer, Long> backends = new HashMap<>();
    for (int pid : runPids) {
      ProcStat s = ProcStat.read(pid);
      if (s != null && s.parent() == postmaster && s.state() != 'Z') {
        backends.put(pid, s.cpuTicks());
      }
    }
    Map<String, Long> bg = new HashMap<>();
    background.forEach(
        (type, pid) -> {
          ProcStat s = ProcStat.read(pid);
          if (s != null && s.parent() == postmaster) {
            bg.put(type, s.cpuTicks());
          }
        });
    return new Reading(p == null ? -1 : p.childrenTicks(), backends, bg);
  }

  /**
   * Whether {@code pid} is still a process of the server, even one that ended and that the
   * postmaster has not reaped yet (whose CPU time is not yet in the postmaster's).
   */
  boolean isChild(int pid) {
    ProcStat s = ProcStat.read(pid);
    return s != null && s.parent() == postmaster;
  }

  /**
   * The CPU time between two readings; {@code null} when the postmaster could not be read (the
   * server restarted). The run's backends that ended count through the postmaster's children time,
   * less what they had used before the window.
   */
  static ServerCpu between(Reading start, Reading end) {
    if (start.childrenTicks() < 0 || end.childrenTicks() < start.childrenTicks()) {
      return null;
    }
    long ticks = end.childrenTicks() - start.childrenTicks();
    for (Map.Entry<Integer, Long> b : start.backends().entrySet()) {
      Long now = end.backends().get(b.getKey());
      ticks += now != null ? now - b.getValue() : -b.getValue();
    }
    return new ServerCpu(
        Math.max(0, ticks) * ProcStat.MICROS_PER_TICK,
        background(start, end, "walwriter"),
        background(start, end, "checkpointer"),
        background(start, end, "background writer"));
  }

  private static Long background(Reading start, Reading end, String type) {
    Long a = start.background().get(type);
    Long b = end.background().get(type);
    return a == null || b == null || b < a ? null : (b - a) * ProcStat.MICROS_PER_TICK;
  }

  /**
   * CPU ticks at one moment.
   *
   * @param childrenTicks the postmaster's children time, -1 when it could not be read
   * @param backends the run's live backends' ticks by PID
   * @param background the background processes' ticks by type
   */
  record Reading(long childrenTicks, Map<Integer, Long> backends, Map<String, Long> background) {}
}
