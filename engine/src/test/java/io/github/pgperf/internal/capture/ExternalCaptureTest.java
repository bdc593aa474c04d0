package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.WorkPart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An external server that does not load pg_stat_statements (the local test server): a run captures
 * everything else, says once what is missing and how to add it, and installs nothing.
 */
class ExternalCaptureTest {

  private static TestDatabase db;

  @TempDir static Path dir;

  @BeforeAll
  static void create() throws Exception {
    db = TestDatabase.create();
    Pgbench.initialize(db, dir);
  }

  @AfterAll
  static void drop() throws Exception {
    db.close();
  }

  @Test
  void withoutPgStatStatementsTheRestIsCapturedAndWhatIsMissingSaidOnce() throws Exception {
    try (Connection c = db.open();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("show shared_preload_libraries")) {
      rs.next();
      assertThat(rs.getString(1))
          .as("the local server must not load pg_stat_statements")
          .doesNotContain("pg_stat_statements");
    }
    List<String> before;
    try (Connection c = db.open()) {
      before = ObjectsOutsidePgperf.of(c);
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream printed = new PrintStream(err, true, StandardCharsets.UTF_8);
    SaidOnce said = new SaidOnce();
    // Told to install: it cannot help, the library is not loaded.
    CaptureSettings capture = CaptureSettings.defaults().withInstallExtensions(true);
    // A second, not a number of transactions: on a quiet machine 100 select-only transactions
    // can end before the wait sampler's first look.
    RunOptions options =
        RunOptions.builder().clients(2).durationSeconds(1).vacuum(VacuumMode.NONE).build();
    Workload selectOnly = Workload.of(BuiltinScript.SELECT_ONLY.script(), QueryMode.SIMPLE);
    RunResult r = new Runner(db, printed, capture, said).run(selectOnly, options);
    new Runner(db, printed, capture, said).run(selectOnly, options);

    ServerWork work = r.serverWork();
    assertThat(work.statements()).isNull();
    String why =
        "pg_stat_statements is not loaded: set shared_preload_libraries ="
            + " 'pg_stat_statements' in the server's configuration and restart it, then CREATE"
            + " EXTENSION pg_stat_statements in database \""
            + db.name()
            + "\"";
    assertThat(work.whyUnavailable(WorkPart.STATEMENTS)).isEqualTo(why);
    assertThat(err.toString(StandardCharsets.UTF_8).lines().toList())
        .containsExactly("pgperf: server counters without per-statement work: " + why);
    long processed = r.totalCounts().processed();
    assertThat(work.database().commits()).isEqualTo(processed);
    assertThat(work.database().tuplesFetched()).isGreaterThanOrEqualTo(processed);
    assertThat(work.wal()).isNotNull();
    assertThat(work.checkpoints()).isNotNull();
    assertThat(work.waits().samples()).isPositive();
    assertThat(work.cpu()).isNotNull();
    try (Connection c = db.open()) {
      assertThat(ObjectsOutsidePgperf.of(c)).isEqualTo(before);
    }
  }
}
