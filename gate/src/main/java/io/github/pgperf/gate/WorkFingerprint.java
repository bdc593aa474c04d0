package io.github.pgperf.gate;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ServerInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What must be the same for two runs' work (blocks, rows, WAL, plans) to be compared: the
 * PostgreSQL major version, the recorded settings that change plans or work, and the workload.
 * Unlike the timing {@link Fingerprint}, it leaves out the machine (cores, CPU, JVM, kernel), the
 * minor version, the provider and its timing-only settings ({@code fsync}, {@code
 * synchronous_commit}, {@code max_connections} ...), the run's length and rate: they change how
 * fast, not what the server does. So a baseline recorded on another machine still gates work.
 *
 * <p>Results record few settings ({@code result.ServerInfo}): {@code shared_buffers}, {@code
 * full_page_writes} and {@code wal_level} of every server, and the settings a provider started it
 * with. Settings such as {@code work_mem} or {@code random_page_cost} count only when a provider
 * set them; an external server's own values of them are not recorded.
 *
 * @param postgres the major version ({@code 15}), or {@code unknown}
 * @param settings the plan- and work-changing settings recorded, by name
 * @param workload scripts with weights, clients, query mode, scale, partitioning, connections
 */
public record WorkFingerprint(String postgres, Map<String, String> settings, String workload) {

  /** Provider settings that change plans or work; the others change only timing. */
  private static final Pattern WORK_SETTING =
      Pattern.compile(
          "enable_.*|jit.*|.*_cost|work_mem|hash_mem_multiplier|effective_cache_size"
              + "|effective_io_concurrency|default_statistics_target|.*_collapse_limit|geqo.*"
              + "|plan_cache_mode|.*parallel.*|constraint_exclusion|cursor_tuple_fraction"
              + "|shared_buffers|full_page_writes|wal_level|wal_compression|checkpoint_timeout"
              + "|max_wal_size|default_transaction_isolation");

  /** The server's recorded settings that change work (WAL written, full-page images). */
  private static final Set<String> SERVER_SETTINGS =
      Set.of("shared_buffers", "full_page_writes", "wal_level");

  public WorkFingerprint {
    Objects.requireNonNull(postgres, "postgres");
    Objects.requireNonNull(workload, "workload");
    settings = Map.copyOf(settings);
  }

  /** The work fingerprint of a run. */
  public static WorkFingerprint of(RunResult result) {
    ServerInfo s = result.server();
    Map<String, String> settings = new TreeMap<>();
    if (s != null) {
      settings.put("shared_buffers", s.sharedBuffers());
      settings.put("full_page_writes", s.fullPageWrites());
      settings.put("wal_level", s.walLevel());
      s.providerSettings()
          .forEach(
              (name, value) -> {
                if (isWorkSetting(name)) {
                  settings.put(name, value);
                }
              });
      settings.values().removeIf(Objects::isNull);
    }
    return new WorkFingerprint(
        s == null ? "unknown" : major(s.version()), settings, workload(result.settings()));
  }

  /** Whether a setting changes plans or work (and so belongs in this fingerprint). */
  static boolean isWorkSetting(String name) {
    return SERVER_SETTINGS.contains(name) || WORK_SETTING.matcher(name).matches();
  }

  /** {@code 15.20 (Debian 15.20-0+deb12u1)} as {@code 15}; {@code 9.6.24} as {@code 9.6}. */
  static String major(String version) {
    String[] parts = version.trim().split("[ .]");
    if (parts.length > 1 && parts[0].equals("9")) {
      return "9." + parts[1];
    }
    return parts[0];
  }

  /** What of the workload changes work: not its length, rate, threads, label or reporting. */
  static String workload(RunSettings w) {
    List<String> scripts = new ArrayList<>();
    w.scripts().forEach(s -> scripts.add(s.name() + " @" + s.weight()));
    return "scripts "
        + scripts
        + ", "
        + w.clients()
        + " clients, query mode "
        + w.queryMode()
        + ", scale "
        + w.scale()
        + (w.partitioning() == null
            ? ""
            : ", " + w.partitioning().count() + " " + w.partitioning().method() + " partitions")
        + (w.connectPerTransaction() ? ", a connection per transaction" : "");
  }

  /** How {@code other} differs from this, one phrase per difference; empty when they match. */
  public List<String> differences(WorkFingerprint other) {
    List<String> out = new ArrayList<>();
    if (!postgres.equals(other.postgres)) {
      out.add("PostgreSQL " + postgres + " vs " + other.postgres);
    }
    TreeMap<String, String> names = new TreeMap<>(settings);
    names.putAll(other.settings);
    for (String name : names.keySet()) {
      String a = settings.get(name);
      String b = other.settings.get(name);
      if (!Objects.equals(a, b)) {
        out.add(
            "setting "
                + name
                + " "
                + (a == null ? "unset" : a)
                + " vs "
                + (b == null ? "unset" : b));
      }
    }
    if (!workload.equals(other.workload)) {
      out.add("workload " + workload + " vs " + other.workload);
    }
    return out;
  }
}
