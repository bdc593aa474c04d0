package io.github.pgperf.junit;

import static io.github.pgperf.assertj.PgPerfAssertions.assertThat;

import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunResult;
import java.sql.PreparedStatement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Test classes with an injected {@link LoadRunner} that {@link LoadRunnerTest} runs through
 * EngineTestKit; see {@link Fixture}. Each puts its results in {@link Fixture#SEEN} by class name.
 */
final class LoadFixtures {

  private LoadFixtures() {}

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class SelectOnly {
    @Test
    void selectOnly(LoadRunner load) {
      RunResult run = load.builtin("select-only").clients(2).duration(Duration.ofSeconds(1)).run();
      Fixture.SEEN.put("SelectOnly", run);
      assertThat(run).hasNoFailures().hasTpsAtLeast(1);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class ImpossibleTps {
    @Test
    void selectOnly(LoadRunner load) {
      RunResult run =
          load.builtin("select-only").transactionsPerClient(20).label("floor 1e9").run();
      Fixture.SEEN.put("ImpossibleTps", run);
      assertThat(run).hasTpsAtLeast(1e9);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL, scale = 1) // its Java code uses pgbench's tables
  static class JavaCode {
    @Test
    void transfer(LoadRunner load) {
      RunResult run =
          load.clients(2)
              .transactionsPerClient(20)
              .noVacuum()
              .transaction(
                  "transfer",
                  connection -> {
                    connection.setAutoCommit(false);
                    try (PreparedStatement s =
                        connection.prepareStatement(
                            "update pgbench_accounts set abalance = abalance + 1 where aid = ?")) {
                      s.setInt(1, 1 + (int) Thread.currentThread().getId() % 1000);
                      s.executeUpdate();
                    }
                    connection.commit();
                  })
              .run();
      Fixture.SEEN.put("JavaCode", run);
      assertThat(run).hasNoFailures();
    }
  }

  /** A classpath script with a -D variable, run twice, each run under its own label. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class ClasspathScript {
    @Test
    void hot(LoadRunner load) {
      load.script("/queries/hot.sql")
          .define("marker", "7")
          .transactionsPerClient(20)
          .label("hot/path");
      RunResult first = load.run();
      RunResult second =
          load.queryMode(io.github.pgperf.result.QueryMode.PREPARED)
              .label("hot/path prepared")
              .run();
      Fixture.SEEN.put("ClasspathScript", new RunResult[] {first, second});
      assertThat(first).hasNoFailures();
      assertThat(second).hasNoFailures();
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Broken {
    @Test
    void divides(LoadRunner load) {
      load.script("/queries/broken.sql").transactionsPerClient(20).label("by zero").run();
      Fixture.SEEN.put("Broken", true);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class Detailed {
    @Test
    void tpcb(LoadRunner load) {
      RunResult run =
          load.builtin("tpcb-like")
              .clients(2)
              .duration(Duration.ofSeconds(2))
              .perStatementLatencies()
              .timelineInterval(Duration.ofMillis(250))
              .progress(Duration.ofSeconds(1))
              .run();
      Fixture.SEEN.put("Detailed", run);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class StuckTransaction {
    @Test
    void sleeps(LoadRunner load) {
      load.clients(1)
          .duration(Duration.ofSeconds(1))
          .endTimeout(Duration.ofSeconds(1))
          .noVacuum()
          .label("stuck")
          .transaction(
              "stuck",
              connection -> {
                try (java.sql.Statement s = connection.createStatement()) {
                  s.execute("select pg_sleep(600)");
                }
              })
          .run();
      Fixture.SEEN.put("StuckTransaction", true);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class MissingScript {
    @Test
    void missing(LoadRunner load) {
      load.script("/queries/none.sql");
      Fixture.SEEN.put("MissingScript", true);
    }
  }

  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class BadOptions {
    @Test
    void fractionalDuration(LoadRunner load) {
      load.duration(Duration.ofMillis(1500));
    }

    @Test
    void noClients(LoadRunner load) {
      load.clients(0).run();
    }

    @Test
    void unknownBuiltin(LoadRunner load) {
      load.builtin("select-every");
    }
  }

  /** A classpath script holding the byte 0xe9, not valid in the test database's UTF-8. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class InvalidByte {
    @Test
    void sends(LoadRunner load) {
      load.script("/queries/latin1-byte.sql").transactionsPerClient(5).label("byte").run();
      Fixture.SEEN.put("InvalidByte", true);
    }
  }

  /** A Java transaction that counts its runs; run with a results directory it cannot write. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class CountedRuns {
    static final java.util.concurrent.atomic.AtomicInteger RUNS =
        new java.util.concurrent.atomic.AtomicInteger();

    @Test
    void counts(LoadRunner load) {
      load.transactionsPerClient(3)
          .noVacuum()
          .transaction(
              "count",
              connection -> {
                RUNS.incrementAndGet();
                try (java.sql.Statement s = connection.createStatement()) {
                  s.execute("select 1");
                }
              })
          .run();
      Fixture.SEEN.put("CountedRuns", true);
    }
  }

  /** Runs load twice without a label: the second run must be refused before it starts. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class TwiceUnlabelled {
    @Test
    void twice(LoadRunner load) {
      load.builtin("select-only").transactionsPerClient(5);
      Fixture.SEEN.put("TwiceUnlabelled", load.run());
      load.run();
      Fixture.SEEN.put("TwiceUnlabelled.second", true);
    }
  }

  /** An unlabelled declared load, then the body's own unlabelled run: refused as well. */
  @Fixture
  @PgPerfTest(provider = ProviderKind.EXTERNAL)
  static class DeclaredThenUnlabelled {
    @Test
    @Load(builtin = "select-only", transactionsPerClient = 5)
    void declared(LoadRunner load) {
      load.builtin("select-only").transactionsPerClient(5).run();
      Fixture.SEEN.put("DeclaredThenUnlabelled.second", true);
    }
  }
}
