package io.github.pgperf.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Utility statements with generated names are one statement; everything else keeps its text. The
 * texts are as pg_stat_statements shows them (PostgreSQL 15 keeps utility statements as sent; 17
 * writes a savepoint's name as {@code $1}).
 */
class StatementShapeTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      SAVEPOINT JDBC_SAVEPOINT_923                        | SAVEPOINT <name>
      savepoint "My Savepoint"                            | SAVEPOINT <name>
      /* app */ SAVEPOINT sp1                             | SAVEPOINT <name>
      SAVEPOINT $1                                        | SAVEPOINT <name>
      SAVEPOINT sp_1;                                     | SAVEPOINT <name>
      RELEASE SAVEPOINT JDBC_SAVEPOINT_924                | RELEASE SAVEPOINT <name>
      release sp3                                         | RELEASE SAVEPOINT <name>
      RELEASE $1                                          | RELEASE SAVEPOINT <name>
      ROLLBACK TO SAVEPOINT JDBC_SAVEPOINT_925            | ROLLBACK TO SAVEPOINT <name>
      rollback to sp4                                     | ROLLBACK TO SAVEPOINT <name>
      ROLLBACK TRANSACTION TO SAVEPOINT sp3               | ROLLBACK TO SAVEPOINT <name>
      ROLLBACK WORK TO "x y"                              | ROLLBACK TO SAVEPOINT <name>
      declare c_17 cursor for select * from t where id > 5 | DECLARE <name> CURSOR FOR select * from t where id > 5
      DECLARE c_1 NO SCROLL CURSOR WITH HOLD FOR SELECT 1 | DECLARE <name> NO SCROLL CURSOR WITH HOLD FOR SELECT 1
      fetch 10 from c_17                                  | FETCH 10 FROM <name>
      FETCH 10 IN c_18                                    | FETCH 10 FROM <name>
      fetch forward 5 in c_1                              | FETCH FORWARD 5 FROM <name>
      FETCH c_2                                           | FETCH FROM <name>
      FETCH ALL FROM "c 3"                                | FETCH ALL FROM <name>
      FETCH ABSOLUTE -1 FROM c_4                          | FETCH ABSOLUTE -1 FROM <name>
      FETCH FORWARD $1 FROM c_5                           | FETCH FORWARD $1 FROM <name>
      move 3 in c_1                                       | MOVE 3 FROM <name>
      close c_17                                          | CLOSE <name>
      prepare s_1 (int) as select v from t where id = $1  | PREPARE <name> (int) AS select v from t where id = $1
      PREPARE s_2 AS SELECT 1                             | PREPARE <name> AS SELECT 1
      EXECUTE s_1(3, 'x')                                 | EXECUTE <name>(...)
      EXECUTE s_1                                         | EXECUTE <name>
      deallocate s_1                                      | DEALLOCATE <name>
      DEALLOCATE PREPARE s_2                              | DEALLOCATE <name>
      DEALLOCATE $1                                       | DEALLOCATE <name>
      prepare transaction 'gid_1'                         | PREPARE TRANSACTION <name>
      commit prepared 'gid_1'                             | COMMIT PREPARED <name>
      ROLLBACK PREPARED 'gid_2'                           | ROLLBACK PREPARED <name>
      create temp table tmp_1 (a int)                     | CREATE TEMP TABLE <name> (a int)
      CREATE TEMPORARY TABLE IF NOT EXISTS tmp_2 AS SELECT 1 AS a | CREATE TEMP TABLE IF NOT EXISTS <name> AS SELECT 1 AS a
      CREATE GLOBAL TEMPORARY TABLE tmp_3 (a int) ON COMMIT DROP | CREATE TEMP TABLE <name> (a int) ON COMMIT DROP
      CREATE TABLE pg_temp.tmp_4 (a int)                  | CREATE TABLE pg_temp.<name> (a int)
      drop table if exists pg_temp.tmp_2                  | DROP TABLE IF EXISTS pg_temp.<name>
      DROP TABLE pg_temp_3.tmp_5 CASCADE                  | DROP TABLE pg_temp.<name> CASCADE
      TRUNCATE pg_temp.tmp_6                              | TRUNCATE pg_temp.<name>
      set local work_mem = '64MB'                         | SET LOCAL work_mem = <value>
      set work_mem to '32MB'                              | SET work_mem = <value>
      SET SESSION work_mem = 16384                        | SET work_mem = <value>
      SET work_mem = $1                                   | SET work_mem = <value>
      set myapp.user_id = 17                              | SET myapp.user_id = <value>
      SET "MyApp"."user" TO 'x'                           | SET "MyApp"."user" = <value>
      SET search_path TO app, public                      | SET search_path = <value>
      SET search_path TO DEFAULT                          | SET search_path = DEFAULT
      set time zone 'UTC'                                 | SET TIME ZONE <value>
      SET LOCAL TIME ZONE INTERVAL '+02:00' HOUR TO MINUTE | SET LOCAL TIME ZONE <value>
      SET TIME ZONE LOCAL                                 | SET TIME ZONE LOCAL
      """)
  void aGeneratedNameOrValueBecomesAPlaceholder(String text, String shape) {
    assertThat(StatementShape.of(text)).isEqualTo(shape);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT abalance FROM pgbench_accounts WHERE aid = $1",
        "BEGIN",
        "begin",
        "COMMIT",
        "END",
        "ROLLBACK",
        "rollback",
        "UPDATE t SET v = $1 WHERE id = $2",
        "INSERT INTO savepoint_log VALUES ($1)",
        "CLOSE ALL",
        "DEALLOCATE ALL",
        "DEALLOCATE PREPARE ALL",
        "FETCH NEXT", // no cursor
        "CREATE TABLE orders (id int)",
        "create unlogged table u (a int)",
        "DROP TABLE orders",
        "DROP TABLE IF EXISTS public.orders CASCADE",
        "TRUNCATE orders",
        "DROP INDEX pg_temp.i",
        "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
        "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY",
        "SET SESSION AUTHORIZATION DEFAULT",
        "SET ROLE app",
        "SET CONSTRAINTS ALL DEFERRED",
        "SET NAMES 'UTF8'",
        "SET SCHEMA 'app'",
        "SET work_mem FROM CURRENT",
        "RESET work_mem",
        "SAVEPOINT a; RELEASE a", // two statements
        "SAVEPOINT",
        "RELEASE",
        "SAVEPOINT a b",
        "DECLARE c CURSOR",
        "DECLARE c FOR SELECT 1", // no FOR query, no CURSOR
        "PREPARE s AS",
        "EXECUTE s(1) x",
        "/* only a comment */",
        "",
        "with x as (select 1) select * from x"
      })
  void everythingElseKeepsItsText(String text) {
    assertThat(StatementShape.of(text)).isEqualTo(text);
    assertThat(StatementShape.of(List.of(text))).containsExactly(Map.entry(text, text));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "UPDATE account SET balance = balance + $1 WHERE id = $2",
        "insert into entry (account_id) values ($1)",
        "DELETE FROM entry WHERE id = $1",
        "MERGE INTO account a USING x ON a.id = x.id WHEN MATCHED THEN DO NOTHING",
        "WITH moved AS (DELETE FROM queue RETURNING *) SELECT count(*) FROM moved",
        "SELECT id, balance FROM account WHERE id IN ($1, $2) ORDER BY id FOR UPDATE",
        "SELECT id FROM account WHERE id = $1 FOR NO KEY UPDATE",
        "SELECT id FROM account WHERE id = $1 FOR SHARE",
        "SELECT id FROM account WHERE id = $1 for key share"
      })
  void aStatementThatChangesOrLocksRowsIsKnown(String text) {
    assertThat(StatementShape.changesOrLocksRows(text)).as(text).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT amount FROM entry WHERE account_id = $1",
        "SELECT 'UPDATE' FROM account",
        "SELECT \"update\" FROM account -- DELETE",
        "SELECT /* FOR UPDATE */ id FROM account",
        "SELECT share FROM prices",
        "BEGIN"
      })
  void aReadDoesNot(String text) {
    assertThat(StatementShape.changesOrLocksRows(text)).as(text).isFalse();
  }

  @Test
  void quotesAndCommentsAreReadAsTheServerReadsThem() {
    // A semicolon or a name inside a string, quoted identifier or comment is not one.
    assertThat(StatementShape.of("SAVEPOINT \"a;b\"")).isEqualTo("SAVEPOINT <name>");
    assertThat(StatementShape.of("SAVEPOINT a -- why; RELEASE b\n")).isEqualTo("SAVEPOINT <name>");
    assertThat(StatementShape.of("/* a /* nested */ comment */ SAVEPOINT a"))
        .isEqualTo("SAVEPOINT <name>");
    assertThat(StatementShape.of("SET application_name = 'a;b''c'"))
        .isEqualTo("SET application_name = <value>");
    assertThat(StatementShape.of("SET x.y = E'it\\'s; here'")).isEqualTo("SET x.y = <value>");
    assertThat(StatementShape.of("SET x.y = $q$ ; $q$")).isEqualTo("SET x.y = <value>");
    assertThat(StatementShape.of("PREPARE s AS SELECT $$;$$, 'a;' -- c\n"))
        .isEqualTo("PREPARE <name> AS SELECT $$;$$, 'a;'");
    // Text that is not SQL never fails: an unterminated quote runs to the end.
    assertThat(StatementShape.of("SAVEPOINT \"open")).isEqualTo("SAVEPOINT <name>");
    assertThat(StatementShape.of("SET x = 'open")).isEqualTo("SET x = <value>");
    assertThat(StatementShape.of("SAVEPOINT a /* open")).isEqualTo("SAVEPOINT <name>");
  }

  @Test
  void aTemporaryTableCreatedAmongTheTextsIsTemporaryWhereverItIsDroppedOrEmptied() {
    List<String> texts =
        List.of(
            "CREATE TEMP TABLE tmp_17 (a int)",
            "drop table tmp_17",
            "DROP TABLE IF EXISTS \"Tmp_18\", orders",
            "create temporary table \"Tmp_18\" (b int)",
            "TRUNCATE TABLE TMP_17 RESTART IDENTITY",
            "DROP TABLE tmp_99");

    Map<String, String> shapes = StatementShape.of(texts);

    assertThat(shapes)
        .containsExactly(
            Map.entry("CREATE TEMP TABLE tmp_17 (a int)", "CREATE TEMP TABLE <name> (a int)"),
            Map.entry("drop table tmp_17", "DROP TABLE <name>"),
            Map.entry(
                "DROP TABLE IF EXISTS \"Tmp_18\", orders", "DROP TABLE IF EXISTS <name>, orders"),
            Map.entry(
                "create temporary table \"Tmp_18\" (b int)", "CREATE TEMP TABLE <name> (b int)"),
            Map.entry("TRUNCATE TABLE TMP_17 RESTART IDENTITY", "TRUNCATE <name> RESTART IDENTITY"),
            // Not made by these statements, not in pg_temp: an ordinary table as far as anyone
            // knows.
            Map.entry("DROP TABLE tmp_99", "DROP TABLE tmp_99"));
  }

  @Test
  void aQuotedNameIsNotItsUnquotedNamesake() {
    // "Tmp" and tmp are two tables: only the one created temporary is a temporary table's name.
    Map<String, String> shapes =
        StatementShape.of(List.of("CREATE TEMP TABLE \"Tmp\" (a int)", "DROP TABLE Tmp"));

    assertThat(shapes.get("DROP TABLE Tmp")).isEqualTo("DROP TABLE Tmp");
  }

  /** What a waiting backend's text is named by: its constants gone, whatever their form. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      UPDATE counter  SET n = n + -12 WHERE id = 1 AND k = 'it''s'   | UPDATE counter SET n = n + ? WHERE id = ? AND k = ?
      SELECT * FROM t2 WHERE id = $1                                 | SELECT * FROM t2 WHERE id = $1
      INSERT INTO t (a, b) VALUES (-1.5, E'a\\'b')                   | INSERT INTO t (a, b) VALUES (?, ?)
      SELECT $q$it's$q$ /* why */ , x - 1 FROM t -- the end          | SELECT ? , x - ? FROM t
      UPDATE t SET v = v-1e3 WHERE k = U&'d\\0061t'                   | UPDATE t SET v = v-? WHERE k = ?
      """)
  void constantsOfAStatementAreQuestionMarks(String text, String shape) {
    assertThat(StatementShape.withoutConstants(text)).isEqualTo(shape);
  }
}
