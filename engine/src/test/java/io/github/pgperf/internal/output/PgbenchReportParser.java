package io.github.pgperf.internal.output;

import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.Moments;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunLength;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.RunSettings;
import io.github.pgperf.result.ScriptResult;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.StatementResult;
import io.github.pgperf.result.Stats;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * Test support: the workload pgbench options describe, and a {@link RunResult} holding the numbers
 * a real pgbench report printed, so the printer can be fed pgbench's own figures.
 */
final class PgbenchReportParser {

  private static final Map<String, String> BUILTINS =
      Map.of(
          "tpcb-like", "<builtin: TPC-B (sort of)>",
          "simple-update", "<builtin: simple update>",
          "select-only", "<builtin: select only>");

  private static final Pattern STATEMENT =
      Pattern.compile("^   \\s*([-\\d.]+|NaN)  \\s*(\\d+)(?:  \\s*(\\d+))?  (.*)$");

  private PgbenchReportParser() {}

  /** The workload of a pgbench command line (run options only). */
  static RunSettings workload(List<String> args, int scale, RunSettings.Partitioning partitioning) {
    List<RunSettings.Script> scripts = new ArrayList<>();
    int clients = 1;
    int threads = 1;
    RunLength length = new RunLength.PerClient(10);
    QueryMode mode = QueryMode.SIMPLE;
    double rate = 0;
    long limit = 0;
    int tries = 1;
    int progress = 0;
    boolean connect = false;
    boolean detailed = false;
    boolean perStatement = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      switch (a) {
        case "-c" -> clients = Integer.parseInt(args.get(++i));
        case "-j" -> threads = Integer.parseInt(args.get(++i));
        case "-t" -> length = new RunLength.PerClient(Integer.parseInt(args.get(++i)));
        case "-T" -> length = new RunLength.Timed(Integer.parseInt(args.get(++i)));
        case "-M" -> mode = QueryMode.valueOf(args.get(++i).toUpperCase());
        case "-R" -> rate = Double.parseDouble(args.get(++i));
        case "-L" -> limit = Math.round(Double.parseDouble(args.get(++i)) * 1000);
        case "-P" -> progress = Integer.parseInt(args.get(++i));
        case "-C" -> connect = true;
        case "-r" -> perStatement = true;
        case "-S" -> scripts.add(new RunSettings.Script(BUILTINS.get("select-only"), 1));
        case "--failures-detailed" -> detailed = true;
        case "-b", "-f" -> {
          String[] spec = args.get(++i).split("@");
          String name = a.equals("-b") ? BUILTINS.get(spec[0]) : spec[0];
          scripts.add(
              new RunSettings.Script(name, spec.length > 1 ? Integer.parseInt(spec[1]) : 1));
        }
        default -> {
          if (a.startsWith("--max-tries=")) {
            tries = Integer.parseInt(a.substring("--max-tries=".length()));
          } else if (!a.equals("-n") && !a.equals("-l") && !a.startsWith("--")) {
            throw new IllegalArgumentException("option not known to the test: " + a);
          }
        }
      }
    }
    if (scripts.isEmpty()) {
      scripts.add(new RunSettings.Script(BUILTINS.get("tpcb-like"), 1));
    }
    return new RunSettings(
        scripts,
        clients,
        threads,
        length,
        mode,
        rate,
        limit,
        tries,
        scale,
        partitioning,
        connect,
        progress,
        detailed,
        perStatement,
        null);
  }

  /** A result holding the figures pgbench printed in {@code report} for {@code workload}. */
  static RunResult result(RunSettings workload, List<String> report, String serverVersion) {
    List<List<String>> blocks = new ArrayList<>();
    List<String> totals = new ArrayList<>();
    for (String line : report) {
      if (line.startsWith("SQL script ")) {
        blocks.add(new ArrayList<>());
      }
      (blocks.isEmpty() ? totals : blocks.get(blocks.size() - 1)).add(line);
    }
    if (blocks.isEmpty()) {
      // One script: its figures are the totals, its statements follow them.
      blocks.add(totals);
    }
    long processed = number(totals, "number of transactions actually processed: (\\d+)", 0);
    double tps = decimal(totals, "^tps = ([\\d.]+)", 0);
    long failures = number(totals, "^number of failed transactions: (\\d+)", 0);
    List<ScriptResult> scripts = new ArrayList<>();
    for (int i = 0; i < workload.scripts().size(); i++) {
      List<String> block = blocks.get(i);
      boolean several = workload.scripts().size() > 1;
      String p = several ? "^ - " : "^";
      long scriptProcessed = several ? number(block, "^ - (\\d+) transactions", 0) : processed;
      long failed = number(block, p + "number of failed transactions: (\\d+)", 0);
      long deadlocks = number(block, p + "number of deadlock failures: (\\d+)", 0);
      Counts counts =
          new Counts(
              scriptProcessed,
              failed - deadlocks,
              deadlocks,
              0,
              number(block, p + "number of transactions retried: (\\d+)", 0),
              number(block, p + "total number of retries: (\\d+)", 0),
              number(block, p + "number of transactions skipped: (\\d+)", 0),
              i == 0 ? number(totals, "latency limit: (\\d+)/", 0) : 0);
      double averageMillis = decimal(block, p + "latency average = ([\\d.]+) ms", 1.0);
      double lagMillis = decimal(totals, "schedule lag: avg ([\\d.]+)", 0);
      long lagMaxMicros = Math.round(1000 * decimal(totals, "\\(max ([\\d.]+)\\) ms", 0));
      Histogram h = Latencies.newHistogram();
      long micros = Math.round(averageMillis * 1000);
      if (scriptProcessed > 0) {
        h.recordValueWithCount(micros, scriptProcessed);
      }
      Moments latency =
          scriptProcessed == 0
              ? Moments.NONE
              : new Moments(
                  scriptProcessed,
                  micros * scriptProcessed,
                  (double) micros * micros * scriptProcessed,
                  micros,
                  micros);
      Moments lag =
          scriptProcessed == 0
              ? Moments.NONE
              : new Moments(
                  scriptProcessed,
                  Math.round(lagMillis * 1000) * scriptProcessed,
                  0,
                  0,
                  lagMaxMicros);
      List<StatementResult> statements = new ArrayList<>();
      for (String line : block) {
        Matcher m = STATEMENT.matcher(line);
        if (m.matches()) {
          long avgMicros = Math.round(Double.parseDouble(m.group(1)) * 1000);
          statements.add(
              new StatementResult(
                  m.group(4),
                  1000,
                  avgMicros * 1000,
                  Long.parseLong(m.group(2)),
                  m.group(3) == null ? 0 : Long.parseLong(m.group(3))));
        }
      }
      RunSettings.Script spec = workload.scripts().get(i);
      scripts.add(
          new ScriptResult(
              spec.name(),
              spec.weight(),
              new Stats(counts, Latencies.of(h, latency), lag),
              statements));
    }
    double benchSeconds = tps > 0 ? processed / tps : 1;
    long initial = Math.round(1000 * decimal(totals, "^initial connection time = ([\\d.]+) ms", 0));
    long connection =
        Math.round(
            1000
                * decimal(totals, "^average connection time = ([\\d.]+) ms", 0)
                * (processed + failures));
    ServerInfo server =
        new ServerInfo(
            serverVersion, "on", "on", "on", "128MB", "100", "replica", Map.of(), null, null);
    return new RunResult(
        workload,
        null,
        server,
        List.of(new ClientMachine("dev", 2, "jvm", "os")),
        Instant.EPOCH,
        Instant.EPOCH.plusSeconds(1),
        benchSeconds,
        initial,
        connection,
        scripts,
        List.of(),
        false,
        null);
  }

  private static long number(List<String> lines, String regex, long otherwise) {
    Pattern p = Pattern.compile(regex);
    for (String line : lines) {
      Matcher m = p.matcher(line);
      if (m.find()) {
        return Long.parseLong(m.group(1));
      }
    }
    return otherwise;
  }

  private static double decimal(List<String> lines, String regex, double otherwise) {
    Pattern p = Pattern.compile(regex);
    for (String line : lines) {
      Matcher m = p.matcher(line);
      if (m.find()) {
        return Double.parseDouble(m.group(1));
      }
    }
    return otherwise;
  }
}
