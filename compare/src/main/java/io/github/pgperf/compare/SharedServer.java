package io.github.pgperf.compare;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * The server {@code pgperf:compare} started once for both sides (the harness's {@code
 * CompareServer} hand-over), and what each side's test JVMs are told of it: to use it as an
 * EXTERNAL server with the side's own database, whatever provider their annotations or
 * configuration name, and to record it in their results as the server it is.
 *
 * @param provider the provider that started (or, EXTERNAL, connected to) it
 * @param reason why that provider, as the tests would have chosen it
 * @param server host and port, the same for both sides
 * @param user the role both sides log in as
 * @param settings the provider's settings as results record them, {@code name=value;...}
 * @param describe one line for the log
 * @param urls each side's JDBC URL, without user or password
 */
public record SharedServer(
    String provider,
    String reason,
    String server,
    String user,
    String settings,
    String describe,
    Map<Side, String> urls) {

  /** The value of {@code pgperf.compareServer} for one server for both sides (the default). */
  public static final String SHARED = "shared";

  /** The value of {@code pgperf.compareServer} for each side's own configured server. */
  public static final String OWN = "own";

  public SharedServer {
    Objects.requireNonNull(provider, "provider");
    urls = Map.copyOf(urls);
  }

  /**
   * Reads the hand-over file's properties.
   *
   * @throws IllegalArgumentException naming a missing key
   */
  public static SharedServer of(Properties handOver) {
    Map<Side, String> urls = new EnumMap<>(Side.class);
    for (Side side : Side.values()) {
      urls.put(side, required(handOver, "url." + side.label()));
    }
    return new SharedServer(
        required(handOver, "provider"),
        required(handOver, "reason"),
        required(handOver, "server"),
        required(handOver, "user"),
        handOver.getProperty("settings", ""),
        required(handOver, "describe"),
        urls);
  }

  private static String required(Properties p, String key) {
    String value = p.getProperty(key);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("the shared server's hand-over has no " + key);
    }
    return value;
  }

  /**
   * The system properties of a side's test JVMs: EXTERNAL (configuration parameters win over
   * {@code @PgPerfTest(provider = ...)}) at the side's database, no server settings (an external
   * server refuses them; the shared server was started with them), pg_stat_statements installed on
   * a server pgperf started, and the {@code pgperf.sharedServer.*} record of the server.
   */
  public Map<String, String> properties(Side side) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("pgperf.provider", "EXTERNAL");
    p.put("pgperf.url", urls.get(side));
    p.put("pgperf.user", user);
    p.put("pgperf.settings", "");
    if (!provider.equals("EXTERNAL")) {
      p.put("pgperf.installExtensions", "true");
    }
    p.put("pgperf.sharedServer.provider", provider);
    p.put("pgperf.sharedServer.settings", settings);
    p.put(
        "pgperf.sharedServer.reason",
        "pgperf:compare's shared server at " + server + ", one for both sides (" + reason + ")");
    return p;
  }
}
