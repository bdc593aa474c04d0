import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * What capturing the server's work costs inside the measured window (the wait sampler, every 10 ms;
 * the snapshots are outside it): select-only, -M prepared, CLIENTS clients on 2 threads, PAIRS
 * pairs of SECONDS-second runs in one JVM (warm: no JVM start or JIT in the figures), with and
 * without the capture, in the order A B B A, so that a machine getting busier or quieter weighs on
 * both alike. Prints each pair and the median and mean of the ratios on/off, and the median of how
 * much longer (wall time) a run with the capture took.
 *
 * <pre>
 * java -cp cli/target/pgperf.jar bench/ServerCountersBench.java jdbc-url seconds pairs clients
 * </pre>
 */
public class ServerCountersBench {

  public static void main(String[] args) throws Exception {
    String url = args[0];
    int seconds = Integer.parseInt(args[1]);
    int pairs = Integer.parseInt(args[2]);
    int clients = Integer.parseInt(args[3]);
    Workload workload = Workload.of(BuiltinScript.SELECT_ONLY.script(), QueryMode.PREPARED);
    RunOptions options =
        RunOptions.builder()
            .clients(clients)
            .threads(2)
            .durationSeconds(seconds)
            .queryMode(QueryMode.PREPARED)
            .vacuum(VacuumMode.NONE)
            .build();
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
    // One run each to warm the JVM up.
    run(url, workload, options, quiet, CaptureSettings.OFF);
    run(url, workload, options, quiet, CaptureSettings.defaults());
    List<Double> ratios = new ArrayList<>();
    List<Double> extra = new ArrayList<>();
    for (int i = 1; i <= pairs; i++) {
      double[] off;
      double[] on;
      if (i % 2 == 1) {
        off = run(url, workload, options, quiet, CaptureSettings.OFF);
        on = run(url, workload, options, quiet, CaptureSettings.defaults());
      } else {
        on = run(url, workload, options, quiet, CaptureSettings.defaults());
        off = run(url, workload, options, quiet, CaptureSettings.OFF);
      }
      ratios.add(on[0] / off[0]);
      extra.add(on[1] - off[1]);
      System.out.printf(
          Locale.ROOT,
          "pair %d: off %.0f tps, on %.0f tps, ratio %.4f;" + " run length on - off %.1f ms%n",
          i,
          off[0],
          on[0],
          on[0] / off[0],
          on[1] - off[1]);
    }
    double mean = ratios.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    System.out.printf(
        Locale.ROOT,
        "ratio on/off over %d pairs: median %.4f, mean %.4f;"
            + " run length on - off: median %.1f ms%n",
        pairs,
        median(ratios),
        mean,
        median(extra));
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.size() % 2 == 1
        ? sorted.get(sorted.size() / 2)
        : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
  }

  /** One run: its tps and its wall time in ms. */
  private static double[] run(
      String url, Workload workload, RunOptions options, PrintStream err, CaptureSettings capture)
      throws Exception {
    long start = System.nanoTime();
    RunResult r =
        new Runner(() -> DriverManager.getConnection(url), err, capture).run(workload, options);
    double millis = (System.nanoTime() - start) / 1e6;
    if (capture.enabled() && r.serverWork().waits() == null) {
      throw new IllegalStateException("no wait sampling: " + r.serverWork().unavailable());
    }
    return new double[] {r.tps(), millis};
  }
}
