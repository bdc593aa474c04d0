package io.github.pgperf.internal.cli;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.connect.ConnectionStringException;
import io.github.pgperf.internal.init.InitException;
import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.init.Initializer;
import java.io.PrintStream;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/** Parses pgbench's options and runs the requested mode; returns pgbench's exit status. */
final class PgPerfCommand {

  static final String NAME = "pgperf";
  static final String VERSION = "pgperf 0.1.0 (pgbench 15 compatible)";

  private PgPerfCommand() {}

  /**
   * Runs the command line; never throws and never prints a stack trace.
   *
   * @param out pgbench's stdout (help, version)
   * @param err pgbench's stderr (progress, errors)
   * @param env the environment to read libpq's variables from (PGHOST, PGPORT, PGUSER, PGDATABASE,
   *     PGPASSWORD, PGCONNECT_TIMEOUT, PGSSLMODE ...)
   * @return 0 on success, 1 on any error
   */
  static int execute(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
    try {
      return executeOrFail(args, out, err, env);
    } catch (UsageError e) {
      err.println(NAME + ": error: " + e.getMessage());
      if (e.detail != null) {
        err.println(NAME + ": detail: " + e.detail);
      }
      if (e.hint) {
        printHint(err);
      }
      return 1;
    } catch (RuntimeException e) {
      // A bug of ours: still one line, no stack trace on the user's console.
      err.println(NAME + ": error: internal error: " + e);
      return 1;
    }
  }

  private static int executeOrFail(
      String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
    PgbenchOptions options = new PgbenchOptions();
    CommandLine commandLine = new CommandLine(options);
    commandLine.setPosixClusteredShortOptionsAllowed(true);
    ParseResult parsed;
    try {
      parsed = commandLine.parseArgs(args);
    } catch (UnmatchedArgumentException e) {
      String arg = e.getUnmatched().isEmpty() ? "" : e.getUnmatched().get(0);
      String message =
          arg.startsWith("--")
              ? "unrecognized option '" + arg + "'"
              : "invalid option -- '" + (arg.length() > 1 ? arg.substring(1, 2) : arg) + "'";
      throw new UsageError(message, null, true);
    } catch (MissingParameterException e) {
      String option =
          e.getMissing().isEmpty() || !e.getMissing().get(0).isOption()
              ? "an option"
              : ((OptionSpec) e.getMissing().get(0)).longestName();
      throw new UsageError("option '" + option + "' requires an argument", null, true);
    } catch (ParameterException e) {
      throw new UsageError(e.getMessage(), null, true);
    }
    if (commandLine.isUsageHelpRequested()) {
      commandLine.usage(out);
      return 0;
    }
    if (commandLine.isVersionHelpRequested()) {
      out.println(VERSION);
      return 0;
    }
    if (options.arguments.size() > 1) {
      throw new UsageError(
          "too many command-line arguments (first is \"" + options.arguments.get(1) + "\")",
          null,
          true);
    }
    if (options.initialize) {
      if (matchedAny(parsed, PgbenchOptions.RUN_ONLY)) {
        throw new UsageError(
            "some of the specified options cannot be used in initialization (-i) mode");
      }
      return initialize(options, err, env);
    }
    if (matchedAny(parsed, PgbenchOptions.INIT_ONLY)) {
      throw new UsageError("some of the specified options cannot be used in benchmarking mode");
    }
    return RunMode.run(options, parsed, out, err, env);
  }

  private static int initialize(PgbenchOptions o, PrintStream err, Map<String, String> env) {
    InitOptions init;
    try {
      InitOptions.Builder b =
          InitOptions.builder()
              .noVacuum(o.noVacuum)
              .foreignKeys(o.foreignKeys)
              .unloggedTables(o.unloggedTables)
              .quiet(o.quiet)
              .tablespace(o.tablespace)
              .indexTablespace(o.indexTablespace)
              .schema(o.schema);
      if (o.scale != null) {
        b.scale(integer(o.scale, "-s/--scale"));
      }
      if (o.fillfactor != null) {
        b.fillfactor(integer(o.fillfactor, "-F/--fillfactor"));
      }
      if (o.partitions != null) {
        b.partitions(integer(o.partitions, "--partitions"));
      }
      if (o.partitionMethod != null) {
        b.partitionMethod(InitOptions.partitionMethod(o.partitionMethod));
      }
      if (o.initSteps != null) {
        b.steps(o.initSteps);
      }
      init = b.build();
    } catch (InitException e) {
      throw new UsageError(e.getMessage(), e.detail(), false);
    }
    ConnectionSpec spec;
    try {
      String database = o.arguments.isEmpty() ? null : o.arguments.get(0);
      spec = ConnectionSpec.resolve(o.host, o.port, o.username, database, env);
    } catch (ConnectionStringException e) {
      // libpq refuses these as pgbench connects: its message, then pgbench's.
      err.println(NAME + ": error: " + e.getMessage());
      err.println(NAME + ": error: could not create connection for initialization");
      return 1;
    }
    try {
      new Initializer(spec, err).run(init);
      return 0;
    } catch (InitException e) {
      throw new UsageError(e.getMessage(), e.detail(), false);
    }
  }

  /** pgbench's integer options: a whole number, or pgbench's message naming the option. */
  static int integer(String text, String option) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new UsageError("invalid value \"" + text + "\" for option " + option);
    }
  }

  private static boolean matchedAny(ParseResult parsed, Set<String> longNames) {
    for (OptionSpec option : parsed.matchedOptions()) {
      if (longNames.contains(option.longestName())) {
        return true;
      }
    }
    return false;
  }

  private static void printHint(PrintStream err) {
    err.println(NAME + ": hint: Try \"" + NAME + " --help\" for more information.");
  }

  /** A bad command line or a failed initialization: pgbench's error, detail and hint lines. */
  static final class UsageError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String detail;
    private final boolean hint;

    UsageError(String message) {
      this(message, null, false);
    }

    UsageError(String message, String detail, boolean hint) {
      super(message, null, false, false);
      this.detail = detail;
      this.hint = hint;
    }
  }
}
