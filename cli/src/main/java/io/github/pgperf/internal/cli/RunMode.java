package io.github.pgperf.internal.cli;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.cli.PgPerfCommand.UsageError;
import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.connect.ConnectionStringException;
import io.github.pgperf.internal.output.TextReport;
import io.github.pgperf.internal.output.WorkSummary;
import io.github.pgperf.internal.run.IoErrors;
import io.github.pgperf.internal.run.RunException;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.RunOptionsException;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.run.VirtualThreads;
import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.RandomSeed;
import io.github.pgperf.internal.script.ScriptException;
import io.github.pgperf.internal.script.VariableDefinitions;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.internal.script.WorkloadBuilder;
import io.github.pgperf.result.DurationText;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/** pgbench's benchmarking mode: options onto {@link RunOptions}, the run, the report. */
final class RunMode {

  private RunMode() {}

  static int run(
      PgbenchOptions o,
      ParseResult parsed,
      PrintStream out,
      PrintStream err,
      Map<String, String> env) {
    if (o.showScript != null) {
      try {
        err.print(BuiltinScript.find(o.showScript).showScript());
        return 0;
      } catch (ScriptException e) {
        return scriptError(e, err);
      }
    }
    if (o.builtin.contains("list")) {
      err.print(BuiltinScript.listing());
      return 0;
    }
    QueryMode mode = queryMode(o.protocol);
    Workload workload;
    VariableDefinitions definitions;
    try {
      workload = workload(o, parsed, mode);
      definitions = VariableDefinitions.parseArguments(o.define);
    } catch (ScriptException e) {
      return scriptError(e, err);
    }
    // pgbench checks every option before it connects: the options first, the connection after.
    RunOptions.Builder options = options(o, mode, definitions, env);
    ConnectionSpec spec;
    try {
      String database = o.arguments.isEmpty() ? null : o.arguments.get(0);
      spec = ConnectionSpec.resolve(o.host, o.port, o.username, database, env);
    } catch (ConnectionStringException e) {
      // libpq refuses these as pgbench connects: its message, then pgbench's.
      err.println(PgPerfCommand.NAME + ": error: " + e.getMessage());
      err.println(PgPerfCommand.NAME + ": error: could not create connection for setup");
      return 1;
    }
    // PGCLIENTENCODING, or client_encoding in a connection string: the scripts' bytes are read in
    // it.
    options.clientEncoding(spec.clientEncoding());
    if (o.resultJson != null) {
      try {
        ResultFileCheck.check(Path.of(o.resultJson));
      } catch (IOException e) {
        // Before connecting, as a bad option: the benchmark would run for a result it cannot keep.
        err.println(
            PgPerfCommand.NAME
                + ": error: could not open result file \""
                + o.resultJson
                + "\": "
                + IoErrors.reason(e));
        return 1;
      }
    }
    RunResult result;
    try {
      result =
          new Runner(spec, err, o.serverCounters ? CaptureSettings.defaults() : CaptureSettings.OFF)
              .run(workload, build(options));
    } catch (RunException e) {
      err.println(PgPerfCommand.NAME + ": error: " + e.getMessage());
      if (e.hint() != null) {
        err.println(PgPerfCommand.NAME + ": hint: " + e.hint());
      }
      return 1;
    }
    TextReport.print(result, out);
    WorkSummary.lines(result).forEach(out::println);
    out.flush();
    if (o.resultJson != null) {
      try {
        ResultJson.write(result, Path.of(o.resultJson));
      } catch (IOException e) {
        err.println(
            PgPerfCommand.NAME
                + ": error: could not write result file \""
                + o.resultJson
                + "\": "
                + e.getMessage());
        return 1;
      }
    }
    if (result.aborted()) {
      err.println(PgPerfCommand.NAME + ": error: " + TextReport.ABORTED);
      return 2;
    }
    return 0;
  }

  private static int scriptError(ScriptException e, PrintStream err) {
    List<String> lines = e.lines();
    err.println(PgPerfCommand.NAME + ": error: " + lines.get(0));
    for (int i = 1; i < lines.size(); i++) {
      err.println(lines.get(i));
    }
    return 1;
  }

  /** -b, -f, -N and -S in command-line order, as pgbench reads them. */
  private static Workload workload(PgbenchOptions o, ParseResult parsed, QueryMode mode)
      throws ScriptException {
    WorkloadBuilder builder = new WorkloadBuilder();
    int builtins = 0;
    int files = 0;
    for (ArgSpec arg : parsed.matchedArgs()) {
      if (!(arg instanceof OptionSpec option)) {
        continue;
      }
      switch (option.longestName()) {
        case "--builtin" -> builder.builtin(o.builtin.get(builtins++));
        case "--file" -> builder.file(o.file.get(files++));
        case "--skip-some-updates" -> builder.builtin("simple-update");
        case "--select-only" -> builder.builtin("select-only");
        default -> {
          // not a script option
        }
      }
    }
    return builder.build(mode);
  }

  private static QueryMode queryMode(String protocol) {
    if (protocol == null) {
      return QueryMode.SIMPLE;
    }
    for (QueryMode m : QueryMode.values()) {
      if (m.optionName().equals(protocol)) {
        return m;
      }
    }
    throw new UsageError("invalid query mode (-M): \"" + protocol + "\"");
  }

  /** The run's options, checked as pgbench checks them; the client encoding is set later. */
  private static RunOptions.Builder options(
      PgbenchOptions o, QueryMode mode, VariableDefinitions definitions, Map<String, String> env) {
    RunOptions.Builder b =
        RunOptions.builder()
            .queryMode(mode)
            .definitions(definitions)
            .log(o.log)
            .perStatement(o.reportPerCommand)
            .connectPerTransaction(o.connect)
            .progressTimestamp(o.progressTimestamp)
            .failuresDetailed(o.failuresDetailed)
            .verboseErrors(o.verboseErrors)
            .debug(o.debug)
            .vacuum(
                o.noVacuum ? VacuumMode.NONE : o.vacuumAll ? VacuumMode.ALL : VacuumMode.DEFAULT);
    if (o.client != null) {
      b.clients(PgPerfCommand.integer(o.client, "-c/--client"));
    }
    if (o.jobs != null) {
      b.threads(PgPerfCommand.integer(o.jobs, "-j/--jobs"));
    }
    if (o.transactions != null) {
      b.transactions(PgPerfCommand.integer(o.transactions, "-t/--transactions"));
    }
    if (o.time != null) {
      b.durationSeconds(PgPerfCommand.integer(o.time, "-T/--time"));
    }
    if (o.scale != null) {
      b.scale(PgPerfCommand.integer(o.scale, "-s/--scale"));
    }
    if (o.progress != null) {
      b.progressSeconds(PgPerfCommand.integer(o.progress, "-P/--progress"));
    }
    if (o.rate != null) {
      b.rate(positive(o.rate, "invalid rate limit"));
    }
    if (o.latencyLimit != null) {
      b.latencyLimitMillis(positive(o.latencyLimit, "invalid latency limit"));
    }
    if (o.maxTries != null) {
      int tries;
      try {
        tries = Integer.parseInt(o.maxTries.trim());
      } catch (NumberFormatException e) {
        tries = -1;
      }
      if (tries < 0) {
        throw new UsageError("invalid number of maximum tries: \"" + o.maxTries + "\"");
      }
      b.maxTries(tries);
    }
    if (o.samplingRate != null) {
      double rate = number(o.samplingRate);
      if (!(rate > 0 && rate <= 1)) {
        throw new UsageError("invalid sampling rate: \"" + o.samplingRate + "\"");
      }
      b.samplingRate(rate);
    }
    if (o.aggregateInterval != null) {
      b.aggregateIntervalSeconds(
          PgPerfCommand.integer(o.aggregateInterval, "--aggregate-interval"));
    }
    if (o.logPrefix != null) {
      b.logPrefix(o.logPrefix);
    }
    if (o.warmup != null) {
      b.warmupSeconds(seconds(o.warmup, "--warmup"));
    }
    if (o.endTimeout != null) {
      b.endTimeoutSeconds(seconds(o.endTimeout, "--end-timeout"));
    }
    if (o.timelineInterval != null) {
      b.timelineMillis(millis(o.timelineInterval, "--timeline-interval"));
    }
    if (o.virtualThreads != null) {
      b.virtualThreads(o.virtualThreads ? VirtualThreads.ON : VirtualThreads.OFF);
    }
    try {
      SecureRandom strong = new SecureRandom();
      b.randomSeed(
          RandomSeed.resolve(
              o.randomSeed,
              env.get(RandomSeed.ENVIRONMENT_VARIABLE),
              () -> System.currentTimeMillis() * 1000,
              strong::nextLong));
    } catch (IllegalArgumentException e) {
      throw new UsageError(
          e.getMessage(), "Expecting an unsigned integer, \"time\" or \"rand\".", false);
    }
    build(b);
    return b;
  }

  private static RunOptions build(RunOptions.Builder options) {
    try {
      return options.build();
    } catch (RunOptionsException e) {
      throw new UsageError(e.getMessage());
    }
  }

  /**
   * pgperf's own duration options take the duration grammar of every pgperf setting (pgbench's
   * options keep pgbench's whole numbers); the runner counts these in whole seconds.
   */
  private static int seconds(String text, String option) {
    try {
      return (int)
          DurationText.wholeSeconds(option, text, 0, "pgperf counts it in seconds").getSeconds();
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
  }

  /** As {@link #seconds}, in whole milliseconds. */
  private static int millis(String text, String option) {
    Duration d;
    try {
      d = DurationText.parse(option, text);
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
    if (d.toNanos() % 1_000_000 != 0 || d.toMillis() > Integer.MAX_VALUE) {
      throw new UsageError(
          option
              + ": '"
              + text
              + "' is not a whole number of milliseconds"
              + " (the timeline counts milliseconds; like 500ms or 1s)");
    }
    return (int) d.toMillis();
  }

  /** A number above 0, or pgbench's message with the text as given. */
  private static double positive(String text, String message) {
    double value = number(text);
    if (!(value > 0)) {
      throw new UsageError(message + ": \"" + text + "\"");
    }
    return value;
  }

  private static double number(String text) {
    try {
      return Double.parseDouble(text.trim().toLowerCase(Locale.ROOT));
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
