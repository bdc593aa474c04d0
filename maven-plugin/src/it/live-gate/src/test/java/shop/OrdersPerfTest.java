package shop;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.junit.LoadRunner;
import io.github.pgperf.junit.PgPerfTest;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A performance test as a user writes one. Each transaction calls order_lookup(), a server-side
 * function that waits orders.sleep seconds and reads an account: a build that makes the function
 * slower (the property) is a real regression on the server, with the same script and settings. The
 * wait is long (500 ms) so that what a loaded machine adds to each transaction stays small beside
 * it: at load 35-45 on 2 cores, 8 to 33 ms on the median, which would be up to 60% of a 50 ms wait
 * and hide or fake a 30% slowdown. The server is the one pgperf.url names
 * (junit-platform.properties, written by setup.groovy).
 */
@PgPerfTest(provider = ProviderKind.EXTERNAL, scale = 1) // order_lookup reads pgbench_accounts
class OrdersPerfTest {

  @Test
  void lookup(LoadRunner load, DataSource dataSource) throws SQLException {
    String sleep = System.getProperty("orders.sleep", "0.5");
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE OR REPLACE FUNCTION order_lookup(p_aid int) RETURNS int"
              + " LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep("
              + Double.parseDouble(sleep)
              + ");"
              + " RETURN (SELECT abalance FROM pgbench_accounts WHERE aid = p_aid); END $$");
    }
    RunResult result =
        load.script("lookup.sql").clients(8).duration(Duration.ofSeconds(3)).noVacuum().run();
    assertThat(result).hasNoFailures();
  }
}
