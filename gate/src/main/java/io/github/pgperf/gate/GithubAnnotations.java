package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.List;

/**
 * GitHub Actions workflow commands ({@code ::error title=...::message}, {@code ::warning ...}) for
 * the findings that fail or warn; GitHub shows them on the run's summary page.
 */
final class GithubAnnotations {

  private GithubAnnotations() {}

  /** One command line per failing or warning finding, in report order. */
  static List<String> lines(CheckReport report) {
    List<String> out = new ArrayList<>();
    for (Finding f : report.findings()) {
      if (f.action() == Action.PASS) {
        continue;
      }
      String command = f.action() == Action.FAIL ? "error" : "warning";
      out.add("::" + command + " title=" + property("pgperf " + f.verdict().text() + ": "
          + f.subject()) + "::" + data(Cells.message(f)));
    }
    return out;
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
