package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.pgperf.internal.provision.ProvisionException;
import io.github.pgperf.provision.Initialization;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.testing.DockerHost;
import io.github.pgperf.testing.TestDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extension run by JUnit itself (EngineTestKit) on the fixture classes of {@link Fixtures},
 * against the local server as EXTERNAL (a database of each test's own), and a real embedded server
 * started once for the whole suite.
 */
class PgPerfExtensionTest {

  @BeforeEach
  void forgetWhatFixturesSaw() {
    Fixture.SEEN.clear();
  }

  @Test
  void externalServerIsSharedAndItsInitializationReusedByClassesAndRuns() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Map<String, String> params = Map.of("pgperf.url", db.url());
      Kit.Run first =
          Kit.run(
              params,
              Fixtures.ExternalA.class,
              Fixtures.ExternalB.class,
              Fixtures.PerClassConstructor.class);
      first.results().testEvents().assertStatistics(s -> s.started(3).succeeded(3));
      Fixtures.Seen a = seen("ExternalA");
      Fixtures.Seen b = seen("ExternalB");
      PgPerfDatabase c = (PgPerfDatabase) Fixture.SEEN.get("PerClassConstructor");

      // One server object for the run: its settings were read once and shared.
      assertThat(b.database().serverInfo()).isSameAs(a.database().serverInfo());
      assertThat(c.serverInfo()).isSameAs(a.database().serverInfo());
      assertThat(count(first.err(), "pgperf: EXTERNAL PostgreSQL")).isEqualTo(1);
      assertThat(a.database().provider()).isEqualTo(ProviderKind.EXTERNAL);
      assertThat(a.database().url()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/" + db.name());

      // Initialized once: the first class made it, the others found it.
      assertThat(a.database().initialization()).isEqualTo(Initialization.MADE);
      assertThat(b.database().initialization()).isEqualTo(Initialization.REUSED);
      // It sets no scale and runs no load: it never needed pgbench's tables.
      assertThat(c.initialization()).isEqualTo(Initialization.NOT_NEEDED);
      assertThat(count(first.err(), "done in ")).isEqualTo(1);
      assertThat(a.database().pgbenchSchema()).isEqualTo("pgperf");
      assertThat(a.database().schema()).isEqualTo("pgperf_class_externala");
      assertThat(a.searchPath()).isEqualTo("pgperf_class_externala, pgperf");
      assertThat(a.accounts()).isEqualTo(100_000);
      assertThat(b.madeAt()).isEqualTo(a.madeAt());

      // A later run finds the initialization on the server by its metadata and keeps it.
      Fixture.SEEN.clear();
      Kit.Run second = Kit.run(params, Fixtures.ExternalA.class);
      second.results().testEvents().assertStatistics(s -> s.succeeded(1));
      Fixtures.Seen again = seen("ExternalA");
      assertThat(again.database().initialization()).isEqualTo(Initialization.REUSED);
      assertThat(again.madeAt()).isEqualTo(a.madeAt());
      assertThat(second.err()).doesNotContain("done in ");
      long readyMillis = (again.nanoTime() - second.startNanos()) / 1_000_000;
      // A figure, not a bound: a loaded machine may take any time; what must hold is that the
      // second run made nothing (no "done in" above).
      System.out.printf(
          Locale.ROOT,
          "pgperf figure: EXTERNAL, initialized, run start to first test: %d ms%n",
          readyMillis);
    }
  }

  @Test
  void configurationParameterAndSystemPropertyBeatTheAnnotation() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run annotated = Kit.run(Map.of("pgperf.url", db.url()), Fixtures.AnnotatedSchema.class);
      annotated.results().testEvents().assertStatistics(s -> s.succeeded(1));
      assertThat(seen("AnnotatedSchema").database().schema()).isEqualTo("from_annotation");
      assertThat(seen("AnnotatedSchema").searchPath()).isEqualTo("from_annotation, pgperf");

      Kit.Run configured =
          Kit.run(
              Map.of("pgperf.url", db.url(), "pgperf.schema", "from_config"),
              Fixtures.AnnotatedSchema.class);
      configured.results().testEvents().assertStatistics(s -> s.succeeded(1));
      assertThat(seen("AnnotatedSchema").database().schema()).isEqualTo("from_config");
      assertThat(seen("AnnotatedSchema").accounts()).isEqualTo(100_000);

      System.setProperty("pgperf.schema", "from_property");
      try {
        Kit.Run property =
            Kit.run(Map.of("pgperf.url", db.url()), true, Fixtures.AnnotatedSchema.class);
        property.results().testEvents().assertStatistics(s -> s.succeeded(1));
      } finally {
        System.clearProperty("pgperf.schema");
      }
      assertThat(seen("AnnotatedSchema").database().schema()).isEqualTo("from_property");
      assertThat(seen("AnnotatedSchema").searchPath()).isEqualTo("from_property, pgperf");
    }
  }

  @Test
  void nestedClassUsesItsOwnAnnotationElseTheEnclosingOne() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run run = Kit.run(Map.of("pgperf.url", db.url()), Fixtures.Outer.class);
      run.results().testEvents().assertStatistics(s -> s.started(3).succeeded(3));
      assertThat(seen("Outer").searchPath()).isEqualTo("pgperf_class_outer, pgperf");
      // INNER is a keyword: the server quotes it in search_path.
      assertThat(seen("Inner").searchPath()).isEqualTo("\"inner\", pgperf");
      assertThat(seen("Inner").database().schema()).isEqualTo("inner");
      assertThat(seen("Inner").accounts()).isEqualTo(100_000);
      // A nested class without an annotation of its own shares its enclosing class's schema.
      assertThat(seen("Plain").searchPath()).isEqualTo("pgperf_class_outer, pgperf");
      assertThat(seen("Plain").database().initialization()).isEqualTo(Initialization.REUSED);
    }
  }

  @Test
  void badValueFailsTheClassNamingTheKeyOrAttributeAndTheValue() {
    Kit.Run key = Kit.run(Map.of("pgperf.scale", "ten"), Fixtures.ExternalA.class);
    key.results().testEvents().assertStatistics(s -> s.started(0));
    assertThat(key.classFailures())
        .singleElement(InstanceOfAssertFactories.THROWABLE)
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "configuration parameter pgperf.scale has invalid value \"ten\":"
                + " expected a whole number in 1..2147483647");

    Kit.Run provider = Kit.run(Map.of("pgperf.provider", "docker"), Fixtures.ExternalA.class);
    assertThat(provider.classFailures())
        .singleElement(InstanceOfAssertFactories.THROWABLE)
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("pgperf.provider")
        .hasMessageContaining("\"docker\"");

    Kit.Run annotation = Kit.run(Map.of(), Fixtures.BadScale.class);
    assertThat(annotation.classFailures())
        .singleElement(InstanceOfAssertFactories.THROWABLE)
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@PgPerfTest(scale) has invalid value \"-1\":"
                + " expected a whole number in 1..2147483647");
    assertThat(Fixture.SEEN).doesNotContainKey("BadScale");
  }

  @Test
  void refusesToInitializeASchemaHoldingOtherTables() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      try (Connection c = db.open();
          Statement s = c.createStatement()) {
        s.execute("create schema app");
        s.execute("create table app.orders(id int)");
        s.execute("insert into app.orders values (42)");
      }
      Kit.Run run =
          Kit.run(
              Map.of("pgperf.url", db.url(), "pgperf.pgbenchSchema", "app"),
              Fixtures.ExternalA.class);
      run.results().testEvents().assertStatistics(s -> s.started(0));
      assertThat(run.classFailures())
          .singleElement(InstanceOfAssertFactories.THROWABLE)
          .isInstanceOf(ProvisionException.class)
          .hasMessageContaining("schema \"app\"")
          .hasMessageContaining("holds tables that are not pgbench's (orders)");
      try (Connection c = db.open();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "select (select count(*) from app.orders),"
                      + " to_regclass('app.pgbench_accounts') is null")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(1);
        assertThat(rs.getBoolean(2)).isTrue();
      }
    }
  }

  @Test
  void unreachableExternalServerFailsTheClassNamingHostPortAndCause() throws IOException {
    int port = closedPort();
    Kit.Run run =
        Kit.run(
            Map.of(
                "pgperf.url",
                "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres",
                "pgperf.connectTimeout",
                "60s"),
            Fixtures.ExternalA.class,
            Fixtures.ExternalB.class);
    run.results().testEvents().assertStatistics(s -> s.started(0));
    // Both classes fail with the same cause; the second does not try again.
    assertThat(run.classFailures())
        .hasSize(2)
        .allSatisfy(
            e ->
                assertThat(e)
                    .isInstanceOf(ProvisionException.class)
                    .hasMessage(
                        "EXTERNAL server at \"127.0.0.1\", port "
                            + port
                            + ": could not connect: Connection refused"));
    // A refused connection fails at once: the run never waited for the (long) connect timeout.
    assertThat(run.millis()).isLessThan(60_000);
  }

  /**
   * pgperf.url takes a libpq URI as well as a JDBC URL, and refuses either holding a password with
   * the URL masked: the class failure's message is what Surefire writes into its reports.
   */
  @Test
  void aLibpqUriWorksAndAUrlWithAPasswordFailsTheClassMasked() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run uri =
          Kit.run(
              Map.of(
                  "pgperf.url",
                  "postgresql://"
                      + db.user()
                      + "@"
                      + db.host()
                      + ":"
                      + db.port()
                      + "/"
                      + db.name()
                      + "?application_name=uri-app"),
              Fixtures.ExternalA.class);
      uri.results().testEvents().assertStatistics(s -> s.started(1).succeeded(1));
      assertThat(seen("ExternalA").database().url())
          .isEqualTo("jdbc:postgresql://127.0.0.1:5432/" + db.name() + "?ApplicationName=uri-app");
    }
    String password = "pw-" + Long.toHexString(System.nanoTime());
    for (String url :
        new String[] {
          "postgresql://postgres:" + password + "@127.0.0.1:5499/db",
          "jdbc:postgresql://127.0.0.1:5499/db?user=postgres&password=" + password
        }) {
      Kit.Run run = Kit.run(Map.of("pgperf.url", url), Fixtures.ExternalA.class);
      run.results().testEvents().assertStatistics(s -> s.started(0));
      assertThat(run.classFailures())
          .singleElement(InstanceOfAssertFactories.THROWABLE)
          .isInstanceOf(ProvisionException.class)
          .hasMessageContaining("127.0.0.1:5499/db")
          .satisfiesAnyOf(
              e -> assertThat(e).hasMessageContaining("postgres:****@"),
              e -> assertThat(e).hasMessageContaining("password=****"))
          .hasMessageNotContaining(password);
      StringWriter trace = new StringWriter();
      run.classFailures().get(0).printStackTrace(new PrintWriter(trace));
      assertThat(trace + run.out() + run.err()).doesNotContain(password);
    }
  }

  @Test
  void testcontainersWithoutDockerIsAnErrorNotASkip() {
    assumeFalse(DockerHost.engineAnswers(), "Docker runs here: DockerFailuresIT tests its errors");
    Kit.Run run = Kit.run(Map.of(), Fixtures.Container.class);
    run.results().containerEvents().assertStatistics(s -> s.skipped(0).failed(1));
    run.results().testEvents().assertStatistics(s -> s.started(0).skipped(0));
    assertThat(run.classFailures())
        .singleElement(InstanceOfAssertFactories.THROWABLE)
        .isInstanceOf(ProvisionException.class)
        .hasMessage(
            "provider TESTCONTAINERS cannot start a container: Testcontainers found no"
                + " Docker environment; use EMBEDDED or EXTERNAL, or AUTO to fall back to them");
  }

  /** The only test that starts an embedded server; both classes share it. */
  @Test
  void embeddedServerStartsOnceAndAutoChoosesItWithoutUrlOrDocker() {
    assumeTrue(System.getenv("PGPERF_URL") == null, "AUTO would choose the PGPERF_URL server");
    Kit.Run run =
        Kit.run(
            Map.of("pgperf.settings", "work_mem=8MB"),
            Fixtures.Embedded.class,
            Fixtures.Auto.class);
    run.results().testEvents().assertStatistics(s -> s.started(2).succeeded(2));
    Fixtures.Seen embedded = seen("Embedded");
    Fixtures.Seen auto = seen("Auto");

    assertThat(embedded.database().provider()).isEqualTo(ProviderKind.EMBEDDED);
    assertThat(embedded.database().providerReason()).isEqualTo("EMBEDDED asked");
    assertThat(auto.database().provider()).isEqualTo(ProviderKind.EMBEDDED);
    // Where Docker runs, it has no postgres:15 and cannot pull one (pgperf's CI machine).
    String noDocker =
        DockerHost.engineAnswers()
            ? "Docker is available but image \"postgres:15\""
            : "Docker is not available";
    assertThat(auto.database().providerReason())
        .startsWith("AUTO: no external server URL configured; " + noDocker);
    // One server: the same start time, the same settings object.
    assertThat(auto.postmasterStart()).isEqualTo(embedded.postmasterStart());
    assertThat(auto.database().serverInfo()).isSameAs(embedded.database().serverInfo());
    assertThat(count(run.err(), "pgperf: EMBEDDED PostgreSQL 15.")).isEqualTo(2);
    assertThat(count(run.err(), "(AUTO: no external server URL configured; " + noDocker))
        .isEqualTo(1);

    // zonky's speed settings are back at PostgreSQL's defaults; what stays changed is reported,
    // with pgperf's own (pg_stat_statements for the server's work, I/O timing).
    var info = embedded.database().serverInfo();
    assertThat(info.version()).startsWith("15.");
    assertThat(info.synchronousCommit()).isEqualTo("on");
    assertThat(info.maxConnections()).isEqualTo("100");
    assertThat(info.fsync()).isEqualTo("on");
    assertThat(info.providerSettings())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "timezone",
                "UTC",
                "work_mem",
                "8MB",
                "shared_preload_libraries",
                "pg_stat_statements",
                "pg_stat_statements.track",
                "all",
                "track_io_timing",
                "on"));
    assertThat(embedded.workMem()).isEqualTo("8MB");

    assertThat(embedded.database().pgbenchSchema()).isEqualTo("pgperf_s1");
    assertThat(embedded.database().initialization()).isEqualTo(Initialization.MADE);
    assertThat(auto.database().initialization()).isEqualTo(Initialization.REUSED);
    assertThat(auto.accounts()).isEqualTo(100_000);

    // The run's end closed the root store, which stopped the server.
    assertThatThrownBy(() -> embedded.database().connectionSource().open().close())
        .isInstanceOf(SQLException.class);

    Matcher ready = Pattern.compile("ready in ([0-9.]+) s").matcher(run.err());
    assertThat(ready.find()).isTrue();
    System.out.printf(
        Locale.ROOT,
        "pgperf figure: EMBEDDED server ready in %s s;"
            + " run start to first test (with scale-1 initialization): %d ms%n",
        ready.group(1),
        (embedded.nanoTime() - run.startNanos()) / 1_000_000);
  }

  @Test
  void passwordNeverAppearsInOutputDescriptionsOrFailures(@TempDir Path dir) throws Exception {
    String password = "pw-S3cr3t-4711";
    Path file = dir.resolve("password");
    Files.writeString(file, password + "\n");
    try (TestDatabase db = TestDatabase.create()) {
      Kit.Run run =
          Kit.run(
              Map.of("pgperf.url", db.url(), "pgperf.passwordFile", file.toString()),
              Fixtures.ExternalA.class);
      run.results().testEvents().assertStatistics(s -> s.succeeded(1));
      PgPerfDatabase database = seen("ExternalA").database();
      assertThat(
              run.out()
                  + run.err()
                  + database
                  + database.url()
                  + database.target()
                  + database.serverInfo()
                  + database.connectionSource().describe())
          .isNotEmpty()
          .doesNotContain(password);
    }
    Kit.Run failed =
        Kit.run(
            Map.of(
                "pgperf.url",
                "jdbc:postgresql://127.0.0.1:" + closedPort() + "/postgres",
                "pgperf.passwordFile",
                file.toString()),
            Fixtures.ExternalA.class);
    assertThat(failed.classFailures())
        .singleElement(InstanceOfAssertFactories.THROWABLE)
        .satisfies(
            e -> assertThat(stackTrace(e)).contains("could not connect").doesNotContain(password));
    assertThat(failed.out() + failed.err()).doesNotContain(password);
  }

  private static Fixtures.Seen seen(String name) {
    Object seen = Fixture.SEEN.get(name);
    assertThat(seen).as("what fixture %s saw", name).isInstanceOf(Fixtures.Seen.class);
    return (Fixtures.Seen) seen;
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  /** A port nothing listens on: bound by the system, then released. */
  static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static String stackTrace(Throwable e) {
    StringWriter text = new StringWriter();
    e.printStackTrace(new PrintWriter(text));
    return text.toString();
  }
}
