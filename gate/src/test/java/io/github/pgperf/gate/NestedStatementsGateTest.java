package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate on real runs of a transfer (an UPDATE between BEGIN and COMMIT) against a cluster of the
 * test's own with {@code pg_stat_statements.track = all}: a baseline without an audit trigger, a
 * build whose trigger inserts into an audit table on every update. The client sends the same
 * statements, so only the nested INSERT says what was added: a work regression naming it as nested.
 * A baseline that did not see nested statements ({@code track = top}) makes no nested statement
 * new.
 */
class NestedStatementsGateTest {

  private static final String KEY = "TransferTest-transfer";
  private static final String AUDIT = "insert into audit (acct, bal) values (new.id, new.bal)";

  private static OwnServer server;
  private static List<Sample> plain;
  private static List<Sample> audited;
  private static List<Sample> auditedUnseen;

  @BeforeAll
  static void run(@TempDir Path dir) throws Exception {
    server =
        OwnServer.start(
            Map.of(
                "shared_preload_libraries",
                "pg_stat_statements",
                "pg_stat_statements.track",
                "all"));
    plain = List.of(sample(dir, "plain-1", false, "all"), sample(dir, "plain-2", false, "all"));
    audited = List.of(sample(dir, "audited-1", true, "all"), sample(dir, "audited-2", true, "all"));
    auditedUnseen = List.of(sample(dir, "unseen-1", true, "top"));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  /**
   * One run of the transfer in a database of its own, read back from its result file as the gate
   * reads it.
   *
   * @param track the database's {@code pg_stat_statements.track}
   */
  private static Sample sample(Path dir, String name, boolean audit, String track)
      throws Exception {
    TestDatabase db = server.createDatabase();
    try (Connection c = db.open();
        Statement s = c.createStatement()) {
      s.execute(
          "alter database \"" + db.name() + "\" set pg_stat_statements.track = '" + track + "'");
      s.execute("create table acct (id int primary key, bal int not null)");
      s.execute("insert into acct select g, 0 from generate_series(1, 1000) g");
      s.execute("create table audit (id bigserial primary key, acct int, bal int)");
      if (audit) {
        s.execute(
            "create function audit_it() returns trigger language plpgsql as $$"
                + " begin insert into audit (acct, bal) values (new.id, new.bal); return new; end $$");
        s.execute(
            "create trigger acct_audit after update on acct for each row"
                + " execute function audit_it()");
      }
      s.execute("vacuum analyze acct");
    }
    var result =
        new Runner(
                db,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                CaptureSettings.defaults().withInstallExtensions(true))
            .run(
                Workload.of(
                    Script.parse(
                        "transfer.sql",
                        "\\set id random(1, 1000)\n"
                            + "begin;\nupdate acct set bal = bal + 1 where id = :id;\ncommit;\n"),
                    QueryMode.PREPARED),
                RunOptions.builder().clients(2).transactions(100).vacuum(VacuumMode.NONE).build());
    Path file = Files.createDirectories(dir.resolve(name)).resolve(KEY + ".json");
    ResultJson.write(result, file);
    return Sample.of(file, ResultJson.read(file));
  }

  private static List<Finding> compare(List<Sample> now, List<Sample> before) {
    return new WorkGate(GateSettings.defaults()).compare(KEY, now, before);
  }

  @Test
  void aTriggersNewInsertOnEveryTransactionIsAWorkRegressionNamingItAsNested() {
    assertThat(audited.get(0).work().nestedStatements()).containsKey(AUDIT);
    assertThat(audited.get(0).work().statements()).doesNotContainKey(AUDIT);

    List<Finding> findings = compare(audited, plain);

    Finding regression =
        findings.stream()
            .filter(
                f -> f.work() != null && f.work().what().equals(WorkGate.NESTED_EVERY_TRANSACTION))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no nested statement finding in " + findings));
    assertThat(regression.verdict()).isEqualTo(Verdict.WORK_REGRESSION);
    assertThat(regression.action()).isEqualTo(Action.FAIL);
    assertThat(regression.message())
        .startsWith(
            KEY
                + ": calls per transaction of nested"
                + " statements 0 -> 1: new "
                + AUDIT
                + " (1 per transaction, nested: run by a trigger or"
                + " function) (nested statements new since the baseline, run on every transaction of 2"
                + " trials by a trigger or function");
    assertThat(regression.items()).containsExactly(AUDIT);
    assertThat(findings)
        .anySatisfy(
            f -> {
              assertThat(f.verdict()).isEqualTo(Verdict.STATEMENT_CHANGED);
              assertThat(f.message())
                  .contains(
                      "a nested statement new since the baseline: \""
                          + AUDIT
                          + "\" (nested: run by a trigger or function)");
            });
    // The client sends what it sent: no round trip added, none named.
    assertThat(findings)
        .noneSatisfy(
            f ->
                assertThat(f.work().what())
                    .isIn(
                        WorkGate.EVERY_TRANSACTION, WorkMetric.STATEMENTS_PER_TRANSACTION.words()));
  }

  @Test
  void theSameBuildAgainstItselfHasNoNestedFinding() {
    List<Finding> findings = compare(audited.subList(1, 2), audited.subList(0, 1));

    assertThat(findings)
        .noneSatisfy(
            f -> assertThat(f.verdict()).isIn(Verdict.WORK_REGRESSION, Verdict.STATEMENT_CHANGED));
    assertThat(findings).anySatisfy(f -> assertThat(f.verdict()).isEqualTo(Verdict.PASS));
  }

  @Test
  void aBaselineThatDidNotSeeNestedStatementsMakesNoneNew() {
    assertThat(auditedUnseen.get(0).work().nestedStatements()).isNull();

    List<Finding> findings = compare(audited, auditedUnseen);

    assertThat(findings).noneSatisfy(f -> assertThat(f.message()).contains("nested"));
    List<Verdict> verdicts = new ArrayList<>(findings.stream().map(Finding::verdict).toList());
    assertThat(verdicts).doesNotContain(Verdict.STATEMENT_CHANGED);
  }
}
