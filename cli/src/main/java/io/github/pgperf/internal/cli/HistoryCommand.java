package io.github.pgperf.internal.cli;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.CheckMessages;
import io.github.pgperf.gate.CheckOutputs;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.ConsoleTable;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.history.BuiltRevision;
import io.github.pgperf.history.DetectionSettings;
import io.github.pgperf.history.HistoryRecorder;
import io.github.pgperf.history.HistorySettings;
import io.github.pgperf.history.HistoryStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code pgperf history}: adds a build's results to the history and judges each test's series of
 * builds for change points, as {@code pgperf:history} does (docs/history.md). The first argument
 * {@code history} selects it; a database named {@code history} is still reached as {@code pgperf --
 * history} or with any option before it.
 */
@Command(
    name = "pgperf history",
    mixinStandardHelpOptions = true,
    description =
        "Adds a build's results to the history of builds and reports new change points"
            + " for the worse (CHANGE_POINT), per test, metric and runner.")
final class HistoryCommand {

  /** The word that selects this command as the first argument. */
  static final String WORD = "history";

  @Option(
      names = "--results",
      paramLabel = "DIR",
      defaultValue = "target/pgperf/results",
      description = "The build's result files (default: ${DEFAULT-VALUE}).")
  Path results;

  @Option(
      names = "--store",
      paramLabel = "DIR|URL",
      defaultValue = "src/test/pgperf/history",
      description =
          "The history: a directory, or a PostgreSQL URL (jdbc:postgresql://host/db,"
              + " postgresql://...; password in PGPASSWORD or ~/.pgpass) (default: ${DEFAULT-VALUE}).")
  String store;

  @Option(
      names = "--output",
      paramLabel = "DIR",
      defaultValue = "target/pgperf/history",
      description =
          "Where check.md, check.json and TEST-pgperf-check.xml go (default:"
              + " ${DEFAULT-VALUE}).")
  Path output;

  @Option(
      names = "--build",
      paramLabel = "ID",
      description = "The build's id (default: the results' own).")
  String build;

  @Option(names = "--commit", description = "The commit built (default: CI's, else git's HEAD).")
  String commit;

  @Option(names = "--branch", description = "The branch built (default: CI's, else git's).")
  String branch;

  @Option(
      names = "--metrics",
      defaultValue = "tps,p50,p99",
      description =
          "Timing metrics judged, comma-separated, besides the work per transaction"
              + " (default: ${DEFAULT-VALUE}).")
  String metrics;

  @Option(
      names = "--window",
      defaultValue = "50",
      description = "Builds each detection pass looks at (default: ${DEFAULT-VALUE}).")
  int window;

  @Option(
      names = "--p-value",
      defaultValue = "0.001",
      description = "Largest p-value of a change point (default: ${DEFAULT-VALUE}).")
  String pValue;

  @Option(
      names = "--minimum-change",
      defaultValue = "0",
      description = "Smallest change kept, as 0.05 or 5%% (default: ${DEFAULT-VALUE}).")
  String minimumChange;

  @Option(
      names = "--on-change-point",
      defaultValue = "warn",
      description =
          "What a new change point for the worse does: warn or fail (default:"
              + " ${DEFAULT-VALUE}).")
  String onChangePoint;

  @Option(
      names = "--judge-only",
      description = "Judge the build against the history without adding it.")
  boolean judgeOnly;

  private HistoryCommand() {}

  /**
   * Runs {@code pgperf history} with {@code args} (the word {@code history} removed); never throws.
   *
   * @return 0 when nothing fails, 1 on a failing finding or an error
   */
  static int execute(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
    HistoryCommand command = new HistoryCommand();
    CommandLine line = new CommandLine(command);
    try {
      line.parseArgs(args);
    } catch (ParameterException e) {
      err.println(PgPerfCommand.NAME + " history: error: " + e.getMessage());
      err.println(
          PgPerfCommand.NAME
              + " history: hint: Try \""
              + PgPerfCommand.NAME
              + " history --help\" for more information.");
      return 1;
    }
    if (line.isUsageHelpRequested()) {
      line.usage(out);
      return 0;
    }
    if (line.isVersionHelpRequested()) {
      out.println(PgPerfCommand.VERSION);
      return 0;
    }
    try {
      return command.run(out, err, env);
    } catch (IllegalArgumentException | IOException e) {
      err.println(PgPerfCommand.NAME + " history: error: " + e.getMessage());
      return 1;
    } catch (RuntimeException e) {
      err.println(PgPerfCommand.NAME + " history: error: internal error: " + e);
      return 1;
    }
  }

  private int run(PrintStream out, PrintStream err, Map<String, String> env) throws IOException {
    HistorySettings settings =
        new HistorySettings(
            new DetectionSettings(
                window,
                GateSettings.parseFraction(pValue, "--p-value"),
                GateSettings.parseFraction(minimumChange, "--minimum-change")),
            HistorySettings.metrics(GateSettings.parseMetrics(metrics)),
            Action.parse(onChangePoint, "--on-change-point"));
    HistoryStore history = HistoryStore.open(store, Path.of(""), HistoryCommand::driver, env);
    BuiltRevision built = BuiltRevision.of(env, Path.of("").toAbsolutePath());
    HistoryRecorder.Recorded recorded =
        HistoryRecorder.record(
            ResultFiles.read(results),
            build,
            commit != null ? commit : built.commit(),
            branch != null ? branch : built.branch(),
            history,
            settings,
            Instant.now(),
            !judgeOnly);
    recorded.warnings().forEach(w -> err.println(PgPerfCommand.NAME + " history: warning: " + w));
    CheckReport report = recorded.outcome().report();
    ConsoleTable.lines(report).forEach(out::println);
    CheckOutputs.write(
        report,
        "History of build `"
            + recorded.build().build()
            + "` (commit `"
            + recorded.build().shortCommit()
            + "`)",
        output,
        env,
        out::println);
    out.println(
        PgPerfCommand.NAME
            + " history: build "
            + recorded.build().build()
            + (judgeOnly ? " judged against " : " added to ")
            + history.description());
    CheckMessages.of(report, Action.WARN).forEach(l -> err.println("warning: " + l));
    CheckMessages.of(report, Action.FAIL).forEach(l -> err.println("error: " + l));
    out.println(CheckMessages.outcome(PgPerfCommand.NAME + " history", report, output));
    return report.failed() ? 1 : 0;
  }

  /** pgperf.jar's own pgjdbc. */
  private static java.sql.Driver driver() {
    try {
      return DriverManager.getDriver("jdbc:postgresql://localhost/");
    } catch (SQLException e) {
      return null;
    }
  }
}
