package io.github.pgperf.junit;

import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Tps and latency by clients, the table pgbench write-ups show: one row per run, ordered by clients
 * (runs with the same clients keep their order). pgperf prints it at the end of a test class for
 * every test method whose runs used more than one client count (a {@link ClientSweep}, or a
 * parameterized test with an injected {@link LoadRunner}); {@link #of} makes one from any results,
 * for example those a test collected itself.
 *
 * <pre>
 * pgperf: SelectTest.byClients: &lt;builtin: select only&gt;, tps and latency by clients
 * clients  threads          tps  lat avg ms  lat p50 ms  lat p99 ms    failed
 *       1        1       2210.4       0.451       0.433       0.902         0
 *       2        1       3954.0       0.504       0.480       1.101         0
 * </pre>
 *
 * @param title what was swept, printed above the rows
 * @param rows one per run, ordered by clients
 */
record SweepTable(String title, List<Row> rows) {

  /**
   * One run's figures.
   *
   * @param label the run's label, {@code null} for none
   * @param clients {@code -c}
   * @param threads {@code -j}
   * @param tps processed transactions per second of benchmark time
   * @param latencyAvgMillis mean latency of processed transactions; NaN when none
   * @param latencyP50Millis median latency; NaN when none
   * @param latencyP99Millis 99th percentile latency; NaN when none
   * @param failed failed transactions
   * @param aborted whether a client aborted, so the figures are incomplete
   */
  public record Row(
      String label,
      int clients,
      int threads,
      double tps,
      double latencyAvgMillis,
      double latencyP50Millis,
      double latencyP99Millis,
      long failed,
      boolean aborted) {

    /** The figures of a run's totals. */
    public static Row of(RunResult run) {
      Latencies l = run.total().latency();
      boolean none = l.count() == 0;
      return new Row(
          run.settings().label(),
          run.settings().clients(),
          run.settings().threads(),
          run.tps(),
          none ? Double.NaN : l.meanMicros() / 1e3,
          none ? Double.NaN : l.percentileMicros(50) / 1e3,
          none ? Double.NaN : l.percentileMicros(99) / 1e3,
          run.totalCounts().failed(),
          run.aborted());
    }
  }

  private static final String HEADER =
      "clients  threads          tps  lat avg ms  lat p50 ms  lat p99 ms    failed";

  public SweepTable {
    Objects.requireNonNull(title, "title");
    rows = List.copyOf(rows);
  }

  /** The table of these runs, titled {@code title} and the runs' transaction type. */
  public static SweepTable of(String title, List<RunResult> runs) {
    List<Row> rows = new ArrayList<>(runs.stream().map(Row::of).toList());
    rows.sort(Comparator.comparingInt(Row::clients));
    String type =
        runs.stream()
            .map(r -> r.settings().transactionType())
            .distinct()
            .reduce((a, b) -> a + ", " + b)
            .orElse("no runs");
    return new SweepTable(title + ": " + type + ", tps and latency by clients", rows);
  }

  /** The table as printed: the title, a header and one line per row, in fixed-width columns. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add("pgperf: " + title);
    lines.add(HEADER);
    for (Row r : rows) {
      lines.add(
          String.format(
              Locale.ROOT,
              "%7d  %7d  %11.1f  %10s  %10s  %10s  %8d%s",
              r.clients(),
              r.threads(),
              r.tps(),
              millis(r.latencyAvgMillis()),
              millis(r.latencyP50Millis()),
              millis(r.latencyP99Millis()),
              r.failed(),
              r.aborted() ? "  aborted" : ""));
    }
    return lines;
  }

  @Override
  public String toString() {
    return String.join(System.lineSeparator(), lines());
  }

  private static String millis(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.3f", value);
  }
}
