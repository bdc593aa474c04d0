package io.github.pgperf.internal.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Every option of pgbench 15, as picocli fields. Numbers are kept as text so that a bad value gets
 * pgbench's message rather than picocli's. Run-mode options are only collected here; the runner
 * gives them meaning.
 */
@Command(
    name = "pgperf",
    description = "pgperf is a benchmarking tool for PostgreSQL, compatible with pgbench 15.",
    sortOptions = false)
final class PgbenchOptions {

  /** Options that only initialization takes (pgbench's initialization_option_set). */
  static final Set<String> INIT_ONLY =
      Set.of(
          "--init-steps",
          "--fillfactor",
          "--quiet",
          "--foreign-keys",
          "--index-tablespace",
          "--partition-method",
          "--partitions",
          "--tablespace",
          "--unlogged-tables",
          "--schema");

  /** Options that only a benchmark run takes (pgbench's benchmarking_option_set). */
  static final Set<String> RUN_ONLY =
      Set.of(
          "--builtin",
          "--file",
          "--skip-some-updates",
          "--select-only",
          "--client",
          "--connect",
          "--define",
          "--jobs",
          "--log",
          "--latency-limit",
          "--protocol",
          "--progress",
          "--report-per-command",
          "--rate",
          "--transactions",
          "--time",
          "--vacuum-all",
          "--aggregate-interval",
          "--failures-detailed",
          "--log-prefix",
          "--max-tries",
          "--progress-timestamp",
          "--random-seed",
          "--sampling-rate",
          "--show-script",
          "--verbose-errors",
          "--result-json",
          "--warmup",
          "--timeline-interval",
          "--end-timeout",
          "--server-counters",
          "--virtual-threads");

  // Initialization options.
  @Option(
      names = {"-i", "--initialize"},
      description = "invokes initialization mode")
  boolean initialize;

  @Option(
      names = {"-I", "--init-steps"},
      paramLabel = "[dtgGvpf]+",
      description = "run selected initialization steps (default \"dtgvp\")")
  String initSteps;

  @Option(
      names = {"-F", "--fillfactor"},
      paramLabel = "NUM",
      description = "set fill factor")
  String fillfactor;

  @Option(
      names = {"-n", "--no-vacuum"},
      description = "do not run VACUUM during initialization or before tests")
  boolean noVacuum;

  @Option(
      names = {"-q", "--quiet"},
      description = "quiet logging (one message each 5 seconds)")
  boolean quiet;

  @Option(
      names = {"-s", "--scale"},
      paramLabel = "NUM",
      description = "scaling factor")
  String scale;

  @Option(names = "--foreign-keys", description = "create foreign key constraints between tables")
  boolean foreignKeys;

  @Option(
      names = "--index-tablespace",
      paramLabel = "TABLESPACE",
      description = "create indexes in the specified tablespace")
  String indexTablespace;

  @Option(
      names = "--partition-method",
      paramLabel = "(range|hash)",
      description = "partition pgbench_accounts with this method (default: range)")
  String partitionMethod;

  @Option(
      names = "--partitions",
      paramLabel = "NUM",
      description = "partition pgbench_accounts into NUM parts (default: 0)")
  String partitions;

  @Option(
      names = "--tablespace",
      paramLabel = "TABLESPACE",
      description = "create tables in the specified tablespace")
  String tablespace;

  @Option(names = "--unlogged-tables", description = "create tables as unlogged tables")
  boolean unloggedTables;

  @Option(
      names = "--schema",
      paramLabel = "SCHEMA",
      description = "initialize in this schema instead of the search_path (pgperf only)")
  String schema;

  // Options to select what to run.
  @Option(
      names = {"-b", "--builtin"},
      paramLabel = "NAME[@W]",
      description = "add builtin script NAME weighted at W (default: 1)")
  List<String> builtin = new ArrayList<>();

  @Option(
      names = {"-f", "--file"},
      paramLabel = "FILENAME[@W]",
      description = "add script FILENAME weighted at W (default: 1)")
  List<String> file = new ArrayList<>();

  @Option(
      names = {"-N", "--skip-some-updates"},
      description = "skip updates of pgbench_tellers and pgbench_branches")
  boolean skipSomeUpdates;

  @Option(
      names = {"-S", "--select-only"},
      description = "perform SELECT-only transactions")
  boolean selectOnly;

  // Benchmarking options.
  @Option(
      names = {"-c", "--client"},
      paramLabel = "NUM",
      description = "number of concurrent database clients (default: 1)")
  String client;

  @Option(
      names = {"-C", "--connect"},
      description = "establish new connection for each transaction")
  boolean connect;

  @Option(
      names = {"-D", "--define"},
      paramLabel = "VARNAME=VALUE",
      description = "define variable for use by custom script")
  List<String> define = new ArrayList<>();

  @Option(
      names = {"-j", "--jobs"},
      paramLabel = "NUM",
      description = "number of threads (default: 1)")
  String jobs;

  @Option(
      names = {"-l", "--log"},
      description = "write transaction times to log file")
  boolean log;

  @Option(
      names = {"-L", "--latency-limit"},
      paramLabel = "NUM",
      description = "count transactions lasting more than NUM ms as late")
  String latencyLimit;

  @Option(
      names = {"-M", "--protocol"},
      paramLabel = "simple|extended|prepared",
      description = "protocol for submitting queries (default: simple)")
  String protocol;

  @Option(
      names = {"-P", "--progress"},
      paramLabel = "NUM",
      description = "show thread progress report every NUM seconds")
  String progress;

  @Option(
      names = {"-r", "--report-per-command"},
      description = "report latencies, failures, and retries per command")
  boolean reportPerCommand;

  @Option(
      names = {"-R", "--rate"},
      paramLabel = "NUM",
      description = "target rate in transactions per second")
  String rate;

  @Option(
      names = {"-t", "--transactions"},
      paramLabel = "NUM",
      description = "number of transactions each client runs (default: 10)")
  String transactions;

  @Option(
      names = {"-T", "--time"},
      paramLabel = "NUM",
      description = "duration of benchmark test in seconds")
  String time;

  @Option(
      names = {"-v", "--vacuum-all"},
      description = "vacuum all four standard tables before tests")
  boolean vacuumAll;

  @Option(
      names = "--aggregate-interval",
      paramLabel = "NUM",
      description = "aggregate data over NUM seconds")
  String aggregateInterval;

  @Option(names = "--failures-detailed", description = "report the failures grouped by basic types")
  boolean failuresDetailed;

  @Option(
      names = "--log-prefix",
      paramLabel = "PREFIX",
      description = "prefix for transaction time log file (default: \"pgbench_log\")")
  String logPrefix;

  @Option(
      names = "--max-tries",
      paramLabel = "NUM",
      description = "max number of tries to run transaction (default: 1)")
  String maxTries;

  @Option(names = "--progress-timestamp", description = "use Unix epoch timestamps for progress")
  boolean progressTimestamp;

  @Option(
      names = "--random-seed",
      paramLabel = "SEED",
      description = "set random seed (\"time\", \"rand\", integer)")
  String randomSeed;

  @Option(
      names = "--sampling-rate",
      paramLabel = "NUM",
      description = "fraction of transactions to log (e.g., 0.01 for 1%%)")
  String samplingRate;

  @Option(
      names = "--show-script",
      paramLabel = "NAME",
      description = "show builtin script code, then exit")
  String showScript;

  @Option(names = "--verbose-errors", description = "print messages of all errors")
  boolean verboseErrors;

  // pgperf's own run options.

  @Option(
      names = "--result-json",
      paramLabel = "FILE",
      description = "pgperf: write the run's result as JSON to FILE")
  String resultJson;

  @Option(
      names = "--warmup",
      paramLabel = "DURATION",
      description =
          "pgperf: run DURATION (whole seconds, e.g. 5s) before measuring; its"
              + " transactions are not counted")
  String warmup;

  @Option(
      names = "--timeline-interval",
      paramLabel = "DURATION",
      description = "pgperf: length of the result's timeline intervals, e.g. 500ms (default: 1s)")
  String timelineInterval;

  @Option(
      names = "--end-timeout",
      paramLabel = "DURATION",
      description =
          "pgperf: with -T, cancel clients still running DURATION (whole seconds) after"
              + " the end (default: none, wait as pgbench does)")
  String endTimeout;

  @Option(
      names = "--server-counters",
      description =
          "pgperf: also capture and print what the server did in the measured window"
              + " (pg_stat_statements, pg_stat_database, WAL, checkpoints, wait events, server CPU)")
  boolean serverCounters;

  @Option(
      names = "--virtual-threads",
      negatable = true,
      description =
          "pgperf: run each client on a virtual thread (Java 21 or later), or not;"
              + " without either, virtual threads on Java 21+ from 16 clients per processor")
  Boolean virtualThreads;

  // Common options.
  @Option(
      names = {"-d", "--debug"},
      description = "print debugging output")
  boolean debug;

  @Option(
      names = {"-h", "--host"},
      paramLabel = "HOSTNAME",
      description = "database server host or socket directory")
  String host;

  @Option(
      names = {"-p", "--port"},
      paramLabel = "PORT",
      description = "database server port number")
  String port;

  @Option(
      names = {"-U", "--username"},
      paramLabel = "USERNAME",
      description = "connect as specified database user")
  String username;

  @Option(
      names = {"-V", "--version"},
      versionHelp = true,
      description = "output version information, then exit")
  boolean version;

  @Option(
      names = {"-?", "--help"},
      usageHelp = true,
      description = "show this help, then exit")
  boolean help;

  @Parameters(paramLabel = "DBNAME", arity = "0..*", description = "the database to connect to")
  List<String> arguments = new ArrayList<>();
}
