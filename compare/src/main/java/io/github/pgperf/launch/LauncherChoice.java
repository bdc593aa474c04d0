package io.github.pgperf.launch;

import java.util.Collection;
import java.util.Optional;

/**
 * Which JUnit Platform Launcher the test JVM gets. The launcher must be the same version as the
 * project's {@code junit-platform-engine} (JUnit 5.x pairs with Platform 1.x, JUnit 6.x with 6.x),
 * so a launcher on the project's test class path is used as it is; else the one matching the
 * project's engine is added; a project without an engine gets pgperf's own (and finds no tests).
 *
 * @param version the launcher version to add; empty when the project already has one
 * @param reason why, for the debug log
 * @param hasEngine whether the project has a JUnit Platform engine at all (else no test can run)
 */
public record LauncherChoice(Optional<String> version, String reason, boolean hasEngine) {

  public static final String GROUP = "org.junit.platform";
  public static final String LAUNCHER = "junit-platform-launcher";
  static final String ENGINE = "junit-platform-engine";

  /** An artifact of the test class path. */
  public record Coordinates(String groupId, String artifactId, String version) {}

  /**
   * @param testClasspath the project's test dependencies
   * @param ownVersion the launcher version pgperf was built with
   */
  public static LauncherChoice choose(Collection<Coordinates> testClasspath, String ownVersion) {
    Optional<Coordinates> launcher = find(testClasspath, LAUNCHER);
    if (launcher.isPresent()) {
      return new LauncherChoice(
          Optional.empty(),
          "the project's own junit-platform-launcher " + launcher.get().version(),
          true);
    }
    Optional<Coordinates> engine = find(testClasspath, ENGINE);
    if (engine.isPresent()) {
      return new LauncherChoice(
          Optional.of(engine.get().version()),
          "junit-platform-launcher "
              + engine.get().version()
              + ", the version of the project's junit-platform-engine",
          true);
    }
    return new LauncherChoice(
        Optional.of(ownVersion),
        "pgperf's junit-platform-launcher "
            + ownVersion
            + ": the project has no junit-platform-engine",
        false);
  }

  private static Optional<Coordinates> find(Collection<Coordinates> classpath, String artifactId) {
    return classpath.stream()
        .filter(c -> c.groupId().equals(GROUP) && c.artifactId().equals(artifactId))
        .findFirst();
  }
}
