package io.github.pgperf.launch;

/**
 * How many times every test runs, and where that number came from, said once at the start of {@code
 * pgperf:test}: a POM without the setting must not leave anyone guessing why the build ran so long,
 * and a {@code -Dpgperf.trials} that an explicit {@code <trials>} overrode must show.
 *
 * @param count the trials, at least 1 (checked by {@link TestSelection})
 * @param source where it came from, for the log: {@code the default}, {@code -Dpgperf.trials} ...
 */
public record Trials(int count, String source) {

  /**
   * Trials when nothing sets them. The gate compares builds, so many trials per build buy little; a
   * few keep a single build's outliers visible at a bearable cost.
   */
  public static final int DEFAULT = 5;

  /** The property that sets them. */
  public static final String PROPERTY = "pgperf.trials";

  /**
   * The trials of a build.
   *
   * @param parameter the goal's parameter as Maven resolved it (configuration, else the property
   *     from the command line, the JVM or the POM), or {@code null} when nothing set it
   * @param commandLine the property given as {@code -D} (user or JVM system property), or null
   * @param pom the POM's property, or null
   */
  public static Trials resolve(Integer parameter, String commandLine, String pom) {
    if (parameter == null) {
      return new Trials(DEFAULT, "the default; set " + PROPERTY + " to change it");
    }
    String value = Integer.toString(parameter);
    if (value.equals(trimmed(commandLine))) {
      return new Trials(parameter, "-D" + PROPERTY);
    }
    if (value.equals(trimmed(pom))) {
      return new Trials(parameter, "POM property " + PROPERTY);
    }
    return new Trials(
        parameter,
        "<trials> in the plugin's configuration"
            + (commandLine == null ? "" : ", over -D" + PROPERTY + "=" + commandLine));
  }

  private static String trimmed(String s) {
    return s == null ? null : s.strip();
  }

  /** {@code 5 trials of every test (the default; ...)}. */
  public String describe() {
    return count + (count == 1 ? " trial" : " trials") + " of every test (" + source + ")";
  }
}
