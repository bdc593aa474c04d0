package shop;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Looks up one item by id. The table comes from schema.sql, with an index on the id in both
 * commits: the second changes this comment only. Both revisions use the class's schema on the
 * server pgperf.url names, one after the other, so the table is made anew in every run.
 */
@PgPerfTest(provider = ProviderKind.EXTERNAL)
class ItemsPerfTest {

  @Test
  void lookup(LoadRunner load, DataSource dataSource) throws SQLException, IOException {
    String schema;
    try (InputStream in = ItemsPerfTest.class.getResourceAsStream("schema.sql")) {
      schema = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(schema);
    }
    System.out.println("items revision: " + System.getProperty("items.revision"));
    RunResult result =
        load.script("lookup.sql").clients(2).duration(Duration.ofSeconds(2)).noVacuum().run();
    assertThat(result).hasNoFailures();
  }
}
