package io.github.pgperf.internal.provision;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Statistics;
import io.github.pgperf.internal.capture.ContainerCpu;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The CPU counter of pgperf's container, for the runs' server CPU: every process in it together.
 *
 * <ul>
 *   <li>Where Docker runs on this machine and its processes are visible (the container's first
 *       process is in {@code /proc}, in a cgroup named after the container), its cgroup's counter:
 *       {@code cpuacct.usage} (cgroup v1, ns) or {@code cpu.stat}'s {@code usage_usec} (v2), read
 *       at once and exact;
 *   <li>else Docker's stats through Testcontainers' client ({@code cpu_stats.cpu_usage
 *       .total_usage}, ns), which the daemon takes once a second: a reading may be up to a second
 *       old, so short windows are coarse; and this machine's CPU then says nothing about the
 *       container's.
 * </ul>
 */
final class ContainerCpuUsage {

  private static final Path PROC = Path.of("/proc");
  private static final Path CGROUP = Path.of("/sys/fs/cgroup");

  /** Where cgroup v1's cpuacct hierarchy is mounted, as distributions name it. */
  private static final List<String> CPUACCT_MOUNTS =
      List.of("cpuacct", "cpu,cpuacct", "cpuacct,cpu");

  /** The longest wait for one reading of Docker's stats, ms. */
  private static final long STATS_TIMEOUT_MILLIS = 5_000;

  private ContainerCpuUsage() {}

  /**
   * The counter of container {@code id} whose first process is {@code pid} as this machine sees it
   * ({@code null} when Docker did not say).
   */
  static ContainerCpu of(String id, Long pid, DockerClient docker) {
    Path counter = pid == null || pid <= 0 ? null : cgroupCounter(PROC, CGROUP, pid, id);
    return counter != null ? new Cgroup(counter) : new DockerStats(docker, id);
  }

  /**
   * The cgroup CPU counter of process {@code pid} when it is in a cgroup of container {@code id};
   * {@code null} when it is not visible here.
   */
  static Path cgroupCounter(Path proc, Path cgroup, long pid, String id) {
    List<String> lines;
    try {
      lines =
          Files.readAllLines(
              proc.resolve(Long.toString(pid)).resolve("cgroup"), StandardCharsets.UTF_8);
    } catch (IOException | SecurityException e) {
      return null;
    }
    // hierarchy-ID:controllers:path, the path relative to this machine's cgroup root.
    for (String line : lines) {
      String[] f = line.split(":", 3);
      if (f.length < 3 || !f[2].contains(id)) {
        continue;
      }
      String path = f[2].startsWith("/") ? f[2].substring(1) : f[2];
      if (f[0].equals("0") && f[1].isEmpty()) {
        Path stat = cgroup.resolve(path).resolve("cpu.stat");
        if (Cgroup.read(stat) >= 0) {
          return stat;
        }
      } else if (List.of(f[1].split(",")).contains("cpuacct")) {
        for (String mount : CPUACCT_MOUNTS) {
          Path usage = cgroup.resolve(mount).resolve(path).resolve("cpuacct.usage");
          if (Cgroup.read(usage) >= 0) {
            return usage;
          }
        }
      }
    }
    return null;
  }

  /** A cgroup's CPU counter file on this machine. */
  record Cgroup(Path counter) implements ContainerCpu {

    @Override
    public long micros() {
      return read(counter);
    }

    @Override
    public boolean onThisMachine() {
      return true;
    }

    /** µs from {@code cpuacct.usage} (ns) or {@code cpu.stat} ({@code usage_usec}); -1 if not. */
    static long read(Path counter) {
      try {
        String text = Files.readString(counter, StandardCharsets.UTF_8);
        if (counter.getFileName().toString().equals("cpu.stat")) {
          for (String line : text.split("\n")) {
            if (line.startsWith("usage_usec ")) {
              return Long.parseLong(line.substring("usage_usec ".length()).strip());
            }
          }
          return -1;
        }
        return Long.parseLong(text.strip()) / 1000;
      } catch (IOException | SecurityException | NumberFormatException e) {
        return -1;
      }
    }
  }

  /** Docker's stats of the container, one reading at a time. */
  record DockerStats(DockerClient docker, String id) implements ContainerCpu {

    @Override
    public long micros() {
      AtomicReference<Statistics> read = new AtomicReference<>();
      ResultCallback.Adapter<Statistics> callback =
          new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Statistics stats) {
              read.compareAndSet(null, stats);
            }
          };
      try (callback) {
        docker
            .statsCmd(id)
            .withNoStream(true)
            .exec(callback)
            .awaitCompletion(STATS_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return -1;
      } catch (IOException | RuntimeException e) {
        return -1;
      }
      Statistics stats = read.get();
      if (stats == null
          || stats.getCpuStats() == null
          || stats.getCpuStats().getCpuUsage() == null
          || stats.getCpuStats().getCpuUsage().getTotalUsage() == null) {
        return -1;
      }
      return stats.getCpuStats().getCpuUsage().getTotalUsage() / 1000;
    }

    @Override
    public boolean onThisMachine() {
      return false;
    }
  }
}
