package io.github.pgperf.internal.cli;

import io.github.pgperf.gate.GateProperties;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.goal.GateRun;
import io.github.pgperf.goal.GoalFailure;
import io.github.pgperf.goal.GoalLog;
import io.github.pgperf.report.HtmlReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code pgperf check}, {@code pgperf report} and {@code pgperf baseline}: the Maven plugin's goals
 * of the same names on result directories, without Maven (a Gradle task, a CI step). The same code
 * ({@code goal.GateRun}) as the goals, so the same outputs, verdicts and exit status (0, or 1 when
 * the build fails). Settings are the goals' user properties, spelled as for Maven: {@code
 * -Dpgperf.level=0.01}; directories default to Maven's layout under the working directory.
 *
 * <p>Only the first argument names a subcommand: pgbench has none, and its database is its last
 * argument, so a database called {@code check} is {@code pgperf -- check}, or any option first
 * ({@code pgperf -c 4 check}), or {@code PGDATABASE=check}.
 */
final class GateCommand {

  static final Set<String> NAMES = Set.of("check", "report", "baseline");

  static final String RESULTS = "pgperf.results";
  static final String BASELINE_DIRECTORY = "pgperf.baselineDirectory";
  static final String BASELINE_RESULTS = "pgperf.baselineResults";
  static final String OUTPUT_DIRECTORY = "pgperf.outputDirectory";
  static final String BASELINE_BUILDS = "pgperf.baselineBuilds";

  /** The directories' defaults: Maven's layout, relative to the working directory. */
  private static final Map<String, String> DIRECTORIES = new LinkedHashMap<>();

  static {
    DIRECTORIES.put(RESULTS, "target/pgperf/results");
    DIRECTORIES.put(BASELINE_DIRECTORY, "src/test/pgperf/baseline");
    DIRECTORIES.put(BASELINE_RESULTS, "(none: the baseline directory)");
    DIRECTORIES.put(OUTPUT_DIRECTORY, "target/pgperf");
    DIRECTORIES.put(BASELINE_BUILDS, "10");
  }

  private GateCommand() {}

  /** Whether the command line is one of these subcommands: its first argument names one. */
  static boolean isGate(String[] args) {
    return args.length > 0 && NAMES.contains(args[0]);
  }

  /**
   * Runs the subcommand {@code args[0]}; never throws.
   *
   * @return 0, or 1 when the goal fails the build or cannot run
   */
  static int execute(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
    String name = args[0];
    String goal = "pgperf " + name;
    Map<String, String> properties = new TreeMap<>();
    for (int i = 1; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("-h") || arg.equals("--help")) {
        usage(name, out);
        return 0;
      }
      String definition =
          arg.equals("-D") && i + 1 < args.length
              ? args[++i]
              : arg.startsWith("-D") ? arg.substring(2) : null;
      int eq = definition == null ? -1 : definition.indexOf('=');
      if (eq <= 0) {
        err.println(
            goal
                + ": error: unexpected argument \""
                + arg
                + "\": settings are given as -Dpgperf.NAME=VALUE");
        err.println("Try \"pgperf " + name + " --help\" for more information.");
        return 1;
      }
      String key = definition.substring(0, eq);
      if (!GateProperties.known(key) && !DIRECTORIES.containsKey(key)) {
        err.println(
            goal
                + ": error: unknown setting "
                + key
                + " (\"pgperf "
                + name
                + " --help\" lists them)");
        return 1;
      }
      properties.put(key, definition.substring(eq + 1));
    }
    GoalLog log = log(out, err);
    GateRun run =
        new GateRun(
            directory(properties, RESULTS),
            directory(properties, BASELINE_DIRECTORY),
            properties.containsKey(BASELINE_RESULTS)
                ? Path.of(properties.get(BASELINE_RESULTS))
                : null,
            directory(properties, OUTPUT_DIRECTORY),
            goal,
            log);
    try {
      switch (name) {
        case "check" -> run.check(settings(properties), env, out::println, false, null);
        case "report" -> {
          Optional<Path> file = run.report(settings(properties));
          if (file.isEmpty()) {
            log.error(
                goal + ": " + HtmlReport.FILE + " could not be written (see the warning above)");
            return 1;
          }
          log.info(goal + ": " + file.get());
        }
        default -> run.recordBaseline(builds(properties));
      }
      return 0;
    } catch (GoalFailure e) {
      log.error(e.getMessage());
      return 1;
    } catch (IllegalArgumentException | IOException e) {
      log.error(goal + ": " + e.getMessage());
      return 1;
    } catch (RuntimeException e) {
      // A bug of ours: still one line, no stack trace on the user's console.
      log.error(goal + ": internal error: " + e);
      return 1;
    }
  }

  private static GateSettings settings(Map<String, String> properties) {
    return GateProperties.settings(properties::get);
  }

  private static Path directory(Map<String, String> properties, String key) {
    return Path.of(properties.getOrDefault(key, DIRECTORIES.get(key)));
  }

  private static int builds(Map<String, String> properties) {
    String text = properties.getOrDefault(BASELINE_BUILDS, DIRECTORIES.get(BASELINE_BUILDS));
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          BASELINE_BUILDS + " must be a whole number, not \"" + text + "\"");
    }
  }

  /** Maven's levels: info on stdout, warnings and errors on stderr, marked as Maven marks them. */
  private static GoalLog log(PrintStream out, PrintStream err) {
    return GoalLog.of(
        out::println,
        line -> err.println("[WARNING] " + line),
        line -> err.println("[ERROR] " + line));
  }

  private static void usage(String name, PrintStream out) {
    out.println(
        "pgperf "
            + name
            + ": the Maven goal pgperf:"
            + name
            + " without Maven"
            + " (docs/gate.md, \"Without Maven\").");
    out.println();
    out.println("Usage:");
    out.println("  pgperf " + name + " [-Dpgperf.NAME=VALUE]...");
    out.println();
    out.println("Settings (defaults in parentheses; paths relative to the working directory):");
    Map<String, String> all = new TreeMap<>(GateProperties.defaults());
    DIRECTORIES.forEach(all::put);
    all.forEach((key, value) -> out.println("  -D" + key + "  (" + value + ")"));
    out.println();
    out.println("Exit status: 0, or 1 when the goal fails the build.");
    out.println(
        "A database called "
            + name
            + " is \"pgperf -- "
            + name
            + "\" (or give an option"
            + " first, or PGDATABASE).");
  }
}
