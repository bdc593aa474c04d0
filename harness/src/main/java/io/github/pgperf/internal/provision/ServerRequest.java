package io.github.pgperf.internal.provision;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.connect.ServerUrl;
import io.github.pgperf.provision.ProviderKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * What a test asks for, before a provider is chosen: the kind (possibly {@link ProviderKind#AUTO})
 * and every option any provider takes. Options a chosen provider does not use are ignored, except
 * server settings on an external server, which are refused.
 *
 * @param kind the provider kind asked for
 * @param url the external server's JDBC URL or libpq URI, or {@code null} when none is configured
 * @param user the external server's role, or {@code null} (see {@link Provider.External})
 * @param passwordFile the external server's password file, or {@code null}
 * @param connectTimeout how long connecting to an external server may take, or {@code null} for
 *     {@code PGCONNECT_TIMEOUT} as libpq reads it, else {@link #DEFAULT_CONNECT_TIMEOUT}
 * @param version the PostgreSQL version asked for (for example {@code 15}), or {@code null}
 * @param image the Testcontainers image, or {@code null} for {@code postgres:<version>} ({@value
 *     #DEFAULT_IMAGE_VERSION} when no version is asked)
 * @param settings server settings for a server pgperf starts
 */
public record ServerRequest(
    ProviderKind kind,
    String url,
    String user,
    Path passwordFile,
    Duration connectTimeout,
    String version,
    String image,
    ServerSettings settings) {

  /**
   * How long connecting to an external server may take when neither setting says: the CLI's (one
   * value for one setting; 10 s had timed out on a loaded machine).
   */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = ConnectionSpec.DEFAULT_CONNECT_TIMEOUT;

  /** The {@code postgres} image tag used when neither an image nor a version is asked. */
  public static final String DEFAULT_IMAGE_VERSION = "15";

  public ServerRequest {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(settings, "settings");
  }

  /** Shows the URL as {@link ServerUrl#mask} does: a URL may hold a password until refused. */
  @Override
  public String toString() {
    return "ServerRequest[kind="
        + kind
        + ", url="
        + ServerUrl.mask(url)
        + ", user="
        + user
        + ", passwordFile="
        + passwordFile
        + ", connectTimeout="
        + connectTimeout
        + ", version="
        + version
        + ", image="
        + image
        + ", settings="
        + settings
        + "]";
  }

  /** The Testcontainers image this request means. */
  String effectiveImage() {
    if (image != null) {
      return image;
    }
    return "postgres:" + (version == null ? DEFAULT_IMAGE_VERSION : version);
  }
}
