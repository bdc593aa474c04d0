package io.github.pgperf.internal.output;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ScriptResult;
import io.github.pgperf.result.StatementResult;
import io.github.pgperf.result.Stats;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The report pgbench 15 prints on stdout at the end of a run, line by line and number by number,
 * followed by pgperf's own lines (latency minimum, percentiles and maximum), so scripts that parse
 * pgbench's output read pgperf's unchanged.
 *
 * <p>The first line names pgperf the way pgbench names itself when client and server versions
 * differ: {@code pgperf (0.1.0, server 15.20 (Debian 15.20-0+deb12u1))}. A script that matches
 * {@code ^pgbench \(} on that line is the only kind that sees a difference; it is told the truth
 * rather than a pgbench version that did not run.
 */
public final class TextReport {

  /**
   * What pgbench prints on stderr after the report of an aborted run (after its program prefix).
   */
  public static final String ABORTED = "Run was aborted; the above results are incomplete.";

  private TextReport() {}

  /** Prints {@link #lines} to {@code out}. */
  public static void print(RunResult result, PrintStream out) {
    for (String line : lines(result)) {
      out.println(line);
    }
  }

  /** The version line, pgbench's lines and pgperf's lines. */
  public static List<String> lines(RunResult result) {
    List<String> lines = new ArrayList<>();
    lines.add(versionLine(result));
    lines.addAll(pgbenchLines(result));
    lines.addAll(pgperfLines(result));
    return lines;
  }

  /** {@code pgperf (<version>, server <server version>)}, or without the server when unknown. */
  public static String versionLine(RunResult result) {
    String version =
        result.clientMachines().isEmpty() ? "dev" : result.clientMachines().get(0).pgperfVersion();
    return result.server() == null
        ? "pgperf (" + version + ")"
        : "pgperf (" + version + ", server " + result.server().version() + ")";
  }

  /** The lines of pgbench 15's final report, from {@code transaction type:} on. */
  public static List<String> pgbenchLines(RunResult result) {
    RunSettings w = result.settings();
    Stats total = result.total();
    Counts c = total.counts();
    List<String> out = new ArrayList<>();
    out.add("transaction type: " + w.transactionType());
    out.add("scaling factor: " + w.scale());
    if (w.partitioning() != null) {
      out.add("partition method: " + w.partitioning().method());
      out.add("partitions: " + w.partitioning().count());
    }
    out.add("query mode: " + w.queryMode().optionName());
    out.add("number of clients: " + w.clients());
    out.add("number of threads: " + w.threads());
    if (w.maxTries() != 0) {
      out.add("maximum number of tries: " + w.maxTries());
    }
    if (w.length() instanceof RunLength.PerClient perClient) {
      out.add("number of transactions per client: " + perClient.transactions());
      out.add(
          "number of transactions actually processed: "
              + c.processed()
              + "/"
              + (long) perClient.transactions() * w.clients());
    } else if (w.length() instanceof RunLength.Timed timed) {
      out.add("duration: " + timed.seconds() + " s");
      out.add("number of transactions actually processed: " + c.processed());
    }
    addFailuresAndRetries(out, "", w, c);
    if (c.processed() + c.skipped() <= 0) {
      return out;
    }
    if (w.skipsLateTransactions()) {
      out.add("number of transactions skipped: " + countAndPercent(c.skipped(), c.total()));
    }
    if (w.latencyLimitMicros() > 0) {
      out.add(
          "number of transactions above the "
              + f(0.001 * w.latencyLimitMicros(), 1)
              + " ms latency limit: "
              + c.late()
              + "/"
              + c.processed()
              + " ("
              + f(100.0 * c.late() / c.processed(), 3)
              + "%)");
    }
    if (w.reportsMeasuredLatency()) {
      addAverageAndStddev(out, "latency", total.latency());
    } else {
      out.add(
          "latency average = "
              + f(result.derivedLatencyMillis(), 3)
              + " ms"
              + (c.failed() > 0 ? " (including failures)" : ""));
    }
    if (w.rate() > 0) {
      out.add(
          "rate limit schedule lag: avg "
              + f(0.001 * total.lag().sum() / c.processed(), 3)
              + " (max "
              + f(0.001 * total.lag().max(), 3)
              + ") ms");
    }
    if (w.connectPerTransaction()) {
      out.add("average connection time = " + f(result.averageConnectionMillis(), 3) + " ms");
      out.add("tps = " + f(result.tps(), 6) + " (including reconnection times)");
    } else {
      out.add(
          "initial connection time = " + f(0.001 * result.initialConnectionMicros(), 3) + " ms");
      out.add("tps = " + f(result.tps(), 6) + " (without initial connection time)");
    }
    boolean several = w.scripts().size() > 1;
    if (several || w.perStatement()) {
      for (int i = 0; i < result.scripts().size(); i++) {
        ScriptResult script = result.scripts().get(i);
        if (several) {
          addScriptFigures(out, result, i, c.processed());
        }
        if (w.perStatement()) {
          addStatements(out, w, script, several ? " - " : "");
        }
      }
    }
    return out;
  }

  /**
   * pgperf's lines after pgbench's: latency minimum, p50, p90, p95, p99, p99.9, p99.99 and maximum
   * of processed transactions in ms; none when no latency was recorded.
   */
  public static List<String> pgperfLines(RunResult result) {
    Latencies latency = result.total().latency();
    List<String> out = new ArrayList<>();
    if (latency.count() == 0) {
      return out;
    }
    out.add("latency min = " + f(0.001 * latency.minMicros(), 3) + " ms");
    for (double p : Latencies.REPORTED_PERCENTILES) {
      out.add(
          "latency p"
              + percentileName(p)
              + " = "
              + f(0.001 * latency.percentileMicros(p), 3)
              + " ms");
    }
    out.add("latency max = " + f(0.001 * latency.maxMicros(), 3) + " ms");
    return out;
  }

  /** {@code 99.9} for 99.9, {@code 50} for 50.0. */
  static String percentileName(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }

  private static void addScriptFigures(
      List<String> out, RunResult result, int i, long allProcessed) {
    RunSettings w = result.settings();
    ScriptResult script = result.scripts().get(i);
    Counts s = script.stats().counts();
    out.add("SQL script " + (i + 1) + ": " + script.name());
    out.add(
        " - weight: "
            + script.weight()
            + " (targets "
            + f(100.0 * script.weight() / w.totalWeight(), 1)
            + "% of total)");
    out.add(
        " - "
            + s.processed()
            + " transactions ("
            + f(100.0 * s.processed() / allProcessed, 1)
            + "% of total, tps = "
            + f(result.tps(i), 6)
            + ")");
    addFailuresAndRetries(out, " - ", w, s);
    if (w.skipsLateTransactions()) {
      out.add(" - number of transactions skipped: " + countAndPercent(s.skipped(), s.total()));
    }
    addAverageAndStddev(out, " - latency", script.stats().latency());
  }

  private static void addFailuresAndRetries(
      List<String> out, String prefix, RunSettings w, Counts c) {
    out.add(prefix + "number of failed transactions: " + countAndPercent(c.failed(), c.total()));
    if (w.failuresDetailed()) {
      out.add(
          prefix
              + "number of serialization failures: "
              + countAndPercent(c.serializationFailures(), c.total()));
      out.add(
          prefix
              + "number of deadlock failures: "
              + countAndPercent(c.deadlockFailures(), c.total()));
    }
    if (w.maxTries() != 1) {
      out.add(
          prefix + "number of transactions retried: " + countAndPercent(c.retried(), c.total()));
      out.add(prefix + "total number of retries: " + c.retries());
    }
  }

  private static void addStatements(
      List<String> out, RunSettings w, ScriptResult script, String prefix) {
    boolean retries = w.maxTries() != 1;
    out.add(
        prefix
            + "statement latencies in milliseconds"
            + (retries ? ", failures and retries" : " and failures")
            + ":");
    for (StatementResult st : script.statements()) {
      StringBuilder line = new StringBuilder("   ");
      line.append(pad(f(st.averageMillis(), 3), 11))
          .append("  ")
          .append(pad(Long.toString(st.failures()), 10));
      if (retries) {
        line.append("  ").append(pad(Long.toString(st.retries()), 10));
      }
      out.add(line.append("  ").append(st.command()).toString());
    }
  }

  /** pgbench prints average and stddev only when there is at least one latency. */
  private static void addAverageAndStddev(List<String> out, String prefix, Latencies latency) {
    if (latency.count() > 0) {
      out.add(prefix + " average = " + f(0.001 * latency.meanMicros(), 3) + " ms");
      out.add(prefix + " stddev = " + f(0.001 * latency.stddevMicros(), 3) + " ms");
    }
  }

  private static String countAndPercent(long count, long total) {
    return count + " (" + f(100.0 * count / total, 3) + "%)";
  }

  private static String f(double value, int decimals) {
    return CFloat.fixed(value, decimals);
  }

  private static String pad(String text, int width) {
    return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
  }
}
