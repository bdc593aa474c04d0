package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.testing.Pgbench;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The builtin scripts word for word, compared with real pgbench's own listing. */
class BuiltinScriptTest {

  @TempDir Path directory;

  @ParameterizedTest
  @EnumSource(BuiltinScript.class)
  void showScriptPrintsWhatPgbenchPrints(BuiltinScript builtin) throws Exception {
    Pgbench.Result pgbench =
        Pgbench.run(directory, List.of("--show-script=" + builtin.builtinName()));
    assertThat(pgbench.exitCode()).isZero();
    assertThat(String.join("\n", pgbench.stderrLines()) + "\n").isEqualTo(builtin.showScript());
  }

  @Test
  void listPrintsWhatPgbenchPrints() throws Exception {
    Pgbench.Result pgbench = Pgbench.run(directory, List.of("-b", "list"));
    assertThat(pgbench.exitCode()).isZero();
    assertThat(String.join("\n", pgbench.stderrLines()) + "\n").isEqualTo(BuiltinScript.listing());
  }

  @ParameterizedTest
  @CsvSource({
    "t, TPCB_LIKE",
    "tpcb-like, TPCB_LIKE",
    "si, SIMPLE_UPDATE",
    "se, SELECT_ONLY",
    "select-only, SELECT_ONLY"
  })
  void findsByUnambiguousPrefix(String prefix, BuiltinScript expected) throws Exception {
    assertThat(BuiltinScript.find(prefix)).isEqualTo(expected);
  }

  @Test
  void ambiguousPrefixListsTheBuiltins() {
    assertThatThrownBy(() -> BuiltinScript.find("s"))
        .isInstanceOfSatisfying(
            ScriptException.class,
            e ->
                assertThat(e.lines())
                    .containsExactly(
                        "ambiguous builtin name: 2 builtin scripts found for prefix \"s\"",
                        "Available builtin scripts:",
                        "      tpcb-like: <builtin: TPC-B (sort of)>",
                        "  simple-update: <builtin: simple update>",
                        "    select-only: <builtin: select only>",
                        ""));
  }

  @Test
  void builtinsParseIntoTheirCommands() {
    Script tpcb = BuiltinScript.TPCB_LIKE.script();
    assertThat(tpcb.name()).isEqualTo("<builtin: TPC-B (sort of)>");
    assertThat(tpcb.commands()).hasSize(11);
    assertThat(tpcb.commands().subList(0, 4)).allMatch(c -> c instanceof Command.Set);
    Command.Sql update = (Command.Sql) tpcb.commands().get(5);
    assertThat(update.template().parameterNames()).containsExactly("delta", "aid");
    assertThat(update.template().numbered())
        .isEqualTo("UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2;");
    assertThat(BuiltinScript.SIMPLE_UPDATE.script().commands()).hasSize(9);
    assertThat(BuiltinScript.SELECT_ONLY.script().commands()).hasSize(2);
  }
}
