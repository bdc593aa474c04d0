package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Parse results and parse errors. The expected messages and caret positions were read from real
 * pgbench 15 ({@code \set i <text>}: caret column minus 7).
 */
class ExpressionParseTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "1 +|syntax error|3",
        "random(1)|unexpected number of arguments (random)|8",
        "'  1 +   '|syntax error|8",
        "foo(1)|unexpected function name (foo)|2",
        "1 $ 2|unexpected character ($)|2",
        "99999999999999999999|bigint constant overflow (99999999999999999999)|19",
        "1e999|double constant overflow (1e999)|4",
        "1e-400|double constant overflow (1e-400)|5",
        "hash()|unexpected number of arguments (hash)|5",
        "least()|at least one argument expected (least)|6",
        "(1|syntax error|2",
        "1)|syntax error|1",
        "case when 1 then 2|syntax error|18",
        ":|unexpected character (:)|0",
        "1 2|syntax error|2",
      })
  void reportsPgbenchMessageAndCaret(String text, String message, int position) {
    ExpressionSyntaxException e =
        catchThrowableOfType(() -> Expression.parse(text), ExpressionSyntaxException.class);
    assertThat(e).as(text).isNotNull();
    assertThat(e.getMessage()).isEqualTo(message);
    assertThat(e.position()).isEqualTo(position);
  }

  @Test
  void greaterThanSwapsOperandsAsPgbenchDoes() throws Exception {
    Expression e = Expression.parse("1 > 2");
    assertThat(e)
        .isEqualTo(new FunctionCall(Function.LT, List.of(Literal.ofInt(2), Literal.ofInt(1))));
  }

  @Test
  void minimumIntegerOnlyAfterUnaryMinus() throws Exception {
    assertThat(Expression.parse("-9223372036854775808")).isEqualTo(Literal.ofInt(Long.MIN_VALUE));
    assertThat(
            catchThrowableOfType(
                () -> Expression.parse("9223372036854775808"), ExpressionSyntaxException.class))
        .hasMessage("syntax error");
  }

  @Test
  void hashWithoutSeedUsesDefaultSeed() throws Exception {
    FunctionCall call = (FunctionCall) Expression.parse("HASH(:x)");
    assertThat(call.function()).isEqualTo(Function.HASH_MURMUR2);
    assertThat(call.arguments())
        .containsExactly(new VariableReference("x"), new VariableReference("default_seed"));
  }

  @Test
  void comparisonsDoNotChain() {
    ExpressionSyntaxException e =
        catchThrowableOfType(() -> Expression.parse("1 < 2 < 3"), ExpressionSyntaxException.class);
    assertThat(e.position()).isEqualTo(6);
  }
}
