package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random, mutated and truncated expression texts: parsing either succeeds or throws {@link
 * ExpressionSyntaxException} with a position inside the text, and evaluating what parsed either
 * succeeds or throws {@link EvaluationException}; nothing else, and quickly.
 */
class ExpressionFuzzTest {

  private static final List<String> TOKENS =
      List.of(
          "1",
          "0",
          "-1",
          "2.5",
          ".5",
          "1e3",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775808",
          "NULL",
          "true",
          "false",
          ":a",
          ":b",
          ":undefined",
          "+",
          "-",
          "*",
          "/",
          "%",
          "=",
          "<>",
          "!=",
          "<",
          "<=",
          ">",
          ">=",
          "<<",
          ">>",
          "|",
          "&",
          "#",
          "~",
          "(",
          ")",
          ",",
          "and",
          "or",
          "not",
          "is",
          "isnull",
          "notnull",
          "case",
          "when",
          "then",
          "else",
          "end",
          "abs(",
          "debug(",
          "double(",
          "exp(",
          "greatest(",
          "hash(",
          "hash_fnv1a(",
          "hash_murmur2(",
          "int(",
          "least(",
          "ln(",
          "mod(",
          "permute(",
          "pi(",
          "pow(",
          "power(",
          "random(",
          "random_exponential(",
          "random_gaussian(",
          "random_zipfian(",
          "sqrt(",
          "foo(",
          "$",
          "'",
          "\"",
          "\\\n",
          "\t",
          "@",
          "!",
          ":",
          ".",
          "é",
          "1.2.3",
          "0x10");

  private static final List<String> VALID =
      List.of(
          "random(1, 100000 * :a)",
          "case when :a > 1 then random_zipfian(1, 10, 1.5) else hash(:b, 3) end",
          "greatest(1, 2.5, least(3, :a)) + permute(:a, 10) # ~5 << 2",
          "not (:a isnull) and :b is not null or 1 < 2",
          "pow(2, 10) / sqrt(16) - ln(exp(1)) * pi() % 3",
          "debug(random_gaussian(1, 10, 2.5) + random_exponential(1, 10, 1.5))");

  @Test
  void randomTokenSequencesParseOrFailCleanly() {
    Random random = new Random(20261130);
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (int i = 0; i < 50_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = 1 + random.nextInt(12);
            for (int t = 0; t < length; t++) {
              text.append(TOKENS.get(random.nextInt(TOKENS.size())));
              if (random.nextBoolean()) {
                text.append(' ');
              }
            }
            check(text.toString());
          }
        });
  }

  @Test
  void randomCharactersParseOrFailCleanly() {
    Random random = new Random(42);
    String alphabet = "0123456789.eE+-*/%=<>!|&#~(),:abcdeilnorstuwx _\t\\\n'\"$é";
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (int i = 0; i < 50_000; i++) {
            char[] chars = new char[random.nextInt(20)];
            for (int c = 0; c < chars.length; c++) {
              chars[c] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            check(new String(chars));
          }
        });
  }

  @Test
  void truncatedAndMutatedExpressionsParseOrFailCleanly() {
    Random random = new Random(7);
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (String valid : VALID) {
            assertThat(check(valid)).as(valid).isTrue();
            for (int end = 0; end < valid.length(); end++) {
              check(valid.substring(0, end));
            }
            for (int i = 0; i < 2_000; i++) {
              StringBuilder mutated = new StringBuilder(valid);
              int at = random.nextInt(mutated.length());
              switch (random.nextInt(3)) {
                case 0:
                  mutated.deleteCharAt(at);
                  break;
                case 1:
                  mutated.insert(at, TOKENS.get(random.nextInt(TOKENS.size())));
                  break;
                default:
                  mutated.setCharAt(at, valid.charAt(random.nextInt(valid.length())));
              }
              check(mutated.toString());
            }
          }
        });
  }

  @Test
  void deepNestingIsRefusedWithAMessage() {
    for (String deep :
        List.of(
            "(".repeat(100_000) + "1" + ")".repeat(100_000),
            "-".repeat(100_000) + "1",
            String.join("+", java.util.Collections.nCopies(100_000, "1")),
            "abs(".repeat(50_000) + "1" + ")".repeat(50_000))) {
      assertTimeoutPreemptively(Duration.ofSeconds(30), () -> check(deep));
    }
  }

  @Test
  void deepestAcceptedExpressionsRunOnASmallStack() throws Exception {
    int depth = ExpressionParser.MAX_DEPTH - 6;
    List<String> deepest =
        List.of(
            "abs(".repeat(depth) + "1" + ")".repeat(depth),
            "(".repeat(depth) + "1" + ")".repeat(depth),
            String.join(" + ", java.util.Collections.nCopies(depth, "1")),
            "-".repeat(depth) + "1");
    List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    // Half the usual 1 MB thread stack (the JVM keeps part of it for guard pages), interpreted
    // and then compiled.
    Thread small =
        new Thread(
            null,
            () -> {
              for (int round = 0; round < 2_000; round++) {
                for (String text : deepest) {
                  try {
                    if (!check(text)) {
                      failures.add("refused: " + text.substring(0, 10));
                    }
                  } catch (Throwable e) {
                    failures.add(e.toString());
                    return;
                  }
                }
              }
            },
            "small-stack",
            512 * 1024);
    small.start();
    small.join(120_000);
    assertThat(failures).isEmpty();
  }

  /** Parses and, when that works, evaluates; returns whether the text parsed. */
  private static boolean check(String text) {
    Expression expression;
    try {
      expression = Expression.parse(text);
    } catch (ExpressionSyntaxException e) {
      assertThat(e.getMessage()).as(text).isNotBlank();
      assertThat(e.position()).as(text).isBetween(0, text.length());
      return false;
    }
    Variables variables = new Variables();
    variables.putInt("a", 3);
    variables.putString("b", "2.5");
    variables.putInt("default_seed", 11);
    ExpressionEvaluator evaluator =
        new ExpressionEvaluator(
            variables,
            Prng.seeded(1),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    try {
      evaluator.set("x", expression, 0, 0);
      assertThat(variables.text("x")).as(text).isNotNull();
    } catch (EvaluationException e) {
      assertThat(e.getMessage()).as(text).isNotNull();
    }
    return true;
  }
}
