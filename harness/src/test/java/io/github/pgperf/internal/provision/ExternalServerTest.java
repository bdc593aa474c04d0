package io.github.pgperf.internal.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.Target;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExternalServerTest {

  private static final String PASSWORD = "pw-S3cr3t-0815";

  private static Provider.External external(String url, Path passwordFile, String version) {
    return new Provider.External(url, null, passwordFile, Duration.ofSeconds(2), version);
  }

  @Test
  void urlGivesHostPortDatabaseAndUser() throws ProvisionException {
    ConnectionSpec spec =
        ExternalServer.spec(
            external("jdbc:postgresql://db.example:6543/app?user=bench", null, null), null);
    assertThat(spec)
        .isEqualTo(
            new ConnectionSpec("db.example", 6543, "bench", "app", null, Duration.ofSeconds(2)));
    ConnectionSpec uri =
        ExternalServer.spec(external("postgresql://bench@db.example:6543/app", null, null), null);
    assertThat(uri.target()).isEqualTo(spec.target());
    ConnectionSpec v6 =
        ExternalServer.spec(external("jdbc:postgresql://[::1]/app", null, null), null);
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
    assertThat(
            provider
                + fromEnv.toString()
                + fromEnv.jdbcUrl()
                + fromEnv.describe()
                + fromFile
                + fromFile.describe())
        .doesNotContain(PASSWORD);

    assertThatThrownBy(
            () ->
                ExternalServer.spec(
                    external("jdbc:postgresql://db/app", dir.resolve("missing"), null), null))
        .hasMessage(
            "could not read password file \"" + dir.resolve("missing") + "\": no such file");
  }

  /** Every form a user may put a password in is refused before any server is chosen. */
  @Test
  void aUrlWithAPasswordIsRefusedMaskedAndTheRequestNeverShowsIt() {
    for (String url :
        new String[] {
          "jdbc:postgresql://db/app?user=u&password=" + PASSWORD,
          "jdbc:postgresql://u:" + PASSWORD + "@db/app",
          "postgresql://u:" + PASSWORD + "@db:5499/app",
          "postgres://db/app?password=" + PASSWORD
        }) {
      ServerRequest request =
          new ServerRequest(
              ProviderKind.AUTO,
              url,
              null,
              null,
              Duration.ofSeconds(2),
              null,
              null,
              ServerSettings.NONE);
      assertThat(request.toString()).contains("****").doesNotContain(PASSWORD);
      assertThatThrownBy(() -> ProviderChoice.choose(request))
          .as(url)
          .isInstanceOf(ProvisionException.class)
          .hasMessageContaining("****")
          .hasMessageContaining("must not hold a password")
          .hasMessageNotContaining(PASSWORD);
    }
    assertThat(
            new Provider.External(
                    "postgresql://u:" + PASSWORD + "@h/d", null, null, Duration.ofSeconds(1), null)
                .toString())
        .contains("postgresql://u:****@h/d")
        .doesNotContain(PASSWORD);
  }

  @Test
  void connectsAndChecksTheVersion() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      ProviderChoice choice = new ProviderChoice(external(db.url(), null, "15"), "test");
      try (ProvisionedServer server =
          ExternalServer.connect(choice, (Provider.External) choice.provider(), PASSWORD)) {
        assertThat(server.version()).startsWith("15.");
        assertThat(server.serverInfo().providerSettings()).isEmpty();
        assertThat(server.describe())
            .startsWith("EXTERNAL PostgreSQL 15.")
            .contains(" at jdbc:postgresql://127.0.0.1:5432/" + db.name() + ", ready in ")
            .doesNotContain(PASSWORD);
      }
      ProviderChoice wrong = new ProviderChoice(external(db.url(), null, "16"), "test");
      assertThatThrownBy(
              () -> ExternalServer.connect(wrong, (Provider.External) wrong.provider(), null))
          .isInstanceOf(ProvisionException.class)
          .hasMessageStartingWith(
              "EXTERNAL server jdbc:postgresql://127.0.0.1:5432/"
                  + db.name()
                  + " is PostgreSQL 15.")
          .hasMessageEndingWith(", not the version 16 asked for");
    }
  }

  /**
   * The user's JDBC URL parameters are what their application uses: they reach the driver (here
   * options and ApplicationName, seen by the server), and a libpq URI's reach it too.
   */
  @Test
  void theUrlsParametersReachTheServer() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      String jdbc =
          "jdbc:postgresql://"
              + db.host()
              + ":"
              + db.port()
              + "/"
              + db.name()
              + "?user="
              + db.user()
              + "&ApplicationName=ledger-app&options=-c%20work_mem%3D6666kB";
      String libpq =
          "postgresql://"
              + db.user()
              + "@"
              + db.host()
              + ":"
              + db.port()
              + "/"
              + db.name()
              + "?application_name=ledger-app&options=-c%20work_mem%3D6666kB";
      for (String url : new String[] {jdbc, libpq}) {
        ProviderChoice choice = new ProviderChoice(external(url, null, null), "test");
        try (ProvisionedServer server =
                ExternalServer.connect(choice, (Provider.External) choice.provider(), null);
            Connection c = server.connectionSource().open();
            Statement s = c.createStatement();
            ResultSet rs =
                s.executeQuery(
                    "select current_setting('application_name'),"
                        + " current_setting('work_mem'), current_database()")) {
          rs.next();
          assertThat(rs.getString(1)).as(url).isEqualTo("ledger-app");
          assertThat(rs.getString(2)).as(url).isEqualTo("6666kB");
          assertThat(rs.getString(3)).as(url).isEqualTo(db.name());
        }
      }
    }
  }

  /**
   * On a server that asks for a password (SCRAM): PGPERF_PASSWORD or the password file log in, and
   * with neither pgjdbc's .pgpass lookup does; a wrong one fails naming the server only.
   */
  @Test
  void passwordsOfEveryKindLogInToAScramServer(@TempDir Path dir) throws Exception {
    String password = "scram-" + Long.toHexString(System.nanoTime());
    try (OwnServer server = OwnServer.startWithPassword(Map.of(), password)) {
      String url = "postgresql://postgres@127.0.0.1:" + server.port() + "/postgres";
      Path file = Files.writeString(dir.resolve("pw"), password + "\n");
      assertThat(
              loginWith(
                  new Provider.External(url, null, null, Duration.ofSeconds(30), null), password))
          .isEqualTo(new Target("127.0.0.1", server.port(), "postgres", "postgres"));
      assertThat(
              loginWith(new Provider.External(url, null, file, Duration.ofSeconds(30), null), null)
                  .user())
          .isEqualTo("postgres");

      Path pgpass = dir.resolve("pgpass");
      Files.writeString(
          pgpass,
          "127.0.0.1:"
              + server.port()
              + ":postgres:postgres:"
              + password.replace(":", "\\:")
              + "\n");
      Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
      String before = System.getProperty("org.postgresql.pgpassfile");
      // pgjdbc's own switch for its .pgpass lookup (PGPASSFILE cannot be set in this JVM).
      System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
      try {
        assertThat(
                loginWith(
                        new Provider.External(url, null, null, Duration.ofSeconds(30), null), null)
                    .user())
            .isEqualTo("postgres");
      } finally {
        if (before == null) {
          System.clearProperty("org.postgresql.pgpassfile");
        } else {
          System.setProperty("org.postgresql.pgpassfile", before);
        }
      }

      Provider.External wrong =
          new Provider.External(url, null, null, Duration.ofSeconds(30), null);
      ProviderChoice choice = new ProviderChoice(wrong, "test");
      assertThatThrownBy(() -> ExternalServer.connect(choice, wrong, "not-" + password))
          .isInstanceOf(ProvisionException.class)
          .hasMessage(
              "EXTERNAL server at \"127.0.0.1\", port "
                  + server.port()
                  + ": could not connect: FATAL: password authentication failed for user"
                  + " \"postgres\"")
          .hasMessageNotContaining(password);
    }
  }

  private static Target loginWith(Provider.External external, String environmentPassword)
      throws Exception {
    ProviderChoice choice = new ProviderChoice(external, "test");
    try (ProvisionedServer server = ExternalServer.connect(choice, external, environmentPassword);
        Connection c = server.connectionSource().open();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select current_user")) {
      rs.next();
      assertThat(rs.getString(1)).isEqualTo("postgres");
      return server.target();
    }
  }

  /** pgperf.connectTimeout, else libpq's PGCONNECT_TIMEOUT (read as libpq does), else 60 s. */
  @Test
  void theConnectTimeoutIsTheSettingElsePgconnectTimeoutElseTheClisDefault() throws Exception {
    ServerRequest unset =
        new ServerRequest(
            ProviderKind.EXTERNAL,
            "jdbc:postgresql://h/d",
            null,
            null,
            null,
            null,
            null,
            ServerSettings.NONE);
    assertThat(ProviderChoice.connectTimeout(unset, Map.of())).isEqualTo(Duration.ofSeconds(60));
    assertThat(ProviderChoice.connectTimeout(unset, Map.of("PGCONNECT_TIMEOUT", "3")))
        .isEqualTo(Duration.ofSeconds(3));
    assertThat(ProviderChoice.connectTimeout(unset, Map.of("PGCONNECT_TIMEOUT", "1")))
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(ProviderChoice.connectTimeout(unset, Map.of("PGCONNECT_TIMEOUT", "0"))).isZero();
    ServerRequest set =
        new ServerRequest(
            ProviderKind.EXTERNAL,
            "jdbc:postgresql://h/d",
            null,
            null,
            Duration.ofSeconds(7),
            null,
            null,
            ServerSettings.NONE);
    assertThat(ProviderChoice.connectTimeout(set, Map.of("PGCONNECT_TIMEOUT", "3")))
        .isEqualTo(Duration.ofSeconds(7));
    assertThatThrownBy(
            () -> ProviderChoice.connectTimeout(unset, Map.of("PGCONNECT_TIMEOUT", "3s")))
        .isInstanceOf(ProvisionException.class)
        .hasMessage(
            "environment variable PGCONNECT_TIMEOUT: invalid integer value \"3s\" for"
                + " connection option \"connect_timeout\"");
  }

  /**
   * A port where the kernel accepts the connection but nothing ever answers, as a hung server:
   * connecting ends at the connect timeout, not later, and the message says where and why.
   */
  @Test
  void silentServerFailsWithinTheConnectTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      int port = silent.getLocalPort();
      Provider.External external =
          new Provider.External(
              "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres",
              null,
              null,
              Duration.ofSeconds(2),
              null);
      ProviderChoice choice = new ProviderChoice(external, "test");
      long start = System.nanoTime();
      assertThatThrownBy(() -> ExternalServer.connect(choice, external, null))
          .isInstanceOf(ProvisionException.class)
          .hasMessageStartingWith(
              "EXTERNAL server at \"127.0.0.1\", port " + port + ": could not connect: ")
          .hasMessageContaining("timed out");
      long millis = (System.nanoTime() - start) / 1_000_000;
      // Not before the 2 s asked for, and well before the 60 s default that would apply if the
      // setting were lost (a hang guard: a loaded machine may add seconds).
      assertThat(millis).isBetween(1_900L, 40_000L);
    }
  }
}
