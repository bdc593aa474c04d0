package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The parser on tricky inputs; pgbench's view of them is checked in the differential tests. */
class ScriptParserTest {

  private static List<Command> parse(String text) throws ScriptException {
    return Script.parse("t.sql", text).commands();
  }

  private static List<String> sqlTexts(String text) throws ScriptException {
    List<String> texts = new ArrayList<>();
    for (Command c : parse(text)) {
      if (c instanceof Command.Sql sql) {
        texts.add(sql.text());
      }
    }
    return texts;
  }

  @Test
  void compoundCommandKeepsItsParts() throws Exception {
    Command.Sql sql = (Command.Sql) parse("SELECT 1 \\; SELECT ';' \\; SELECT 3;\n").get(0);
    assertThat(sql.text()).isEqualTo("SELECT 1 ; SELECT ';' ; SELECT 3;");
    assertThat(sql.parts()).containsExactly("SELECT 1 ", " SELECT ';' ", " SELECT 3;");
  }

  @Test
  void gsetAndAsetAttachToThePrecedingSql() throws Exception {
    List<Command> commands =
        parse("SELECT 1 AS a \\gset\nSELECT 2 \\; SELECT 3 \\aset p_\nSELECT 4;\n\\gset q\n");
    assertThat(commands).hasSize(3);
    Command.Sql first = (Command.Sql) commands.get(0);
    assertThat(first.store()).isEqualTo(Command.Store.GSET);
    assertThat(first.prefix()).isEmpty();
    assertThat(first.text()).isEqualTo("SELECT 1 AS a ");
    Command.Sql second = (Command.Sql) commands.get(1);
    assertThat(second.store()).isEqualTo(Command.Store.ASET);
    assertThat(second.prefix()).isEqualTo("p_");
    assertThat(second.parts()).hasSize(2);
    Command.Sql third = (Command.Sql) commands.get(2);
    assertThat(third.store()).isEqualTo(Command.Store.GSET);
    assertThat(third.prefix()).isEqualTo("q");
    assertThat(third.text()).isEqualTo("SELECT 4;");
  }

  @Test
  void conditionalsKnowWhereToJump() throws Exception {
    List<Command> c =
        parse(
            String.join(
                "\n",
                "\\if :a",
                "SELECT 1;",
                "\\elif :b",
                "\\if :c",
                "SELECT 2;",
                "\\endif",
                "\\elif :d",
                "\\else",
                "SELECT 3;",
                "\\endif",
                ""));
    assertThat(((Command.If) c.get(0)).next()).isEqualTo(2);
    assertThat(((Command.Elif) c.get(2)).next()).isEqualTo(6);
    assertThat(((Command.Elif) c.get(2)).end()).isEqualTo(9);
    assertThat(((Command.If) c.get(3)).next()).isEqualTo(5);
    assertThat(((Command.Elif) c.get(6)).next()).isEqualTo(7);
    assertThat(((Command.Else) c.get(7)).end()).isEqualTo(9);
    assertThat(c.get(9)).isInstanceOf(Command.Endif.class);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "\\sleep 10ms|10ms|MILLISECONDS|10|",
        "\\sleep 2 MS|2|MILLISECONDS|2|",
        "\\sleep :t us|:t|MICROSECONDS|0|t",
        "\\sleep 5|5|SECONDS|5|",
        "\\sleep -3us|-3us|MICROSECONDS|-3|",
        "\\sleep -|-|SECONDS|0|",
      })
  void sleepAmountsAndUnits(String line, String amount, TimeUnit unit, int literal, String var)
      throws Exception {
    Command.Sleep sleep = (Command.Sleep) parse(line + "\n").get(0);
    assertThat(sleep.amount()).isEqualTo(amount);
    assertThat(sleep.unit()).isEqualTo(unit);
    assertThat(sleep.literal()).isEqualTo(literal);
    assertThat(sleep.variable()).isEqualTo(var);
  }

  @Test
  void shellWordsIgnoreQuotesAndFollowContinuations() throws Exception {
    List<Command> c = parse("\\setshell v echo 'a b'\n\\shell echo x\\\n  y \\\n z\n");
    Command.SetShell setshell = (Command.SetShell) c.get(0);
    assertThat(setshell.variable()).isEqualTo("v");
    assertThat(setshell.words()).containsExactly("echo", "'a", "b'");
    Command.Shell shell = (Command.Shell) c.get(1);
    assertThat(shell.words()).containsExactly("echo", "x", "y", "z");
    assertThat(shell.firstLine()).isEqualTo("\\shell echo x\\\n  y \\\n z");
    assertThat(shell.line()).isEqualTo(2);
  }

  @Test
  void metaCommandNamesAreCaseInsensitiveAndKeptAsWritten() throws Exception {
    Command.Set set = (Command.Set) parse("\\SeT x 1 + \\\n 2\n").get(0);
    assertThat(set.name()).isEqualTo("SeT");
    assertThat(set.variable()).isEqualTo("x");
    assertThat(set.firstLine()).isEqualTo("\\SeT x 1 + \\\n 2");
  }

  @Test
  void sqlNeedsNoSemicolonBeforeAMetaCommand() throws Exception {
    assertThat(sqlTexts("SELECT 1\n\\set x 2\nSELECT 2")).containsExactly("SELECT 1\n", "SELECT 2");
  }

  @Test
  void routineBodiesKeepTheirSemicolons() throws Exception {
    assertThat(
            sqlTexts(
                "CREATE FUNCTION f() RETURNS int LANGUAGE sql\n"
                    + "BEGIN ATOMIC SELECT 1; SELECT 2; END; SELECT 3;"))
        .containsExactly(
            "CREATE FUNCTION f() RETURNS int LANGUAGE sql\n"
                + "BEGIN ATOMIC SELECT 1; SELECT 2; END;",
            "SELECT 3;");
    assertThat(
            sqlTexts(
                "create or replace procedure p() language sql begin atomic"
                    + " select case when true then 1 end; end; select 2;"))
        .hasSize(2);
    // Not a routine: BEGIN starts a transaction.
    assertThat(sqlTexts("BEGIN; SELECT 1; END;")).hasSize(3);
    assertThat(sqlTexts("CREATE TABLE t (begin int); SELECT 1;")).hasSize(2);
  }

  @Test
  void quotesAndCommentsHideSemicolons() throws Exception {
    assertThat(sqlTexts("SELECT $a$ $b$ ; $a$; SELECT 2;")).hasSize(2);
    assertThat(sqlTexts("SELECT a$$b; SELECT 2;")).hasSize(2);
    assertThat(sqlTexts("SELECT $1; SELECT 2;")).hasSize(2);
    assertThat(sqlTexts("SELECT E'\\';'; SELECT 1;")).hasSize(2);
    assertThat(sqlTexts("SELECT 'a\\'; SELECT 1;")).hasSize(2);
    assertThat(sqlTexts("SELECT 'it''s;'; SELECT 1;")).hasSize(2);
    assertThat(sqlTexts("SELECT \"a;\"\"b\"; SELECT 1;")).hasSize(2);
    assertThat(sqlTexts("SELECT /* ; /* ; */ ; */ 1; SELECT 2;")).hasSize(2);
    assertThat(sqlTexts("SELECT 1 -- ;\n; SELECT 2;"))
        .containsExactly("SELECT 1 -- ;\n;", "SELECT 2;");
    assertThat(sqlTexts("SELECT (1;\n2); SELECT 3;"))
        .containsExactly("SELECT (1;\n2);", "SELECT 3;");
  }

  @Test
  void leadingBlanksAndCommentsAreDropped() throws Exception {
    List<Command> c = parse("\n  -- intro\n\nSELECT 1;\n\\set x 1\n");
    assertThat(((Command.Sql) c.get(0)).text()).isEqualTo("SELECT 1;");
    assertThat(c.get(0).line()).isEqualTo(4);
    assertThat(c.get(1).line()).isEqualTo(5);
  }

  @Test
  void unterminatedTextIsStillACommand() throws Exception {
    assertThat(sqlTexts("SELECT 'abc")).containsExactly("SELECT 'abc");
    assertThat(sqlTexts("SELECT $$abc; \\set")).containsExactly("SELECT $$abc; \\set");
  }

  @Test
  void textAfterANulByteDoesNotExist() throws Exception {
    assertThat(sqlTexts("SELECT 1;\0\\nonsense")).containsExactly("SELECT 1;");
  }

  @Test
  void aLoneBackslashIsIgnored() throws Exception {
    assertThat(parse("\\\nSELECT 1;\n\\")).hasSize(1);
  }

  @Test
  void syncPipelineIsAcceptedAsInPostgres17() throws Exception {
    List<Command> c = parse("\\startpipeline\nSELECT 1;\n\\syncpipeline\n\\endpipeline\n");
    assertThat(c)
        .extracting(x -> x.getClass().getSimpleName())
        .containsExactly("StartPipeline", "Sql", "SyncPipeline", "EndPipeline");
    assertThatThrownBy(() -> parse("\\syncpipeline now\n"))
        .hasMessage("t.sql:1: unexpected argument in command \"syncpipeline\"");
  }

  @Test
  void firstLineOfSqlIsCutAt127BytesOnACharacterBoundary() throws Exception {
    Command.Sql ascii = (Command.Sql) parse("SELECT '" + "a".repeat(200) + "';").get(0);
    assertThat(ascii.firstLine()).hasSize(127);
    Command.Sql wide = (Command.Sql) parse("SELECT '" + "é".repeat(100) + "';").get(0);
    int bytes = wide.firstLine().getBytes(StandardCharsets.UTF_8).length;
    // pgbench would cut the 60th é in half at byte 127; a Java string stops before it.
    assertThat(bytes).isEqualTo(126);
    assertThat(wide.text()).startsWith(wide.firstLine());
  }

  @Test
  void variableReferencesAsPgbenchFindsThem() throws Exception {
    SqlTemplate t = SqlTemplate.of("SELECT :a, ::b, :::c, :1, a:b, ':c', :é, :a;");
    assertThat(t.parameterNames()).containsExactly("a", "b", "c", "é", "a");
    assertThat(t.numbered()).isEqualTo("SELECT $1, ::b, :::c, :1, a$2, '$3', $4, $5;");
    Variables v = new Variables();
    v.putString("a", "x:y");
    v.putInt("c", 7);
    assertThat(t.substituted(v)).isEqualTo("SELECT x:y, ::b, :::c, :1, a:b, '7', :é, x:y;");
    assertThat(t.parameter(0, v)).isEqualTo("x:y");
    assertThat(t.parameter(1, v)).isNull();
  }

  @Test
  void largeScriptsParseInLinearTime() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      sb.append("\\set v").append(i).append(" random(1, 10)\nSELECT :v").append(i).append(";\n");
    }
    sb.append("\\foo\n");
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () ->
            assertThatThrownBy(() -> parse(sb.toString()))
                .hasMessage("t.sql:40001: invalid command in command \"foo\""));
  }

  @Test
  void errorsCarryFileLineCommandAndCaret() {
    assertThatThrownBy(() -> parse("SELECT 1;\n\\set x random(1)\n"))
        .isInstanceOfSatisfying(
            ScriptException.class,
            e -> {
              assertThat(e.file()).isEqualTo("t.sql");
              assertThat(e.line()).isEqualTo(2);
              assertThat(e.command()).isEqualTo("set");
              assertThat(e.commandLine()).isEqualTo("\\set x random(1)");
              assertThat(e.caretColumn()).isEqualTo(15);
              assertThat(e.getMessage())
                  .isEqualTo("t.sql:2: unexpected number of arguments (random) in command \"set\"");
            });
  }
}
