package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The golden values of pgbench's own tests (reference sheet section 3.5), which real pgbench 15 on
 * this machine reproduces too.
 */
class GoldenValuesTest {

  private final ByteArrayOutputStream debugOutput = new ByteArrayOutputStream();
  private final SeedPlan plan = SeedPlan.draw(5432, 1, false, 1);
  private final Variables variables = new Variables();
  private final ExpressionEvaluator evaluator =
      new ExpressionEvaluator(
          variables, plan.client(0), new PrintStream(debugOutput, true, StandardCharsets.UTF_8));

  private long evaluate(String expression) throws Exception {
    evaluator.set("x", Expression.parse(expression), 0, 0);
    assertThat(evaluator.type()).isEqualTo(ValueType.INT);
    return evaluator.intValue();
  }

  @Test
  void hashes() throws Exception {
    assertThat(evaluate("hash(10, 5432)")).isEqualTo(-5817877081768721676L);
    assertThat(evaluate("hash_murmur2(10, 5432)")).isEqualTo(-5817877081768721676L);
    assertThat(evaluate("hash_fnv1a(10, 5432)")).isEqualTo(-7793829335365542153L);
  }

  @ParameterizedTest
  @CsvSource({"0,2,5431,0", "1,2,5431,1", "0,2,5433,1", "1,2,5433,0"})
  void permuteOfTwo(long value, long size, long seed, long expected) throws Exception {
    assertThat(evaluate("permute(" + value + ", " + size + ", " + seed + ")")).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "1,520382784483822430",
    "2,1143715004660802862",
    "3,447293596416496998",
    "4,916527772266572956",
    "5,2763809008686028849",
    "6,8648551549198294572",
    "7,4542876852200565125"
  })
  void permuteOfHugeSize(long back, long expected) throws Exception {
    variables.putInt("size", Long.MAX_VALUE - 10);
    assertThat(evaluate("permute(:size - " + back + ", :size, 5432)")).isEqualTo(expected);
  }

  @Test
  void seededDrawsOfClientZero() throws Exception {
    assertThat(evaluate("random(10, 19)")).isEqualTo(17);
    assertThat(evaluate("random_exponential(100, 199, 10.0)")).isEqualTo(104);
    assertThat(evaluate("random_gaussian(1000, 1999, 10.0)")).isEqualTo(1498);
    assertThat(evaluate("random_zipfian(1, 9, 1.3)")).isEqualTo(3);
  }

  @Test
  void minimumIntegerLiteral() throws Exception {
    assertThat(evaluate("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void debugLineNamesScriptAndOneBasedCommand() throws Exception {
    evaluator.set("x", Expression.parse("debug(2.5)"), 1, 4);
    assertThat(debugOutput.toString(StandardCharsets.UTF_8))
        .isEqualTo("debug(script=1,command=5): double 2.5" + System.lineSeparator());
  }
}
