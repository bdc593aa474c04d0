package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabaseExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** -D definitions and pgbench's automatic variables, compared with what pgbench substitutes. */
class VariableDefinitionsTest {

  private static final String SCRIPT =
      "SELECT :client_id AS c, :scale AS s, :random_seed AS r, :default_seed AS d,"
          + " ':x' AS x;\n";

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir static Path directory;

  /** The first query each client sends, from pgbench's -d output, in client order. */
  private static List<String> pgbenchQueries(int clients, long seed, List<String> definitions)
      throws Exception {
    Files.writeString(directory.resolve("vars.sql"), SCRIPT, StandardCharsets.UTF_8);
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "-n",
                "-t1",
                "-d",
                "-M",
                "simple",
                "-c",
                Integer.toString(clients),
                "--random-seed=" + seed,
                "-f",
                "vars.sql"));
    for (String d : definitions) {
      arguments.add("-D");
      arguments.add(d);
    }
    arguments.addAll(
        List.of(
            "-h",
            DATABASE.get().host(),
            "-p",
            Integer.toString(DATABASE.get().port()),
            "-U",
            DATABASE.get().user(),
            DATABASE.get().name()));
    Pgbench.Result pgbench = Pgbench.run(directory, arguments);
    assertThat(pgbench.exitCode()).as("%s", pgbench.stderrLines()).isZero();
    List<String> queries = new ArrayList<>();
    for (int client = 0; client < clients; client++) {
      String prefix = "pgbench: client " + client + " sending ";
      for (String line : pgbench.stderrLines()) {
        if (line.startsWith(prefix)) {
          queries.add(line.substring(prefix.length()));
          break;
        }
      }
    }
    return queries;
  }

  private static List<String> pgperfQueries(int clients, long seed, List<String> definitions)
      throws Exception {
    VariableDefinitions defined = VariableDefinitions.parse(definitions);
    SeedPlan seeds = SeedPlan.draw(seed, clients, defined.defines("default_seed"), 1);
    VariableDefinitions all = defined.withAutomatic(1, seeds.randomSeed(), seeds::defaultSeed);
    Command.Sql sql = (Command.Sql) Script.parse("vars.sql", SCRIPT).commands().get(0);
    List<String> queries = new ArrayList<>();
    for (int client = 0; client < clients; client++) {
      queries.add(sql.template().substituted(all.forClient(client)).stripTrailing());
    }
    return queries;
  }

  @Test
  void automaticVariablesAsPgbenchSetsThem() throws Exception {
    List<String> expected = pgbenchQueries(3, 5432, List.of());
    assertThat(expected).hasSize(3);
    assertThat(pgperfQueries(3, 5432, List.of())).isEqualTo(expected);
  }

  @Test
  void definitionsWinOverAutomaticVariables() throws Exception {
    List<String> definitions =
        List.of("x=1=2", "client_id=7", "scale=11", "default_seed=3", "random_seed=-1", "x=9");
    List<String> expected = pgbenchQueries(2, 77, definitions);
    assertThat(expected).hasSize(2);
    assertThat(pgperfQueries(2, 77, definitions)).isEqualTo(expected);
  }

  @Test
  void defaultSeedIsDrawnOnlyWhenNotDefined() throws Exception {
    AtomicInteger draws = new AtomicInteger();
    VariableDefinitions.parse(List.of("default_seed=1"))
        .withAutomatic(1, 2, () -> draws.incrementAndGet());
    assertThat(draws).hasValue(0);
    VariableDefinitions.none().withAutomatic(1, 2, () -> draws.incrementAndGet());
    assertThat(draws).hasValue(1);
  }

  @Test
  void refusesBadDefinitionsWithPgbenchsMessages() {
    assertThatThrownBy(() -> VariableDefinitions.parse(List.of("x")))
        .hasMessage("invalid variable definition: \"x\"");
    assertThatThrownBy(() -> VariableDefinitions.parse(List.of("=1")))
        .hasMessage("invalid variable definition: \"=1\"");
    assertThatThrownBy(() -> VariableDefinitions.parse(List.of("x=")))
        .hasMessage("invalid variable definition: \"x=\"");
    assertThatThrownBy(() -> VariableDefinitions.parse(List.of("1x=2")))
        .hasMessage("option: invalid variable name: \"1x\"");
  }
}
