package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The hot path: evaluating tpcb-like's {@code \set} lines allocates nothing per transaction. */
class EvaluationAllocationTest {

  @Test
  void tpcbLikeSetLinesAllocateNothingPerTransaction() throws Exception {
    String[] names = {"aid", "bid", "tid", "delta", "mixed"};
    Expression[] expressions = {
      Expression.parse("random(1, 100000 * :scale)"),
      Expression.parse("random(1, 1 * :scale)"),
      Expression.parse("random(1, 10 * :scale)"),
      Expression.parse("random(-5000, 5000)"),
      // Doubles, booleans, laziness and the other distributions take the same path.
      Expression.parse(
          "case when :aid > 50 and :bid isnull is false then random_zipfian(1, 100, 1.1) "
              + "else greatest(:tid, 2.5, random_gaussian(1, 10, 2.5)) end + hash(:delta)"),
    };
    Variables variables = new Variables();
    variables.putInt("scale", 10);
    variables.putString("default_seed", "12345");
    ExpressionEvaluator evaluator =
        new ExpressionEvaluator(
            variables,
            Prng.seeded(5432),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();

    run(evaluator, names, expressions, 20_000);
    long before = threads.getThreadAllocatedBytes(thread);
    int transactions = 200_000;
    run(evaluator, names, expressions, transactions);
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertThat((double) allocated / transactions).isLessThan(0.05);
  }

  private static void run(
      ExpressionEvaluator evaluator, String[] names, Expression[] expressions, int transactions)
      throws EvaluationException {
    for (int t = 0; t < transactions; t++) {
      for (int c = 0; c < expressions.length; c++) {
        evaluator.set(names[c], expressions[c], 0, c);
      }
    }
  }
}
