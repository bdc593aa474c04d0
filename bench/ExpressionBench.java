import com.sun.management.ThreadMXBean;
import io.github.pgperf.internal.script.Expression;
import io.github.pgperf.internal.script.ExpressionEvaluator;
import io.github.pgperf.internal.script.SeedPlan;
import io.github.pgperf.internal.script.Variables;
import java.lang.management.ManagementFactory;

/**
 * Plain-loop benchmark of evaluating the four {@code \set} lines of pgbench's tpcb-like script, as
 * a client does once per transaction: nanoseconds and allocated bytes per transaction.
 *
 * <p>Run from the worktree root after {@code mvn -q compile -pl engine -am}:
 *
 * <pre>
 * java -XX:+UseSerialGC -cp engine/target/classes bench/ExpressionBench.java
 * </pre>
 */
public class ExpressionBench {

  private static final String[][] TPCB_LIKE = {
    {"aid", "random(1, 100000 * :scale)"},
    {"bid", "random(1, 1 * :scale)"},
    {"tid", "random(1, 10 * :scale)"},
    {"delta", "random(-5000, 5000)"},
  };

  public static void main(String[] args) throws Exception {
    int transactions = args.length > 0 ? Integer.parseInt(args[0]) : 5_000_000;
    String[] names = new String[TPCB_LIKE.length];
    Expression[] expressions = new Expression[TPCB_LIKE.length];
    for (int i = 0; i < TPCB_LIKE.length; i++) {
      names[i] = TPCB_LIKE[i][0];
      expressions[i] = Expression.parse(TPCB_LIKE[i][1]);
    }
    Variables variables = new Variables();
    variables.putInt("scale", 10);
    SeedPlan plan = SeedPlan.draw(5432, 1, false, 1);
    ExpressionEvaluator evaluator = new ExpressionEvaluator(variables, plan.client(0), System.err);

    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    long checksum = 0;
    for (int round = 0; round < 5; round++) {
      long bytesBefore = threads.getThreadAllocatedBytes(thread);
      long start = System.nanoTime();
      for (int t = 0; t < transactions; t++) {
        for (int c = 0; c < expressions.length; c++) {
          evaluator.set(names[c], expressions[c], 0, c);
        }
        checksum += evaluator.intValue();
      }
      long elapsed = System.nanoTime() - start;
      long bytes = threads.getThreadAllocatedBytes(thread) - bytesBefore;
      System.out.printf(
          "round %d: %.1f ns per transaction (4 \\set lines), %.4f bytes allocated per transaction%n",
          round, (double) elapsed / transactions, (double) bytes / transactions);
    }
    System.out.println("checksum " + checksum + ", last aid " + variables.text("aid"));
  }
}
