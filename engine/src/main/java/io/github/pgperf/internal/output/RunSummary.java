package io.github.pgperf.internal.output;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.Stats;

/**
 * A one-line summary of a run for messages that judge it (failed assertions, reports): what ran and
 * how, what happened, tps and latency. For example:
 *
 * <pre>
 * &lt;builtin: select only&gt; "nightly", 4 clients, 2 threads, 10 s: 4123 processed, 3 failed,
 * 0 skipped in 10.001 s; tps 412.259; latency p50 1.2 ms, p99 8.4 ms, max 20.1 ms
 * </pre>
 *
 * <p>It names no server, user or database (and a result holds no password), so it can go into any
 * log or report.
 */
public final class RunSummary {

  private RunSummary() {}

  /** The summary of {@code run}'s totals over all its scripts. */
  public static String of(RunResult run) {
    RunSettings w = run.settings();
    StringBuilder s = new StringBuilder(w.transactionType());
    if (w.label() != null) {
      s.append(" \"").append(w.label()).append('"');
    }
    s.append(", ")
        .append(w.clients())
        .append(w.clients() == 1 ? " client, " : " clients, ")
        .append(w.threads())
        .append(w.threads() == 1 ? " thread, " : " threads, ")
        .append(length(w.length()));
    if (w.rate() > 0) {
      s.append(", rate ").append(Figures.plain(w.rate())).append(" tps");
    }
    Stats total = run.total();
    Counts c = total.counts();
    s.append(": ")
        .append(c.processed())
        .append(" processed, ")
        .append(c.failed())
        .append(" failed, ")
        .append(c.skipped())
        .append(" skipped in ")
        .append(Figures.decimal(run.benchSeconds(), 3))
        .append(" s; tps ")
        .append(Figures.decimal(run.tps(), 3))
        .append("; latency ");
    Latencies l = total.latency();
    if (l.count() == 0) {
      s.append("none");
    } else {
      s.append("p50 ")
          .append(millis(l.percentileMicros(50)))
          .append(", p99 ")
          .append(millis(l.percentileMicros(99)))
          .append(", max ")
          .append(millis(l.maxMicros()));
    }
    if (run.aborted()) {
      s.append("; ABORTED, figures incomplete");
    }
    return s.toString();
  }

  private static String length(RunLength length) {
    if (length instanceof RunLength.Timed t) {
      return t.seconds() + " s";
    }
    return ((RunLength.PerClient) length).transactions() + " transactions per client";
  }

  private static String millis(long micros) {
    return Figures.decimal(micros / 1e3, 3) + " ms";
  }
}
