package io.github.pgperf.gate;

import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.ServerInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What must be the same for two runs' figures to be compared: the PostgreSQL version, the server
 * settings pgperf records, the kind of server provider and what it changed, the load-generating
 * machines and the workload. The pgperf version is left out, so upgrading pgperf keeps the
 * baseline; so is the provider's {@code pg_stat_statements.track} ({@link #COUNTING_ONLY}), which
 * pgperf's providers set to {@code all} from the version that counts nested statements.
 *
 * @param serverVersion {@code server_version}, or {@code unknown} when the result has no server
 * @param serverSettings recorded settings by name ({@code fsync}, {@code shared_buffers} ...)
 * @param provider the kind of provider that supplied the server ({@code EMBEDDED}, {@code
 *     EXTERNAL}, {@code TESTCONTAINERS}), or {@code none} for a run not made through the JUnit
 *     extension
 * @param providerSettings what the server provider changed, by name
 * @param machines each load machine as {@code cores, CPU, JVM, OS} ({@link #machine})
 * @param workload the run's options (scripts, clients, length, mode, rate, scale ...) as text
 */
public record Fingerprint(
    String serverVersion,
    Map<String, String> serverSettings,
    String provider,
    Map<String, String> providerSettings,
    List<String> machines,
    String workload) {

  /**
   * Provider settings that decide what the server counts, not how fast it runs: {@code
   * pg_stat_statements.track = all} counts the statements functions and triggers run (an entry
   * update per nested statement, microseconds). Left out, so that baselines recorded before pgperf
   * set it keep comparing; the gate's work family tells whether nested statements were seen on both
   * sides ({@code Work.nestedStatements}).
   */
  static final Set<String> COUNTING_ONLY = Set.of("pg_stat_statements.track");

  public Fingerprint {
    Objects.requireNonNull(serverVersion, "serverVersion");
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(provider, "provider");
    serverSettings = Map.copyOf(serverSettings);
    providerSettings = Map.copyOf(providerSettings);
    machines = List.copyOf(machines);
  }

  /** The fingerprint of a run. */
  public static Fingerprint of(RunResult result) {
    ServerInfo s = result.server();
    Map<String, String> settings = new TreeMap<>();
    if (s != null) {
      settings.put("fsync", s.fsync());
      settings.put("synchronous_commit", s.synchronousCommit());
      settings.put("full_page_writes", s.fullPageWrites());
      settings.put("shared_buffers", s.sharedBuffers());
      settings.put("max_connections", s.maxConnections());
      settings.put("wal_level", s.walLevel());
      settings.values().removeIf(Objects::isNull);
    }
    List<String> machines = new ArrayList<>();
    for (ClientMachine m : result.clientMachines()) {
      machines.add(machine(m));
    }
    String provider = s == null || s.provider() == null ? "none" : s.provider();
    Map<String, String> provided = new TreeMap<>(s == null ? Map.of() : s.providerSettings());
    provided.keySet().removeAll(COUNTING_ONLY);
    return new Fingerprint(
        s == null ? "unknown" : s.version(),
        settings,
        provider,
        provided,
        machines,
        result.settings().toString());
  }

  /**
   * What of a load machine must match: cores, processor model, the JVM's feature version and
   * implementation, and the operating system with its kernel's major and minor version. Left out:
   * the kernel's and the JVM's build strings (machines of one fleet differ in them, e.g. {@code
   * 6.18.44-fc-v669} and {@code 6.18.44-fc-v1045}, with the same speed, and a full string would
   * make every machine unique) and the memory (cgroup limits and kernel reservations move it; the
   * server's use of memory is set by {@code shared_buffers}, which is compared).
   */
  static String machine(ClientMachine m) {
    return m.cores()
        + " cores, "
        + (m.cpu() == null ? "CPU unknown" : m.cpu())
        + ", "
        + jvm(m.jvm())
        + ", "
        + os(m.os());
  }

  private static final Pattern MAJOR_MINOR = Pattern.compile("^(\\d+\\.\\d+)");

  /** {@code OpenJDK 64-Bit Server VM Eclipse Adoptium 17.0.13+11} as {@code ... Adoptium 17}. */
  private static String jvm(String jvm) {
    int space = jvm.lastIndexOf(' ');
    try {
      return jvm.substring(0, space + 1)
          + Runtime.Version.parse(jvm.substring(space + 1)).feature();
    } catch (IllegalArgumentException e) {
      return jvm;
    }
  }

  /** {@code Linux 6.18.44-fc-v669 amd64} as {@code Linux 6.18 amd64}. */
  private static String os(String os) {
    String[] words = os.split(" ");
    if (words.length < 3) {
      return os;
    }
    Matcher version = MAJOR_MINOR.matcher(words[words.length - 2]);
    if (version.find()) {
      words[words.length - 2] = version.group(1);
    }
    return String.join(" ", words);
  }

  /** How {@code other} differs from this, one phrase per difference; empty when they match. */
  public List<String> differences(Fingerprint other) {
    List<String> out = new ArrayList<>();
    if (!serverVersion.equals(other.serverVersion)) {
      out.add("PostgreSQL " + serverVersion + " vs " + other.serverVersion);
    }
    compare("setting", new TreeMap<>(serverSettings), new TreeMap<>(other.serverSettings), out);
    if (!provider.equals(other.provider)) {
      out.add("provider " + provider + " vs " + other.provider);
    }
    compare(
        "provider setting",
        new TreeMap<>(providerSettings),
        new TreeMap<>(other.providerSettings),
        out);
    if (!machines.equals(other.machines)) {
      out.add("machine " + machines + " vs " + other.machines);
    }
    if (!workload.equals(other.workload)) {
      out.add("workload " + workload + " vs " + other.workload);
    }
    return out;
  }

  private static void compare(
      String what, TreeMap<String, String> mine, TreeMap<String, String> theirs, List<String> out) {
    TreeMap<String, String> names = new TreeMap<>(mine);
    names.putAll(theirs);
    for (String name : names.keySet()) {
      String a = mine.get(name);
      String b = theirs.get(name);
      if (!Objects.equals(a, b)) {
        out.add(
            what
                + " "
                + name
                + " "
                + (a == null ? "unset" : a)
                + " vs "
                + (b == null ? "unset" : b));
      }
    }
  }
}
