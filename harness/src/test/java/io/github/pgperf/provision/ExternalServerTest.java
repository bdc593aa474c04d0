package io.github.pgperf.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.connect.ConnectionSpec;
import io.github.pgperf.testing.TestDatabase;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExternalServerTest {

  private static final String PASSWORD = "pw-S3cr3t-0815";

  private static Provider.External external(String url, Path passwordFile, String version) {
    return new Provider.External(url, null, passwordFile, Duration.ofSeconds(2), version);
  }

  @Test
  void urlGivesHostPortDatabaseAndUser() throws ProvisionException {
    ConnectionSpec spec = ExternalServer.spec(
        external("jdbc:postgresql://db.example:6543/app?user=bench", null, null), null);
    assertThat(spec).isEqualTo(new ConnectionSpec("db.example", 6543, "bench", "app", null,
        Duration.ofSeconds(2)));
    ConnectionSpec v6 = ExternalServer.spec(external("jdbc:postgresql://[::1]/app", null, null),
        null);
    assertThat(v6.host()).isEqualTo("::1");
    assertThat(v6.port()).isEqualTo(5432);
    assertThat(v6.user()).isEqualTo(System.getProperty("user.name"));
  }

  @Test
  void passwordComesFromTheEnvironmentElseTheFileAndIsNeverShown(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("pw");
    Files.writeString(file, "from-file-" + PASSWORD + "\nsecond line\n");
    Provider.External provider = external("jdbc:postgresql://db/app", file, null);

    ConnectionSpec fromEnv = ExternalServer.spec(provider, PASSWORD);
    assertThat(fromEnv.password()).isEqualTo(PASSWORD);
    ConnectionSpec fromFile = ExternalServer.spec(provider, null);
    assertThat(fromFile.password()).isEqualTo("from-file-" + PASSWORD);
    assertThat(provider + fromEnv.toString() + fromEnv.jdbcUrl() + fromEnv.describe()
        + fromFile + fromFile.describe()).doesNotContain(PASSWORD);

    assertThatThrownBy(() -> ExternalServer.spec(
        external("jdbc:postgresql://db/app", dir.resolve("missing"), null), null))
        .hasMessage("could not read password file \"" + dir.resolve("missing")
            + "\": no such file");
  }

  @Test
  void urlWithAPasswordOrOtherParametersIsRefusedWithoutRepeatingIt() {
    assertThatThrownBy(() -> ExternalServer.spec(
        external("jdbc:postgresql://db/app?user=u&password=" + PASSWORD, null, null), null))
        .hasMessage("external server URL must not hold a password;"
            + " set PGPERF_PASSWORD or a password file (pgperf.passwordFile)")
        .hasMessageNotContaining(PASSWORD);
    assertThatThrownBy(() -> ExternalServer.spec(
        external("jdbc:postgresql://db/app?sslmode=require", null, null), null))
        .hasMessage("external server URL parameter \"sslmode\" is not supported; only user is");
    assertThatThrownBy(() -> ExternalServer.spec(
        external("postgresql://db/app?password=" + PASSWORD, null, null), null))
        .hasMessage("external server URL must look like jdbc:postgresql://host[:port]/database,"
            + " not \"postgresql://db/app?...\"");
  }

  @Test
  void connectsAndChecksTheVersion() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      ProviderChoice choice = new ProviderChoice(external(db.url(), null, "15"), "test");
      try (ProvisionedServer server = ExternalServer.connect(choice,
          (Provider.External) choice.provider(), PASSWORD)) {
        assertThat(server.version()).startsWith("15.");
        assertThat(server.serverInfo().providerSettings()).isEmpty();
        assertThat(server.describe()).startsWith("EXTERNAL PostgreSQL 15.")
            .contains(" at jdbc:postgresql://127.0.0.1:5432/" + db.name() + ", ready in ")
            .doesNotContain(PASSWORD);
      }
      ProviderChoice wrong = new ProviderChoice(external(db.url(), null, "16"), "test");
      assertThatThrownBy(() -> ExternalServer.connect(wrong, (Provider.External) wrong.provider(),
          null))
          .isInstanceOf(ProvisionException.class)
          .hasMessageStartingWith("EXTERNAL server jdbc:postgresql://127.0.0.1:5432/" + db.name()
              + " is PostgreSQL 15.")
          .hasMessageEndingWith(", not the version 16 asked for");
    }
  }

  /**
   * A port where the kernel accepts the connection but nothing ever answers, as a hung server:
   * connecting ends at the connect timeout, not later, and the message says where and why.
   */
  @Test
  void silentServerFailsWithinTheConnectTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      int port = silent.getLocalPort();
      Provider.External external = new Provider.External(
          "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres", null, null,
          Duration.ofSeconds(2), null);
      ProviderChoice choice = new ProviderChoice(external, "test");
      long start = System.nanoTime();
      assertThatThrownBy(() -> ExternalServer.connect(choice, external, null))
          .isInstanceOf(ProvisionException.class)
          .hasMessageStartingWith(
              "EXTERNAL server at host \"127.0.0.1\", port " + port + ": could not connect: ")
          .hasMessageContaining("timed out");
      long millis = (System.nanoTime() - start) / 1_000_000;
      // Not before the 2 s asked for, and well before the 10 s default that would apply if the
      // setting were lost (a loaded machine may add seconds, not eight).
      assertThat(millis).isBetween(1_900L, 9_999L);
    }
  }
}
