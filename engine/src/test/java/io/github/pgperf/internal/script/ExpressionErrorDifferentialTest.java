package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.pgperf.testing.TestDatabaseExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Expressions that pgbench refuses, at parse time or at run time: pgperf must refuse them with the
 * same message, and for parse errors put the caret in the same column.
 */
class ExpressionErrorDifferentialTest {

  private static final String PREFIX = "\\set x ";
  private static final Pattern PARSE_ERROR = Pattern.compile(":1: (.*) in command \"set\"$");

  /** String variables given with -D, for the typing errors. */
  private static final Map<String, String> DEFINES =
      Map.of(
          "s_bad", "abc",
          "s_big", "99999999999999999999",
          "s_plus", "+",
          "s_space", "   ",
          "s_yes", "yes",
          "s_hex", "0x",
          "s_trailing", "1.5 ",
          "s_huge", "1e999");

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @TempDir static Path directory;

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        // parse errors
        "1 +",
        "random(1)",
        "foo(1)",
        "1 $ 2",
        "99999999999999999999",
        "1e999",
        "1e-400",
        "hash()",
        "hash(1, 2, 3)",
        "permute(1)",
        "permute(1, 2, 3, 4)",
        "least()",
        "greatest()",
        "pi(1)",
        "(1",
        "1)",
        "case when 1 then 2",
        "case end",
        "case when 1 then 2 else 3",
        ":",
        "1 2",
        "1 < 2 < 3",
        "1 = 2 <> 3",
        "1 < 2 = true",
        "9223372036854775808",
        "2 - 9223372036854775808",
        "-(9223372036854775808)",
        "1 is 2",
        "1 is not 3",
        "not",
        "f(",
        "abs(1,)",
        "abs(,,1)",
        "abs(1,,2)",
        "1 + + ",
        "!1",
        "1 ! 2",
        ".",
        "1.2.3",
        "@",
        "random(1 2)",
        "is null",
        "1 isnull 2",
        "abs",
        "debug(1",
        "'a'",
        "\"a\"",
        "1 && 2",
        "1 || 2",
        "1 =< 2",
        "1 => 2",
        "1 <=> 2",
        "CASE WHEN 1 THEN 2 ELSE 3 END END",
        "random(1, 2) + pi",
        "e1",
        "1e",
        "1 + e5",
        "(",
        ")",
        ",",
        "random(,)",
        "'a'b'",
        "x\"y",
        "1 + 2 3 99999999999999999999 $",
        "foo(1) $ 99999999999999999999",
        "case when then end",
        "1 IS NOT NOT NULL",
        "NULLIF(1)",
        "sqrt(1, 2)",
        "random_zipfian(1, 2)",
        "_x(1)",
        "1 :a",
        ":a :b",
        "power(1)",
        "HASH(1, 2, 3)",
        "1 +\t*",
        // run-time errors
        "9223372036854775807 + 1",
        "-9223372036854775808 - 1",
        "9223372036854775807 * 2",
        "-9223372036854775808 * -1",
        "1 / 0",
        "1 % 0",
        "mod(1, 0)",
        "-9223372036854775808 / -1",
        "int(1e30)",
        "int(0.0 / 0)",
        "int(-(0.0 / 0))",
        "int(9223372036854775807 * 1.0)",
        "int(-1e19)",
        "true + 1",
        "true + 1.5",
        "1 and true",
        "true and 1.5",
        "not 1",
        "sqrt(false)",
        "random(5, 1)",
        "random(-9223372036854775808, 9223372036854775807)",
        "random(0, 9223372036854775807)",
        "random_gaussian(1, 10, 1.5)",
        "random_zipfian(1, 10, 1)",
        "random_zipfian(1, 10, 1001)",
        "random_exponential(1, 10, 0)",
        "random_exponential(1, 10, -1.5)",
        "permute(1, 0)",
        "permute(1, -5, 3)",
        "greatest(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)",
        "least(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 1 / 0)",
        ":undefined_variable",
        ":s_bad",
        ":s_big",
        ":s_plus",
        ":s_space",
        ":s_hex",
        ":s_trailing",
        ":s_huge",
        "1 + :s_yes",
        "true < false",
        "1 << true",
        "least(1, true)",
        "least(1.5, true)",
        "hash(true)",
        "hash(1, 1.5e30)",
        "pow(true, 1)",
        "case when 1 then 1 / 0 end",
        "debug(1) + 9223372036854775807",
        "-(-9223372036854775808)",
        "1 # true",
        "false or 2",
        "random(1, 2.5e19)",
        "random_gaussian(1, 2, true)",
        "permute(1, 2, true)",
        "debug(1, 2)",
        "random(true, 2)",
        "random(1, NULL) + 1 / 0",
        "1.5 and true"
      })
  void failsLikePgbench(String expression) throws Exception {
    List<String> options = new ArrayList<>(List.of("-t", "1", "--random-seed=5432"));
    DEFINES.forEach((k, v) -> options.add("-D" + k + "=" + v));
    List<String> stderr =
        new RealPgbench(DATABASE.get(), directory)
            .run(PREFIX + expression + "\n", options.toArray(String[]::new));

    for (int i = 0; i < stderr.size(); i++) {
      Matcher parse = PARSE_ERROR.matcher(stderr.get(i));
      if (parse.find()) {
        int caret = stderr.get(i + 2).indexOf('^') - PREFIX.length();
        ExpressionSyntaxException e =
            catchThrowableOfType(
                () -> Expression.parse(expression), ExpressionSyntaxException.class);
        assertThat(e).as("pgbench: %s", stderr).isNotNull();
        assertThat(e.getMessage()).isEqualTo(parse.group(1));
        assertThat(e.position()).as("caret").isEqualTo(caret);
        return;
      }
      if (stderr.get(i).contains("aborted in command 0 (set)")) {
        String previous = stderr.get(i - 1);
        String message =
            previous.startsWith("pgbench: error: ") && !previous.contains("setting random seed")
                ? previous.substring("pgbench: error: ".length())
                : "";
        assertThat(evaluationError(expression)).as("pgbench: %s", stderr).isEqualTo(message);
        return;
      }
    }
    throw new AssertionError("pgbench did not fail: " + stderr);
  }

  private static String evaluationError(String expression) throws Exception {
    Variables variables = new Variables();
    DEFINES.forEach(variables::putString);
    variables.putInt("default_seed", 1);
    ExpressionEvaluator evaluator =
        new ExpressionEvaluator(
            variables,
            Prng.seeded(1),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    Expression parsed = Expression.parse(expression);
    EvaluationException e =
        catchThrowableOfType(() -> evaluator.set("x", parsed, 0, 0), EvaluationException.class);
    assertThat(e).as("no evaluation error for %s", expression).isNotNull();
    return e.getMessage();
  }
}
