package io.github.pgperf.compare;

import io.github.pgperf.gate.Action;
import io.github.pgperf.gate.CheckMessages;
import io.github.pgperf.gate.CheckOutputs;
import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.ConsoleTable;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.PairedGate;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.report.HtmlReport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The judge of {@code pgperf:compare}: {@link PairedGate}'s paired statistics on both sides'
 * results, the same verdicts, actions and outputs (check.md, check.json, TEST-pgperf-check.xml,
 * GitHub summary and annotations) as {@code pgperf:check}. A first REGRESSION is not yet a verdict:
 * the judge asks for {@code confirmationPairs} more pairs of the tests that regressed and judges
 * again on all pairs; with {@code confirmationPairs} 0 the first pairs decide. {@link
 * SequentialJudge} asks instead for pairs until each class's timing verdicts settle, and gives its
 * verdicts through {@link #verdicts}.
 */
public final class GateJudge implements PairedJudge {

  private static final String GOAL = "pgperf compare";

  private final PairedGate gate;
  private final int confirmationPairs;
  private final Path outputDirectory;
  private final Map<String, String> environment;
  private final Consumer<String> stdout;

  /**
   * @param settings the gate's settings, as {@code pgperf:check} takes them
   * @param confirmationPairs how many pairs confirm a regression; 0 for none
   * @param outputDirectory where check.md and its siblings go
   * @param environment the process environment (GitHub Actions' variables)
   * @param stdout receives GitHub annotation lines
   */
  public GateJudge(
      GateSettings settings,
      int confirmationPairs,
      Path outputDirectory,
      Map<String, String> environment,
      Consumer<String> stdout) {
    if (confirmationPairs < 0) {
      throw new IllegalArgumentException(
          "pgperf.confirmationPairs must be 0 (no confirmation) or"
              + " more, not "
              + confirmationPairs);
    }
    this.gate = new PairedGate(settings);
    this.confirmationPairs = confirmationPairs;
    this.outputDirectory = outputDirectory;
    this.environment = Map.copyOf(environment);
    this.stdout = stdout;
  }

  @Override
  public Judgement judge(ComparedSides sides) throws IOException {
    CheckReport first =
        gate.compare(ResultFiles.read(sides.base()), ResultFiles.read(sides.candidate()));
    List<String> regressed = PairedGate.needsConfirmation(first);
    if (regressed.isEmpty()) {
      return verdicts(first, sides, null);
    }
    if (confirmationPairs == 0) {
      return verdicts(
          first,
          sides,
          "not confirmed: pgperf.confirmationPairs is 0, so the first "
              + sides.pairs()
              + " pairs decide");
    }
    List<Line> lines =
        List.of(
            new Line(
                Level.WARN,
                GOAL
                    + ": REGRESSION on the first "
                    + sides.pairs()
                    + " pairs in "
                    + String.join(", ", regressed)
                    + ": confirming with "
                    + confirmationPairs
                    + " more pairs of "
                    + String.join(", ", testClasses(regressed))
                    + " before the build fails"));
    return new Confirm(
        testClasses(regressed),
        confirmationPairs,
        lines,
        all -> {
          CheckReport confirmed =
              gate.confirm(first, ResultFiles.read(all.base()), ResultFiles.read(all.candidate()));
          boolean still = !PairedGate.needsConfirmation(confirmed).isEmpty();
          return verdicts(
              confirmed,
              all,
              (still ? "confirmed: " : "not confirmed: ")
                  + String.join(", ", regressed)
                  + " on all "
                  + all.pairs()
                  + " pairs ("
                  + sides.pairs()
                  + " first, then "
                  + (all.pairs() - sides.pairs())
                  + " more)"
                  + (still ? "" : ": the first pairs' REGRESSION did not hold"));
        });
  }

  /**
   * The class part of result keys ({@code ItemsPerfTest-lookup} is {@code ItemsPerfTest}): the test
   * selection runs whole classes.
   */
  static List<String> testClasses(List<String> keys) {
    return keys.stream()
        .map(k -> k.contains("-") ? k.substring(0, k.indexOf('-')) : k)
        .distinct()
        .sorted()
        .toList();
  }

  /** The line check.md leads with, ready to paste into a pull request. */
  static String prLine(ComparedSides sides) {
    return "pgperf: compared with "
        + sides.baseCommit().shortCommit()
        + " ("
        + sides.baseCommit().why()
        + ") on this runner, interleaved, "
        + sides.pairs()
        + (sides.pairs() == 1 ? " pair" : " pairs");
  }

  /**
   * The verdicts of {@code report} and its outputs: the log's lines, check.md and its siblings led
   * by the pull request line (with {@code confirmation} after it when not null), report.html.
   */
  Verdicts verdicts(CheckReport report, ComparedSides sides, String confirmation)
      throws IOException {
    String lead = prLine(sides) + (confirmation == null ? "" : "; " + confirmation) + ".";
    CheckOutputs.write(report, lead, outputDirectory, environment, stdout);
    List<Line> lines = new ArrayList<>();
    lines.add(new Line(Level.INFO, GOAL + ": " + lead));
    Optional<Path> page = page(report, sides, lead, lines);
    ConsoleTable.lines(report).forEach(l -> lines.add(new Line(Level.INFO, l)));
    CheckMessages.of(report, Action.WARN).forEach(l -> lines.add(new Line(Level.WARN, l)));
    Level tone =
        report.failed()
            ? Level.ERROR
            : report.headline().tone() == Action.PASS ? Level.INFO : Level.WARN;
    lines.add(new Line(tone, CheckMessages.outcome(GOAL, report, outputDirectory)));
    return new Verdicts(report.failed(), lines, CheckMessages.of(report, Action.FAIL), page);
  }

  /**
   * report.html of these verdicts, beside check.md: written here, from the very report the log and
   * check.md give, so the page cannot disagree with the build (after a confirmation, the other
   * tests keep their first findings, which judging the files again would not reproduce). A page
   * that cannot be written is a warning: the verdicts stand without it.
   */
  private Optional<Path> page(
      CheckReport report, ComparedSides sides, String lead, List<Line> lines) {
    try {
      return Optional.of(
          HtmlReport.writeComparison(
              outputDirectory,
              ResultFiles.read(sides.base()),
              ResultFiles.read(sides.candidate()),
              report,
              lead,
              Instant.now()));
    } catch (IOException e) {
      lines.add(
          new Line(
              Level.WARN,
              GOAL
                  + ": cannot write "
                  + HtmlReport.FILE
                  + " in "
                  + outputDirectory
                  + ": "
                  + e.getMessage()));
      return Optional.empty();
    }
  }
}
