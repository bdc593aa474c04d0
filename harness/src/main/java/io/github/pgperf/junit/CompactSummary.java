package io.github.pgperf.junit;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The few lines a test prints after each load run, in pgbench's words: what ran, how many clients,
 * what happened, latency and tps. The full report is in the result file.
 */
final class CompactSummary {

  private CompactSummary() {}

  static List<String> lines(String title, RunResult run) {
    RunSettings w = run.settings();
    Counts c = run.total().counts();
    Latencies l = run.total().latency();
    List<String> lines = new ArrayList<>();
    lines.add("pgperf: " + title);
    lines.add("transaction type: " + w.transactionType());
    lines.add(
        "number of clients: "
            + w.clients()
            + ", threads: "
            + w.threads()
            + ", "
            + (w.length() instanceof RunLength.Timed t
                ? "duration: " + t.seconds() + " s"
                : "transactions per client: " + ((RunLength.PerClient) w.length()).transactions()));
    long total = c.total();
    lines.add(
        String.format(
            Locale.ROOT,
            "number of transactions actually processed: %d, failed: %d (%.3f%%)",
            c.processed(),
            c.failed(),
            total == 0 ? 0.0 : 100.0 * c.failed() / total));
    lines.add(
        l.count() == 0
            ? "latency: none measured"
            : String.format(
                Locale.ROOT,
                "latency avg/p50/p99/max = %.3f/%.3f/%.3f/%.3f ms",
                l.meanMicros() / 1e3,
                l.percentileMicros(50) / 1e3,
                l.percentileMicros(99) / 1e3,
                l.maxMicros() / 1e3));
    lines.add(String.format(Locale.ROOT, "tps = %f (without initial connection time)", run.tps()));
    if (run.aborted()) {
      lines.add("Run was aborted; the above results are incomplete.");
    }
    return lines;
  }
}
