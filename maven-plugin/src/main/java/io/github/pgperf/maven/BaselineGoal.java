package io.github.pgperf.maven;

import java.util.List;

/**
 * Whether a build's command line asks for {@code pgperf:baseline}, in any of the forms Maven
 * accepts: {@code pgperf:baseline}, {@code io.github.pgperf:pgperf-maven-plugin:baseline}, {@code
 * io.github.pgperf:pgperf-maven-plugin:<version>:baseline}, each maybe with {@code @execution}.
 * {@code mvn verify pgperf:baseline} records the build's results whatever the check concludes:
 * recording a slower build is the point of accepting a change.
 */
final class BaselineGoal {

  static final String PREFIX = "pgperf";
  static final String GROUP = "io.github.pgperf";
  static final String ARTIFACT = "pgperf-maven-plugin";
  static final String GOAL = "baseline";

  private BaselineGoal() {}

  /** Whether {@code goals} (the command line's goals and phases) include the baseline goal. */
  static boolean requested(List<String> goals) {
    return goals != null && goals.stream().anyMatch(BaselineGoal::isBaseline);
  }

  static boolean isBaseline(String goal) {
    String g = goal.strip();
    int at = g.indexOf('@');
    if (at >= 0) {
      g = g.substring(0, at);
    }
    String[] parts = g.split(":", -1);
    if (!parts[parts.length - 1].equals(GOAL)) {
      return false;
    }
    return switch (parts.length) {
      case 2 -> parts[0].equals(PREFIX);
      case 3, 4 -> parts[0].equals(GROUP) && parts[1].equals(ARTIFACT);
      default -> false;
    };
  }
}
