package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The server a run went to, and the settings that change its results. Values are as {@code SHOW}
 * prints them (for example {@code 128MB}, {@code on}); the harness reads them ({@code
 * capture.ServerInfoQuery}).
 *
 * @param version {@code server_version}, for example {@code 15.20 (Debian 15.20-0+deb12u1)}
 * @param fsync {@code fsync}
 * @param synchronousCommit {@code synchronous_commit}
 * @param fullPageWrites {@code full_page_writes}
 * @param sharedBuffers {@code shared_buffers}
 * @param maxConnections {@code max_connections}
 * @param walLevel {@code wal_level}
 * @param providerSettings settings a server provider changed from the server's defaults (for
 *     example a container started with {@code fsync=off}), by name; empty when none
 * @param provider the kind of provider that supplied the server ({@code EXTERNAL}, {@code EMBEDDED}
 *     or {@code TESTCONTAINERS}), as the JUnit extension records it; {@code null} when the run was
 *     not given a provided server (the command line)
 * @param providerReason why that provider was chosen, one line (for example {@code pgperf.url
 *     configured}); {@code null} with {@code provider}
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record ServerInfo(
    String version,
    String fsync,
    String synchronousCommit,
    String fullPageWrites,
    String sharedBuffers,
    String maxConnections,
    String walLevel,
    Map<String, String> providerSettings,
    String provider,
    String providerReason) {

  public ServerInfo {
    Objects.requireNonNull(version, "version");
    providerSettings = Map.copyOf(providerSettings == null ? Map.of() : providerSettings);
  }

  /** This server described with the settings its provider changed (added to any already known). */
  public ServerInfo withProviderSettings(Map<String, String> changed) {
    Map<String, String> all = new TreeMap<>(providerSettings);
    all.putAll(changed);
    return new ServerInfo(
        version,
        fsync,
        synchronousCommit,
        fullPageWrites,
        sharedBuffers,
        maxConnections,
        walLevel,
        all,
        provider,
        providerReason);
  }

  /** This server described as provided by {@code kind} for {@code reason}. */
  public ServerInfo withProvider(String kind, String reason) {
    return new ServerInfo(
        version,
        fsync,
        synchronousCommit,
        fullPageWrites,
        sharedBuffers,
        maxConnections,
        walLevel,
        providerSettings,
        kind,
        reason);
  }
}
