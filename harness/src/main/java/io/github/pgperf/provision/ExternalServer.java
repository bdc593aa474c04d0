package io.github.pgperf.provision;

import io.github.pgperf.connect.ConnectionSpec;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Connects to a server that already runs, given by a JDBC URL; it is never stopped. */
final class ExternalServer {

  private static final String PREFIX = "jdbc:postgresql://";

  private ExternalServer() {}

  /**
   * @param environmentPassword the value of {@code PGPERF_PASSWORD}, or {@code null}
   */
  static ProvisionedServer connect(ProviderChoice choice, Provider.External external,
      String environmentPassword) throws ProvisionException {
    long start = System.nanoTime();
    ConnectionSpec spec = spec(external, environmentPassword);
    return ProvisionedServer.ready(choice, spec, Map.of(), external.version(), () -> { }, start);
  }

  static ConnectionSpec spec(Provider.External external, String environmentPassword)
      throws ProvisionException {
    String url = external.url();
    if (!url.startsWith(PREFIX)) {
      throw new ProvisionException("external server URL must look like "
          + PREFIX + "host[:port]/database, not \"" + withoutQuery(url) + "\"");
    }
    URI uri;
    try {
      uri = new URI(url.substring("jdbc:".length()));
    } catch (URISyntaxException e) {
      throw new ProvisionException("external server URL \"" + withoutQuery(url)
          + "\" is not a valid URL: " + e.getReason());
    }
    String host = uri.getHost();
    String path = uri.getPath();
    if (host == null || path == null || path.length() < 2) {
      throw new ProvisionException("external server URL \"" + withoutQuery(url)
          + "\" must name a host and a database: " + PREFIX + "host[:port]/database");
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    String user = external.user();
    String urlUser = null;
    if (uri.getRawQuery() != null) {
      for (String parameter : uri.getRawQuery().split("&")) {
        int eq = parameter.indexOf('=');
        String name = (eq < 0 ? parameter : parameter.substring(0, eq)).toLowerCase(Locale.ROOT);
        if (name.equals("password")) {
          // The value is not repeated anywhere: it must not reach a log.
          throw new ProvisionException("external server URL must not hold a password;"
              + " set PGPERF_PASSWORD or a password file (pgperf.passwordFile)");
        }
        if (!name.equals("user")) {
          throw new ProvisionException("external server URL parameter \"" + name
              + "\" is not supported; only user is");
        }
        urlUser = eq < 0 ? null : parameter.substring(eq + 1);
      }
    }
    if (user == null) {
      user = urlUser != null ? urlUser : System.getProperty("user.name");
    }
    String password = environmentPassword;
    if ((password == null || password.isEmpty()) && external.passwordFile() != null) {
      password = readPasswordFile(external);
    }
    int port = uri.getPort() < 0 ? ConnectionSpec.DEFAULT_PORT : uri.getPort();
    return new ConnectionSpec(host, port, user, path.substring(1),
        password == null || password.isEmpty() ? null : password, external.connectTimeout());
  }

  private static String readPasswordFile(Provider.External external) throws ProvisionException {
    try {
      List<String> lines = Files.readAllLines(external.passwordFile(), StandardCharsets.UTF_8);
      return lines.isEmpty() ? null : lines.get(0);
    } catch (IOException e) {
      throw new ProvisionException("could not read password file \"" + external.passwordFile()
          + "\": " + (e instanceof NoSuchFileException ? "no such file"
          : ProvisionedServer.rootCause(e)), e);
    }
  }

  /** A URL for messages: its query may hold a password. */
  private static String withoutQuery(String url) {
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q) + "?...";
  }
}
