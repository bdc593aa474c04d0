package io.github.pgperf.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.result.Target;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.postgresql.Driver;

/**
 * The external server URL of the JUnit extension: both forms, the driver parameters a JDBC URL
 * carries, the refusal of a URL holding a password (masked, from the URL's parts), and pgjdbc's URL
 * warnings kept off the console.
 */
class ServerUrlTest {

  private static final String PASSWORD = "pw-S3cr3t-0815";
  private static final Duration TIMEOUT = Duration.ofSeconds(7);

  @Test
  void aJdbcUrlGivesItsServerAndPassesItsOtherParametersToTheDriver() {
    ConnectionSpec spec =
        ServerUrl.parse(
                "jdbc:postgresql://db.example:6543/app?user=bench"
                    + "&sslmode=disable&currentSchema=ledger&prepareThreshold=0")
            .spec(null, PASSWORD, TIMEOUT);
    assertThat(spec.target()).isEqualTo(new Target("db.example", 6543, "bench", "app"));
    assertThat(spec.password()).isEqualTo(PASSWORD);
    assertThat(spec.connectTimeout()).isEqualTo(TIMEOUT);
    assertThat(spec.driverProperties())
        .containsOnly(
            Map.entry("sslmode", "disable"),
            Map.entry("currentSchema", "ledger"),
            Map.entry("prepareThreshold", "0"));

    ConnectionSpec v6 = ServerUrl.parse("jdbc:postgresql://[::1]/app").spec("alice", null, TIMEOUT);
    assertThat(v6.target()).isEqualTo(new Target("::1", 5432, "alice", "app"));
    assertThat(ServerUrl.parse("jdbc:postgresql://h/").spec(null, null, TIMEOUT).database())
        .isEqualTo(System.getProperty("user.name"));
  }

  @Test
  void aLibpqUriIsReadAsLibpqReadsIt() {
    ConnectionSpec spec =
        ServerUrl.parse(
                "postgresql://bench@db.example:6543/my%20app?sslmode=require&application_name=ci"
                    + "&connect_timeout=3")
            .spec(null, null, TIMEOUT);
    assertThat(spec.target()).isEqualTo(new Target("db.example", 6543, "bench", "my app"));
    assertThat(spec.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
    assertThat(spec.driverProperties())
        .containsEntry("sslmode", "require")
        .containsEntry("ApplicationName", "ci");
    // pgperf.user wins over the URL's user; the timeout asked for applies when the URL has none.
    ConnectionSpec other =
        ServerUrl.parse("postgres://bench@%2Fvar%2Frun%2Fpostgresql/app")
            .spec("alice", null, TIMEOUT);
    assertThat(other.target()).isEqualTo(new Target("/var/run/postgresql", 5432, "alice", "app"));
    assertThat(other.connectTimeout()).isEqualTo(TIMEOUT);
  }

  @Test
  void aUrlHoldingAPasswordIsRefusedShowingItMasked() {
    Map<String, String> refused =
        Map.of(
            "postgresql://postgres:" + PASSWORD + "@127.0.0.1:5499/db",
            "postgresql://postgres:****@127.0.0.1:5499/db",
            "postgresql://127.0.0.1:5499/db?user=u&password=" + PASSWORD,
            "postgresql://127.0.0.1:5499/db?user=u&password=****",
            "jdbc:postgresql://127.0.0.1:5499/db?user=u&password=" + PASSWORD + "&sslmode=disable",
            "jdbc:postgresql://127.0.0.1:5499/db?user=u&password=****&sslmode=disable",
            "jdbc:postgresql://postgres:" + PASSWORD + "@127.0.0.1:5499/db",
            "jdbc:postgresql://postgres:****@127.0.0.1:5499/db");
    refused.forEach(
        (url, masked) -> {
          assertThatThrownBy(() -> ServerUrl.parse(url))
              .as(masked)
              .isInstanceOf(ConnectionStringException.class)
              .hasMessage(
                  "external server URL \""
                      + masked
                      + "\" must not hold a password: set"
                      + " PGPERF_PASSWORD, a password file (pgperf.passwordFile) or ~/.pgpass")
              .hasMessageNotContaining(PASSWORD);
          assertThat(ServerUrl.mask(url)).isEqualTo(masked);
        });
  }

  @Test
  void aUrlThatCannotWorkIsRefusedWithoutShowingAPassword() {
    assertThatThrownBy(() -> ServerUrl.parse("host=h password=" + PASSWORD))
        .hasMessage(
            "external server URL must be a JDBC URL (jdbc:postgresql://host[:port]/database)"
                + " or a libpq URI (postgresql://host[:port]/database)");
    assertThatThrownBy(() -> ServerUrl.parse("jdbc:postgresql://h/a/b?password=" + PASSWORD))
        .hasMessage(
            "external server URL \"jdbc:postgresql://h/a/b?password=****\" is not a"
                + " JDBC URL pgjdbc reads (jdbc:postgresql://host[:port]/database[?property=value&...])");
    assertThatThrownBy(() -> ServerUrl.parse("postgresql://h/db?foo=1&password=" + PASSWORD))
        .hasMessage(
            "external server URL \"postgresql://h/db?foo=1&password=****\": invalid URI"
                + " query parameter: \"foo\"");
    assertThatThrownBy(() -> ServerUrl.parse("postgresql://h1,h2/db"))
        .hasMessageContaining("lists several servers");
    assertThatThrownBy(() -> ServerUrl.parse("jdbc:postgresql://h1,h2/db"))
        .hasMessageContaining("lists several servers");
    assertThatThrownBy(() -> ServerUrl.parse("jdbc:postgresql://bench@h/db"))
        .hasMessage(
            "external server URL \"jdbc:postgresql://bench@h/db\" names a user before"
                + " the host, which a JDBC URL cannot: use ?user= or pgperf.user");
  }

  /**
   * pgjdbc logs "JDBC URL contains too many / characters: <the URL>" through java.util.logging,
   * which prints warnings on the console by default: none may come from pgperf reading a URL, and
   * pgjdbc's own logging of other work is left alone.
   */
  @Test
  void pgjdbcsWarningsWithTheUrlNeverComeFromPgperfReadingOne() {
    Logger driver = Logger.getLogger("org.postgresql.Driver");
    List<LogRecord> records = new ArrayList<>();
    Handler capture =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    driver.addHandler(capture);
    try {
      String bad = "jdbc:postgresql://h/a/b?password=" + PASSWORD;
      assertThatThrownBy(() -> ServerUrl.parse(bad)).isInstanceOf(ConnectionStringException.class);
      assertThat(records).isEmpty();
      // The filter is pgperf's only: the same URL parsed by an application still logs.
      assertThat(Driver.parseURL(bad, null)).isNull();
      assertThat(records)
          .singleElement()
          .satisfies(r -> assertThat(r.getLevel()).isEqualTo(Level.WARNING));
    } finally {
      driver.removeHandler(capture);
    }
  }
}
