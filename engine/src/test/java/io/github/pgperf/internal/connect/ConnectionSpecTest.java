package io.github.pgperf.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.pgperf.result.Target;
import io.github.pgperf.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How pgperf resolves pgbench's {@code -h -p -U dbname} and libpq's environment into a connection,
 * and that such a connection opens on the test server through TCP and its Unix-domain socket. The
 * same rules are compared with the real pgbench in {@code cli.ConnectionDifferentialTest}.
 */
class ConnectionSpecTest {

  private static final String PASSWORD = "s3cr3t-XYZ";
  private static final String OS_USER = System.getProperty("user.name");

  /** The test server's socket directory (Debian's), where pgbench finds it by default. */
  private static final String SOCKETS = "/var/run/postgresql";

  private static ConnectionSpec resolve(
      String host, String port, String user, String database, Map<String, String> env) {
    return ConnectionSpec.resolve(host, port, user, database, env);
  }

  @Test
  void aConnectionStringInTheDatabaseArgumentOverridesTheOptions() {
    ConnectionSpec spec =
        resolve(
            "ignored",
            "1",
            "nobody",
            "host=db.example port=6543 user=alice dbname=shop password=" + PASSWORD,
            Map.of());
    assertThat(spec.target()).isEqualTo(new Target("db.example", 6543, "alice", "shop"));
    assertThat(spec.password()).isEqualTo(PASSWORD);

    ConnectionSpec uri =
        resolve(
            "ignored",
            "1",
            "nobody",
            "postgresql://alice:" + PASSWORD + "@db.example:6543/shop",
            Map.of());
    assertThat(uri.target()).isEqualTo(spec.target());
    assertThat(uri.password()).isEqualTo(PASSWORD);

    // What the string leaves out, the options still give.
    ConnectionSpec partial = resolve("h", "7", "u", "dbname=shop", Map.of());
    assertThat(partial.target()).isEqualTo(new Target("h", 7, "u", "shop"));
  }

  @Test
  void libpqsEnvironmentFillsWhatIsUnsetAndNeverOverridesAnOption() {
    Map<String, String> env =
        Map.of(
            "PGHOST",
            "env-host",
            "PGPORT",
            "9999",
            "PGUSER",
            "env-user",
            "PGPASSWORD",
            PASSWORD,
            "PGCONNECT_TIMEOUT",
            "3",
            "PGSSLMODE",
            "require",
            "PGAPPNAME",
            "env-app",
            "PGOPTIONS",
            "-c work_mem=7MB",
            "PGDATABASE",
            "env-db");
    ConnectionSpec fromEnv = resolve(null, null, null, null, env);
    assertThat(fromEnv.target()).isEqualTo(new Target("env-host", 9999, "env-user", "env-db"));
    assertThat(fromEnv.password()).isEqualTo(PASSWORD);
    assertThat(fromEnv.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
    assertThat(fromEnv.driverProperties())
        .containsEntry("sslmode", "require")
        .containsEntry("ApplicationName", "env-app")
        .containsEntry("options", "-c work_mem=7MB");

    ConnectionSpec explicit = resolve("h", "5", "u", "d", env);
    assertThat(explicit.target()).isEqualTo(new Target("h", 5, "u", "d"));
    ConnectionSpec string =
        resolve(null, null, null, "host=s sslmode=disable application_name=mine", env);
    assertThat(string.host()).isEqualTo("s");
    assertThat(string.driverProperties())
        .containsEntry("sslmode", "disable")
        .containsEntry("ApplicationName", "mine");
  }

  @Test
  void withoutADatabaseArgumentTheDatabaseIsPgbenchs() {
    // pgbench: PGDATABASE, else PGUSER, else the operating-system user; never -U.
    assertThat(resolve("h", null, "someone", null, Map.of()).database()).isEqualTo(OS_USER);
    assertThat(resolve("h", null, "someone", null, Map.of("PGUSER", "pguser")).database())
        .isEqualTo("pguser");
    assertThat(resolve("h", null, "someone", null, Map.of("PGDATABASE", "db")).database())
        .isEqualTo("db");
    // A connection string without dbname: libpq's default, PGDATABASE, else the user.
    assertThat(resolve("h", null, null, "user=alice", Map.of()).database()).isEqualTo("alice");
    assertThat(resolve("h", null, null, "user=alice", Map.of("PGDATABASE", "db")).database())
        .isEqualTo("db");
    assertThat(resolve("h", null, null, "host=h", Map.of()).user()).isEqualTo(OS_USER);
  }

  @Test
  void theConnectTimeoutIsLibpqs() {
    assertThat(resolve("h", null, "u", "d", Map.of()).connectTimeout())
        .isEqualTo(ConnectionSpec.DEFAULT_CONNECT_TIMEOUT);
    assertThat(resolve("h", null, "u", "d", Map.of("PGCONNECT_TIMEOUT", "30")).connectTimeout())
        .isEqualTo(Duration.ofSeconds(30));
    assertThat(resolve("h", null, "u", "d", Map.of("PGCONNECT_TIMEOUT", "1")).connectTimeout())
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(resolve("h", null, "u", "d", Map.of("PGCONNECT_TIMEOUT", "0")).connectTimeout())
        .isZero();
    assertThat(
            resolve("h", null, "u", "connect_timeout=5", Map.of("PGCONNECT_TIMEOUT", "0"))
                .connectTimeout())
        .isEqualTo(Duration.ofSeconds(5));
    // libpq reads it as it connects: its message names the server.
    assertThatThrownBy(() -> resolve("h", "5433", "u", "d", Map.of("PGCONNECT_TIMEOUT", "x")))
        .isInstanceOf(ConnectionStringException.class)
        .hasMessage(
            "connection to server at \"h\", port 5433 failed: invalid integer value"
                + " \"x\" for connection option \"connect_timeout\"");
    assertThatThrownBy(() -> resolve("/s", null, "u", "connect_timeout=", Map.of()))
        .hasMessage(
            "connection to server on socket \"/s/.s.PGSQL.5432\" failed: invalid integer"
                + " value \"\" for connection option \"connect_timeout\"");
  }

  @Test
  void badValuesDrawLibpqsMessages() {
    assertThatThrownBy(() -> resolve("h", "x", "u", "d", Map.of()))
        .hasMessage("invalid integer value \"x\" for connection option \"port\"");
    assertThatThrownBy(() -> resolve("h", "99999", "u", "d", Map.of()))
        .hasMessage("invalid port number: \"99999\"");
    assertThatThrownBy(() -> resolve("h", null, "u", "sslmode=bogus", Map.of()))
        .hasMessage("invalid sslmode value: \"bogus\"");
    assertThatThrownBy(() -> resolve("h", null, "u", "d", Map.of("PGSSLMODE", "")))
        .hasMessage("invalid sslmode value: \"\"");
    assertThatThrownBy(() -> resolve("h", null, "u", "channel_binding=x", Map.of()))
        .hasMessage("invalid channel_binding value: \"x\"");
    assertThatThrownBy(() -> resolve("h", null, "u", "gssencmode=x", Map.of()))
        .hasMessage("invalid gssencmode value: \"x\"");
    assertThatThrownBy(() -> resolve("h", null, "u", "target_session_attrs=x", Map.of()))
        .hasMessage("invalid target_session_attrs value: \"x\"");
    assertThatThrownBy(() -> resolve("h", null, "u", "hostaddr=db.example", Map.of()))
        .hasMessage("could not parse network address \"db.example\": Name or service not known");
  }

  @Test
  void whatPgjdbcCannotDoIsRefusedByName() {
    assertThatThrownBy(() -> resolve(null, null, "u", "host=h1,h2", Map.of()))
        .hasMessage(
            "connection option \"host\" lists several servers (\"h1,h2\");"
                + " pgperf measures one server");
    assertThatThrownBy(() -> resolve(null, null, "u", "postgresql://h1:1,h2:2/d", Map.of()))
        .hasMessageContaining("lists several servers");
    assertThatThrownBy(() -> resolve("h", null, "u", "keepalives_idle=10", Map.of()))
        .hasMessage(
            "connection option \"keepalives_idle\" is not supported by pgperf:"
                + " pgjdbc has no per-connection setting for it");
    assertThatThrownBy(() -> resolve("h", null, "u", "d", Map.of("PGSSLCRL", "/crl.pem")))
        .hasMessage(
            "connection option \"sslcrl\" (from environment variable PGSSLCRL) is not"
                + " supported by pgperf: pgjdbc does not check certificate revocation lists");
    assertThatThrownBy(() -> resolve("h", null, "u", "passfile=/p", Map.of()))
        .hasMessageStartingWith("connection option \"passfile\" is not supported by pgperf:");
    assertThatThrownBy(() -> resolve("h", null, "u", "d", Map.of("PGSERVICE", "svc")))
        .hasMessageStartingWith(
            "connection option \"service\" (from environment variable"
                + " PGSERVICE) is not supported by pgperf:");
    assertThatThrownBy(() -> resolve("h", null, "u", "target_session_attrs=standby", Map.of()))
        .hasMessageStartingWith("connection option \"target_session_attrs\" is not supported");
    assertThatThrownBy(() -> resolve("h", null, "u", "hostaddr=127.0.0.1", Map.of()))
        .hasMessageStartingWith("connection option \"hostaddr\" is not supported");
    // pgjdbc talks UTF8; the run reads its scripts' bytes in the encoding libpq would have used.
    assertThat(resolve("h", null, "u", "client_encoding=LATIN1", Map.of()).clientEncoding())
        .isEqualTo("LATIN1");
    assertThat(resolve("h", null, "u", "d", Map.of("PGCLIENTENCODING", "win1252")).clientEncoding())
        .isEqualTo("win1252");
    assertThat(
            resolve("h", null, "u", "client_encoding=LATIN1", Map.of("PGCLIENTENCODING", "win1252"))
                .clientEncoding())
        .isEqualTo("LATIN1");
    for (String unsupported :
        new String[] {
          "sslcrldir=/d",
          "requirepeer=postgres",
          "ssl_min_protocol_version=TLSv1.3",
          "ssl_max_protocol_version=TLSv1.3",
          "sslsni=0",
          "sslcompression=1",
          "keepalives_interval=1",
          "keepalives_count=1",
          "tcp_user_timeout=1"
        }) {
      String keyword = unsupported.substring(0, unsupported.indexOf('='));
      assertThatThrownBy(() -> resolve("h", null, "u", unsupported, Map.of()))
          .as(unsupported)
          .hasMessageStartingWith("connection option \"" + keyword + "\"");
    }
  }

  @Test
  void libpqKeywordsBecomePgjdbcsProperties() {
    ConnectionSpec spec =
        resolve(
            "h",
            null,
            "u",
            "dbname=d sslmode=verify-full"
                + " sslcert=/c.crt sslkey=/c.key sslrootcert=/root.crt sslpassword="
                + PASSWORD
                + " channel_binding=require gssencmode=disable krbsrvname=pg gsslib=gssapi"
                + " target_session_attrs=read-write keepalives=0 options='-c geqo=off'"
                + " application_name=app replication=database client_encoding=UTF8 sslsni=1"
                + " sslcompression=0",
            Map.of());
    assertThat(spec.driverProperties())
        .containsOnly(
            Map.entry("sslmode", "verify-full"),
            Map.entry("sslcert", "/c.crt"),
            Map.entry("sslkey", "/c.key"),
            Map.entry("sslrootcert", "/root.crt"),
            Map.entry("sslpassword", PASSWORD),
            Map.entry("channelBinding", "require"),
            Map.entry("gssEncMode", "disable"),
            Map.entry("kerberosServerName", "pg"),
            Map.entry("gsslib", "gssapi"),
            Map.entry("targetServerType", "primary"),
            Map.entry("tcpKeepAlive", "false"),
            Map.entry("options", "-c geqo=off"),
            Map.entry("ApplicationName", "app"),
            Map.entry("replication", "database"));
    // pgbench gives its own name after the database argument: a fallback there loses.
    assertThat(resolve("h", null, "u", "fallback_application_name=x", Map.of()).driverProperties())
        .containsEntry("ApplicationName", "pgperf");
    assertThat(resolve(null, null, "u", "hostaddr=127.0.0.1", Map.of("PGHOST", "")).host())
        .isEqualTo("127.0.0.1");
    assertThat(resolve(null, null, "u", "postgresql://[::1]/d", Map.of()).host()).isEqualTo("::1");
  }

  @Test
  void aSocketDirectoryIsNamedAsLibpqNamesItAndNothingShowsThePassword() {
    ConnectionSpec spec =
        resolve(
            null,
            null,
            null,
            "postgresql://alice:" + PASSWORD + "@%2Ftmp%2Fpg/shop?port=5499",
            Map.of());
    assertThat(spec.onSocket()).isTrue();
    assertThat(spec.target().server()).isEqualTo("server on socket \"/tmp/pg/.s.PGSQL.5499\"");
    assertThat(spec.describe())
        .isEqualTo("server on socket \"/tmp/pg/.s.PGSQL.5499\", database \"shop\"");
    assertThat(spec.jdbcUrl())
        .isEqualTo(
            "jdbc:postgresql://localhost:5499/shop?socketFactory="
                + "org.newsclub.net.unix.AFUNIXSocketFactory%24FactoryArg"
                + "&socketFactoryArg=%2Ftmp%2Fpg%2F.s.PGSQL.5499&ApplicationName=pgperf");
    ConnectionSpec tcp =
        resolve(
            "db.example",
            null,
            null,
            "user=alice sslpassword=" + PASSWORD + " password=" + PASSWORD,
            Map.of());
    assertThat(tcp.target().server()).isEqualTo("server at \"db.example\", port 5432");
    for (ConnectionSpec s : new ConnectionSpec[] {spec, tcp}) {
      assertThat(s + s.describe() + s.jdbcUrl() + s.target() + s.target().server())
          .doesNotContain(PASSWORD);
    }
  }

  @Test
  void withoutAHostTheDefaultSocketDirectoryHoldingThePortsSocketIsTaken() {
    assumeTrue(Files.exists(Path.of(SOCKETS, ".s.PGSQL.5432")), "no server socket in " + SOCKETS);
    assertThat(resolve(null, "5432", "u", "d", Map.of()).host()).isEqualTo(SOCKETS);
    // No socket for port 1 anywhere: TCP to localhost, as before.
    assertThat(resolve(null, "1", "u", "d", Map.of()).host()).isEqualTo("localhost");
  }

  @Test
  void connectsThroughTheSocketDirectoryAndItsJdbcUrl() throws Exception {
    assumeTrue(Files.exists(Path.of(SOCKETS, ".s.PGSQL.5432")), "no server socket in " + SOCKETS);
    try (TestDatabase db = TestDatabase.create()) {
      Map<ConnectionSpec, String> workMem =
          Map.of(
              resolve(SOCKETS, "5432", db.user(), db.name(), Map.of()),
              defaultWorkMem(db),
              resolve(
                  null,
                  null,
                  null,
                  "postgresql:///"
                      + db.name()
                      + "?host="
                      + SOCKETS
                      + "&user="
                      + db.user()
                      + "&options=-c%20work_mem%3D7777kB",
                  Map.of()),
              "7777kB");
      for (Map.Entry<ConnectionSpec, String> e : workMem.entrySet()) {
        ConnectionSpec spec = e.getKey();
        try (Connection c = spec.open();
            Statement s = c.createStatement();
            ResultSet rs =
                s.executeQuery(
                    "select current_database(), inet_server_addr(),"
                        + " current_setting('application_name'), current_setting('work_mem')")) {
          rs.next();
          assertThat(rs.getString(1)).isEqualTo(db.name());
          // No server address: the connection came through the Unix-domain socket.
          assertThat(rs.getString(2)).isNull();
          assertThat(rs.getString(3)).isEqualTo("pgperf");
          assertThat(rs.getString(4)).isEqualTo(e.getValue());
        }
        try (Connection c = DriverManager.getConnection(spec.jdbcUrl(), db.user(), null);
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("select inet_server_addr() is null")) {
          rs.next();
          assertThat(rs.getBoolean(1)).isTrue();
        }
      }
    }
  }

  private static String defaultWorkMem(TestDatabase db) throws Exception {
    try (Connection c = db.open();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("show work_mem")) {
      rs.next();
      assertThat(rs.getString(1)).isNotEqualTo("7777kB");
      return rs.getString(1);
    }
  }

  @Test
  void theConnectTimeoutBoundsConnectingOnlyAndADriverSocketTimeoutStays() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      ConnectionSpec timed =
          resolve(
              db.host(),
              Integer.toString(db.port()),
              db.user(),
              db.name(),
              Map.of("PGCONNECT_TIMEOUT", "5"));
      try (Connection c = timed.open()) {
        // A statement may run longer than the connect timeout.
        assertThat(c.getNetworkTimeout()).isZero();
      }
      ConnectionSpec own =
          new ConnectionSpec(
              db.host(),
              db.port(),
              db.user(),
              db.name(),
              null,
              Duration.ofSeconds(5),
              Map.of("socketTimeout", "40"));
      try (Connection c = own.open()) {
        assertThat(c.getNetworkTimeout()).isEqualTo(40_000);
      }
    }
  }
}
