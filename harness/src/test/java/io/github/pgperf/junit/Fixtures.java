package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.provision.ProviderKind;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Test classes that {@link PgPerfExtensionTest} runs through EngineTestKit; see {@link Fixture}.
 */
final class Fixtures {

  private Fixtures() {}

  /**
   * What a fixture's test saw, through the injected parameters.
   *
   * @param nanoTime when the test method started
   * @param searchPath the DataSource connection's search_path
   * @param postmasterStart {@code pg_postmaster_start_time()}, which differs for every server start
   * @param accounts rows of pgbench_accounts, read unqualified through the search_path
   * @param madeAt when the initialization was recorded in pgperf_init
   */
  record Seen(
      PgPerfDatabase database,
      long nanoTime,
      String searchPath,
      String postmasterStart,
      long accounts,
      String madeAt,
      String workMem) {}

  static void see(String name, PgPerfDatabase database, DataSource dataSource) throws SQLException {
    long now = System.nanoTime();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select current_setting('search_path'),"
                    + " pg_postmaster_start_time()::text, (select count(*) from pgbench_accounts),"
                    + " (select made_at::text from pgperf_init), current_setting('work_mem')")) {
      rs.next();
      Fixture.SEEN.put(
          name,
          new Seen(
              database,
              now,
              rs.getString(1),
              rs.getString(2),
              rs.getLong(3),
              rs.getString(4),
              rs.getString(5)));
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL, scale = 1)
  static class ExternalA {
    @Test
    void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see("ExternalA", database, dataSource);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL, scale = 1)
  static class ExternalB {
    @Test
    void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see("ExternalB", database, dataSource);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL, scale = 1, schema = "from_annotation")
  static class AnnotatedSchema {
    @Test
    void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see("AnnotatedSchema", database, dataSource);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL, scale = -1)
  static class BadScale {
    @Test
    void neverRuns() {
      Fixture.SEEN.put("BadScale", true);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.TESTCONTAINERS)
  static class Container {
    @Test
    void neverRuns() {
      Fixture.SEEN.put("Container", true);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EMBEDDED, scale = 1)
  static class Embedded {
    @Test
    void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see("Embedded", database, dataSource);
    }
  }

  /** Pins EMBEDDED with a setting, as a project might; compare's shared server overrides both. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EMBEDDED, scale = 1, settings = "work_mem=8MB")
  static class EmbeddedWithSettings {
    @Test
    void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see("EmbeddedWithSettings", database, dataSource);
    }
  }

  @Fixture
  @PgPerfTest(scale = 1)
  static class Auto {
    @Test
    void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see("Auto", database, dataSource);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL, scale = 1)
  static class Outer {
    @Test
    void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see("Outer", database, dataSource);
    }

    @Nested
    @PgPerfTest(provider = ProviderKind.EXTERNAL, scale = 1, schema = "inner")
    class Inner {
      @Test
      void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
        see("Inner", database, dataSource);
      }
    }

    @Nested
    class Plain {
      @Test
      void sees(PgPerfDatabase database, DataSource dataSource) throws SQLException {
        see("Plain", database, dataSource);
      }
    }
  }

  /** Its constructor asks for the database, before any beforeAll callback under PER_CLASS. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  @org.junit.jupiter.api.TestInstance(org.junit.jupiter.api.TestInstance.Lifecycle.PER_CLASS)
  static class PerClassConstructor {
    private final PgPerfDatabase database;

    PerClassConstructor(PgPerfDatabase database) {
      this.database = database;
    }

    @Test
    void seesTheSameDatabaseAsItsMethods(PgPerfDatabase fromMethod) {
      assertThat(fromMethod).isSameAs(database);
      Fixture.SEEN.put("PerClassConstructor", database);
    }
  }
}
