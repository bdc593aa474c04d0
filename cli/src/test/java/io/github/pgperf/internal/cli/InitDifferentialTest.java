package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.CatalogSnapshot;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.sql.Connection;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The core evidence for initialization: the same {@code -i} command line run by the real pgbench
 * into one database and by pgperf into another must give the same catalog, the same rows and the
 * same stderr (numbers masked). The two databases are reused across cases: every case starts with
 * the {@code d} step, which is itself under test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InitDifferentialTest {

  private TestDatabase pgbenchDb;
  private TestDatabase pgperfDb;

  @BeforeAll
  void createDatabases() throws Exception {
    pgbenchDb = TestDatabase.create();
    pgperfDb = TestDatabase.create();
  }

  @AfterAll
  void dropDatabases() throws Exception {
    if (pgbenchDb != null) {
      pgbenchDb.close();
    }
    if (pgperfDb != null) {
      pgperfDb.close();
    }
  }

  @ParameterizedTest(name = "pgbench {0}")
  @ValueSource(
      strings = {
        "-i -s 1",
        "-i -s 2",
        "-i -s 2 --partitions 3",
        "-i -s 1 --partitions 3 --partition-method hash",
        "-i -s 1 --unlogged-tables -F 90",
        "-i -s 1 --foreign-keys",
        "-i -s 1 -I dtGvp",
        "-i -s 2 -I dtGvpf --partitions 3 --partition-method range -F 90",
        "-i -s 1 --unlogged-tables --partitions 2 --partition-method hash --foreign-keys",
        "-i -q -s 1 -n",
      })
  void sameCatalogDataAndOutputAsPgbench(String argLine) throws Exception {
    List<String> args = Arrays.asList(argLine.split(" "));

    Pgbench.Result expected = Pgbench.run(pgbenchDb, args);
    Cli.Result actual = Cli.runOn(pgperfDb, args);

    assertThat(expected.exitCode()).as("pgbench: %s", expected.stderr()).isZero();
    assertThat(actual.exitCode()).as("pgperf: %s", actual.stderr()).isZero();
    assertThat(snapshot(pgperfDb)).containsExactlyElementsOf(snapshot(pgbenchDb));
    assertThat(masked(actual.stderr())).isEqualTo(masked(expected.stderr()));
  }

  /**
   * Tablespaces are cluster-wide, so the tests create none; a missing one makes both tools fail on
   * the first statement that names it, which shows that statement's text.
   */
  @ParameterizedTest(name = "pgbench {0}")
  @ValueSource(
      strings = {
        "-i -s 1 --tablespace no_such_space",
        "-i -s 1 --index-tablespace no\"such",
      })
  void sameFailureAsPgbench(String argLine) throws Exception {
    List<String> args = Arrays.asList(argLine.split(" "));

    Pgbench.Result expected = Pgbench.run(pgbenchDb, args);
    Cli.Result actual = Cli.runOn(pgperfDb, args);

    assertThat(expected.exitCode()).isEqualTo(1);
    assertThat(actual.exitCode()).isEqualTo(1);
    assertThat(masked(actual.stderr()))
        .isEqualTo(masked(expected.stderr().replace("pgbench: ", "pgperf: ")));
  }

  private static List<String> snapshot(TestDatabase db) throws Exception {
    try (Connection c = db.open()) {
      return CatalogSnapshot.of(c, "public");
    }
  }

  /** Timings differ from run to run; everything else pgbench prints must be the same. */
  static String masked(String stderr) {
    return stderr.replaceAll("\\d+\\.\\d+", "N.N");
  }
}
