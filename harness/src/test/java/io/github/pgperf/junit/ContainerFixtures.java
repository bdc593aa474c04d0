package io.github.pgperf.junit;

import io.github.pgperf.provision.Initialization;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.DockerHost;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * Test classes that {@code TestcontainersIT} and {@code ContainerReuseIT} run with {@code
 * pgperf.provider} and {@code pgperf.image} of their choosing; see {@link Fixture}. Each puts what
 * it saw in {@link Fixture#SEEN} and prints it ({@code seen ...}) for a JVM of its own.
 */
final class ContainerFixtures {

  private ContainerFixtures() {}

  /**
   * What a class saw.
   *
   * @param database the class's database
   * @param result its run
   * @param postmasterStart {@code pg_postmaster_start_time()}: the same for one server
   * @param accounts rows of pgbench_accounts
   * @param images the images of the containers this JVM's Testcontainers runs now
   */
  record Seen(
      PgPerfDatabase database,
      RunResult result,
      String postmasterStart,
      long accounts,
      List<String> images) {}

  static Seen see(String name, PgPerfDatabase database, DataSource dataSource, RunResult result)
      throws SQLException {
    Seen seen;
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select pg_postmaster_start_time()::text,"
                    + " (select count(*) from pgbench_accounts)")) {
      rs.next();
      seen = new Seen(database, result, rs.getString(1), rs.getLong(2), ourContainers());
    }
    Fixture.SEEN.put(name, seen);
    Initialization init = database.initialization();
    System.out.println(
        "seen "
            + name
            + " postmaster "
            + seen.postmasterStart()
            + " tables "
            + init
            + " images "
            + seen.images());
    return seen;
  }

  /** The images of the containers this JVM's Testcontainers session runs. */
  private static List<String> ourContainers() {
    return DockerHost.with(
        docker ->
            docker
                .listContainersCmd()
                .withLabelFilter(
                    Map.of(
                        DockerClientFactory.TESTCONTAINERS_SESSION_ID_LABEL,
                        DockerClientFactory.SESSION_ID))
                .exec()
                .stream()
                .map(c -> c.getImage())
                .toList());
  }

  /** pgbench's tpcb-like load: writes, so WAL and commits. */
  @Fixture
  @PgPerfTest(scale = 1)
  static class TpcbLike {
    @Test
    void runs(LoadRunner load, PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see(
          "TpcbLike",
          database,
          dataSource,
          load.builtin("tpcb-like").clients(2).transactionsPerClient(100).run());
    }
  }

  /** A second class on the same server: select-only. */
  @Fixture
  @PgPerfTest(scale = 1)
  static class SelectOnly {
    @Test
    void runs(LoadRunner load, PgPerfDatabase database, DataSource dataSource) throws SQLException {
      see(
          "SelectOnly",
          database,
          dataSource,
          load.builtin("select-only").clients(2).transactionsPerClient(200).run());
    }
  }
}
