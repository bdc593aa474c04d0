package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * GitHub Actions workflow commands ({@code ::error title=...::message}, {@code ::warning ...}) for
 * the findings that fail or warn; GitHub shows them on the run's summary page, 10 of each level per
 * step: beyond that, the 10th says how many more there are.
 */
final class GithubAnnotations {

  private GithubAnnotations() {}

  /**
   * One command line per failing or warning finding, in report order, at most {@value
   * OutputLimits#ANNOTATIONS} of each level: when there are more, the last of that level says how
   * many.
   */
  static List<String> lines(CheckReport report) {
    List<String> out = new ArrayList<>();
    Map<Action, Integer> seen = new EnumMap<>(Action.class);
    for (Finding f : report.findings()) {
      if (f.action() == Action.PASS) {
        continue;
      }
      boolean more = report.withAction(f.action()).size() > OutputLimits.ANNOTATIONS;
      if (seen.merge(f.action(), 1, Integer::sum) <= OutputLimits.ANNOTATIONS - (more ? 1 : 0)) {
        out.add(
            "::"
                + command(f.action())
                + " title="
                + property("pgperf " + f.verdict().text() + ": " + f.subject())
                + "::"
                + data(OutputLimits.line(Cells.message(f))));
      }
    }
    for (Action action : List.of(Action.FAIL, Action.WARN)) {
      int rest = report.withAction(action).size() - OutputLimits.ANNOTATIONS + 1;
      if (rest > 1) {
        out.add(
            "::"
                + command(action)
                + " title="
                + property("pgperf: " + rest + " more")
                + "::"
                + data(
                    rest
                        + " more findings that "
                        + (action == Action.FAIL ? "fail the build" : "warn")
                        + ": see check.md, check.json"));
      }
    }
    return out;
  }

  private static String command(Action action) {
    return action == Action.FAIL ? "error" : "warning";
  }

  /** Escapes a message as the workflow-command syntax requires. */
  private static String data(String text) {
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
  }

  /** Escapes a property value (also its separators). */
  private static String property(String text) {
    return data(text).replace(":", "%3A").replace(",", "%2C");
  }
}
