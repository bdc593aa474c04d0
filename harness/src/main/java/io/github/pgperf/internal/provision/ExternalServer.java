package io.github.pgperf.internal.provision;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.connect.ConnectionStringException;
import io.github.pgperf.internal.connect.ServerUrl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Map;

/**
 * Connects to a server that already runs, given by a JDBC URL or a libpq URI ({@link ServerUrl});
 * it is never stopped.
 */
final class ExternalServer {

  private ExternalServer() {}

  /**
   * @param environmentPassword the value of {@code PGPERF_PASSWORD}, or {@code null}
   */
  static ProvisionedServer connect(
      ProviderChoice choice, Provider.External external, String environmentPassword)
      throws ProvisionException {
    long start = System.nanoTime();
    ConnectionSpec spec = spec(external, environmentPassword);
    return ProvisionedServer.ready(choice, spec, Map.of(), external.version(), () -> {}, start);
  }

  /**
   * Where to connect: the URL's server and parameters, the user of {@code pgperf.user}, else the
   * URL's, else the operating-system user's, and the password of {@code PGPERF_PASSWORD}, else of
   * the password file, else none given (pgjdbc then reads {@code PGPASSFILE} or {@code ~/.pgpass}).
   */
  static ConnectionSpec spec(Provider.External external, String environmentPassword)
      throws ProvisionException {
    ServerUrl url = url(external.url());
    String password = environmentPassword;
    if ((password == null || password.isEmpty()) && external.passwordFile() != null) {
      password = readPasswordFile(external);
    }
    try {
      return url.spec(
          external.user(),
          password == null || password.isEmpty() ? null : password,
          external.connectTimeout());
    } catch (ConnectionStringException e) {
      throw new ProvisionException(e.getMessage());
    }
  }

  /** The URL read, or a message that shows it with any password masked. */
  static ServerUrl url(String url) throws ProvisionException {
    try {
      return ServerUrl.parse(url);
    } catch (ConnectionStringException e) {
      throw new ProvisionException(e.getMessage());
    }
  }

  private static String readPasswordFile(Provider.External external) throws ProvisionException {
    try {
      List<String> lines = Files.readAllLines(external.passwordFile(), StandardCharsets.UTF_8);
      return lines.isEmpty() ? null : lines.get(0);
    } catch (IOException e) {
      throw new ProvisionException(
          "could not read password file \""
              + external.passwordFile()
              + "\": "
              + (e instanceof NoSuchFileException
                  ? "no such file"
                  : ProvisionedServer.rootCause(e)),
          e);
    }
  }
}
