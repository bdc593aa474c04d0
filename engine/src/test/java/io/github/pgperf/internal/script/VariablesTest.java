package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VariablesTest {

  private final Variables variables = new Variables();

  @ParameterizedTest
  @ValueSource(strings = {"a", "_x1", "aid", "é", "client_id", "A9_"})
  void validNames(String name) {
    assertThat(Variables.isValidName(name)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "1a", "a-b", "a b", "a:b", "$x"})
  void invalidNames(String name) {
    assertThat(Variables.isValidName(name)).isFalse();
    assertThatThrownBy(() -> variables.putString(name, "1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("invalid variable name: \"" + name + "\"");
  }

  @Test
  void textForms() {
    variables.putString("s", " 42 ");
    variables.putInt("i", -9223372036854775808L);
    variables.putDouble("d", 1e15);
    variables.putDouble("e", 0.1 + 0.2);
    variables.putBoolean("b", false);
    variables.putNull("n");
    assertThat(variables.text("s")).isEqualTo(" 42 ");
    assertThat(variables.text("i")).isEqualTo("-9223372036854775808");
    assertThat(variables.text("d")).isEqualTo("1e+15");
    assertThat(variables.text("e")).isEqualTo("0.3");
    assertThat(variables.text("b")).isEqualTo("false");
    assertThat(variables.text("n")).isEqualTo("NULL");
    assertThat(variables.text("undefined")).isNull();
    assertThat(variables.isDefined("s")).isTrue();
    assertThat(variables.isDefined("undefined")).isFalse();
  }

  @Test
  void setReplacesAStringAndItsText() throws Exception {
    variables.putString("v", "abc");
    evaluator().set("v", Expression.parse("1.0 / 4"), 0, 0);
    assertThat(variables.text("v")).isEqualTo("0.25");
    variables.putString("v", "7");
    evaluator().set("w", Expression.parse(":v * 2"), 0, 0);
    assertThat(variables.text("w")).isEqualTo("14");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "abc|malformed variable \"v\" value: \"abc\"",
        "1.5x|malformed variable \"v\" value: \"1.5x\"",
        "99999999999999999999|value \"99999999999999999999\" is out of range for type bigint",
        "+|invalid input syntax for type bigint: \"+\"",
      })
  void stringsPgbenchCannotType(String value, String message) throws Exception {
    variables.putString("v", value);
    assertThatThrownBy(() -> evaluator().set("x", Expression.parse(":v"), 0, 0))
        .isInstanceOf(EvaluationException.class)
        .hasMessage(message);
  }

  @ParameterizedTest
  @CsvSource({
    "y,true",
    "YES,true",
    "on,true",
    "t,true",
    "tr,true",
    "f,false",
    "no,false",
    "OFF,false",
    "of,false",
    "n,false",
    "null,NULL",
    "' -7',-7",
    "1e3,1000",
    "-inf,-Infinity",
    "0x10,16"
  })
  void stringsAreTypedAsPgbenchTypesThem(String value, String text) throws Exception {
    variables.putString("v", value);
    evaluator().set("x", Expression.parse(":v"), 0, 0);
    assertThat(variables.text("x")).isEqualTo(text);
  }

  @Test
  void setUnderAnInvalidNameFailsAsAnAssignmentAfterEvaluating() throws Exception {
    ByteArrayOutputStream debug = new ByteArrayOutputStream();
    ExpressionEvaluator evaluator =
        new ExpressionEvaluator(
            variables, Prng.seeded(0), new PrintStream(debug, true, StandardCharsets.UTF_8));
    EvaluationException e =
        org.assertj.core.api.Assertions.catchThrowableOfType(
            () -> evaluator.set("1x", Expression.parse("debug(1)"), 0, 0),
            EvaluationException.class);
    // pgbench 15: "set: invalid variable name: "1x"", then "...; assignment of meta-command
    // failed".
    assertThat(e.getMessage()).isEqualTo("set: invalid variable name: \"1x\"");
    assertThat(e.isAssignment()).isTrue();
    assertThat(debug.toString(StandardCharsets.UTF_8)).startsWith("debug(script=0,command=1)");
  }

  @Test
  void conditionsAreTrueAsPgbenchSeesThem() throws Exception {
    ExpressionEvaluator evaluator = evaluator();
    assertThat(evaluator.test(Expression.parse("NULL"), 0, 0)).isFalse();
    assertThat(evaluator.test(Expression.parse("0.0"), 0, 0)).isFalse();
    assertThat(evaluator.test(Expression.parse("0"), 0, 0)).isFalse();
    assertThat(evaluator.test(Expression.parse("-2"), 0, 0)).isTrue();
    assertThat(evaluator.test(Expression.parse("0.5"), 0, 0)).isTrue();
    assertThat(evaluator.test(Expression.parse("1 = 1"), 0, 0)).isTrue();
    assertThat(evaluator.test(Expression.parse("false"), 0, 0)).isFalse();
  }

  @Test
  void emptyStringFailsWithoutAMessageOfItsOwn() {
    variables.putString("v", "");
    assertThatThrownBy(() -> evaluator().set("x", Expression.parse(":v"), 0, 0))
        .isInstanceOf(EvaluationException.class)
        .hasMessage("");
  }

  @ParameterizedTest
  @CsvSource({
    "123456789.123456789,123456789.123457",
    "0.00001,1e-05",
    "1e100,1e+100",
    "-2.5,-2.5",
    "100000000000000000000.0,1e+20",
    "999999999999999.4,999999999999999",
    "0.0001,0.0001",
    "4.9e-324,4.94065645841247e-324"
  })
  void doublesPrintAsPercentPointFifteenG(double value, String text) {
    assertThat(CNumbers.formatG15(value)).isEqualTo(text);
  }

  private ExpressionEvaluator evaluator() {
    return new ExpressionEvaluator(
        variables,
        Prng.seeded(0),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }
}
